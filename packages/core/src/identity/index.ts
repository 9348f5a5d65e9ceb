import type { UserActor } from "../actor/index.ts";
import { VisibleError } from "../error/index.ts";
import { RIGHTS_PATTERN } from "../rights/index.ts";

/** The claims every token carries, whichever Identity adapter issued it. */
export interface Claims {
  sub: string;
  tenant: string;
  tenantRole: string;
  securityRights: string;
  company: string;
  name: string;
  email: string;
}

export interface NewUser {
  email: string;
  password: string;
  name: string;
  tenant: string;
  tenantRole: string;
  securityRights: string;
  company: string;
}

/** Where a sign-in comes from: the client's address, for throttling (undefined when the host cannot tell). */
export interface SignInClient {
  address?: string;
}

/** A successful sign-in: the id token and its claims. */
export interface SignedInResult {
  token: string;
  claims: Claims;
}

/**
 * The user signed in with a temporary password and must choose their own before a token is issued
 * (Cognito's NEW_PASSWORD_REQUIRED). `session` is opaque and short-lived; completeNewPassword takes it.
 */
export interface NewPasswordChallenge {
  challenge: "NEW_PASSWORD_REQUIRED";
  session: string;
  /** The user's tenant, when the issuer tells it with the challenge (both adapters do). */
  tenant?: string;
}

export type SignInResult = SignedInResult | NewPasswordChallenge;

export const isChallenge = (result: SignInResult): result is NewPasswordChallenge => "challenge" in result;

/** The session a challenge handed out has expired, was used already or was not issued for this email. */
export const challengeExpired = () =>
  new VisibleError(
    "auth",
    "auth.challenge_expired",
    "Your sign-in session has expired. Sign in again with your temporary password.",
  );

export interface CreateUserOptions {
  /**
   * The password is temporary: the first sign-in answers NEW_PASSWORD_REQUIRED instead of a token, and
   * the user chooses their own (Create User, spec 003 §5). Sign-up's owner sets a permanent one.
   */
  temporary?: boolean;
}

export interface Identity {
  /**
   * Checks the password and issues a token, or answers the new-password challenge for a user created with
   * a temporary password; a wrong email or password gives the same 401. Too many failures for the account
   * or from the client's address give a 429 ThrottledError.
   */
  signIn(email: string, password: string, client?: SignInClient): Promise<SignInResult>;
  /**
   * Completes a NEW_PASSWORD_REQUIRED challenge: sets the user's own password (the temporary one stops
   * working) and issues the token. A session that expired or was used already gives a 401.
   */
  completeNewPassword(input: {
    email: string;
    session: string;
    newPassword: string;
  }): Promise<SignedInResult>;
  /**
   * Verifies signature, issuer, audience, expiry, a bounded lifetime and the presence of every claim;
   * throws a 401 VisibleError otherwise.
   */
  verify(token: string): Promise<Claims>;
  createUser(user: NewUser, options?: CreateUserOptions): Promise<{ userId: string }>;
}

/** Cognito's custom attributes; the embedded adapter signs the same names so one parser serves both. */
export const CLAIM = {
  tenant: "custom:tenant",
  tenantRole: "custom:tenantRole",
  securityRights: "custom:securityRights",
  company: "custom:company",
} as const;

export const invalidCredentials = () =>
  new VisibleError("auth", "auth.invalid_credentials", "Incorrect email or password.");

/** A sign-in that must end with a token (sign-up's owner, who has no temporary password). */
export function tokenOf(result: SignInResult): SignedInResult {
  if (isChallenge(result)) throw new Error("The user must set a new password before signing in.");
  return result;
}

export const invalidToken = (detail = "The sign-in token is invalid or has expired.") =>
  new VisibleError("auth", "auth.invalid_token", detail);

/**
 * Refuses a token whose lifetime is unbounded or longer than the issuer grants: `exp` and `iat` are
 * required, `iat` may not be in the future (beyond a small clock skew) and `exp - iat` may not exceed
 * `maxSeconds`. The JWT libraries check `exp` only when it is present.
 */
export function checkLifetime(
  payload: Record<string, unknown>,
  maxSeconds: number,
  now = Math.floor(Date.now() / 1000),
) {
  const { exp, iat } = payload;
  if (typeof exp !== "number" || typeof iat !== "number")
    throw invalidToken("The sign-in token has no expiry or issue time.");
  if (iat > now + CLOCK_SKEW_SECONDS) throw invalidToken("The sign-in token was issued in the future.");
  if (exp - iat > maxSeconds) throw invalidToken("The sign-in token lives longer than allowed.");
  if (exp <= now) throw invalidToken("The sign-in token has expired.");
}

/** Clock difference tolerated between the issuer and this server. */
export const CLOCK_SKEW_SECONDS = 60;

/** Reads the claims from a verified payload; a token missing any of them is refused. */
export function claimsFrom(payload: Record<string, unknown>): Claims {
  const read = (key: string) => {
    const value = payload[key];
    return typeof value === "string" && value.length > 0 ? value : undefined;
  };
  const claims = {
    sub: read("sub"),
    tenant: read(CLAIM.tenant),
    tenantRole: read(CLAIM.tenantRole),
    securityRights: read(CLAIM.securityRights),
    company: read(CLAIM.company),
    name: read("name"),
    email: read("email"),
  };
  const missing = Object.entries(claims)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length > 0) throw invalidToken(`The sign-in token is missing claims: ${missing.join(", ")}.`);
  if (!RIGHTS_PATTERN.test(claims.securityRights as string))
    throw invalidToken("The sign-in token carries malformed security rights.");
  return claims as Claims;
}

/** The actor a verified token stands for. */
export const actorFrom = (claims: Claims): UserActor => ({
  type: "user",
  tenant: claims.tenant,
  userId: claims.sub,
  email: claims.email,
  name: claims.name,
  company: claims.company,
  tenantRole: claims.tenantRole,
  securityRights: claims.securityRights,
});
