import { createHash, randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { VisibleError } from "../error/index.ts";
import type { StoreService } from "../store/entities.ts";
import {
  CLAIM,
  type Claims,
  challengeExpired,
  checkLifetime,
  claimsFrom,
  type Identity,
  invalidCredentials,
  invalidToken,
} from "./index.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password.ts";
import { memoryThrottle, type ThrottleRules } from "./throttle.ts";

const ISSUER = "reachcx-embedded";
const AUDIENCE = "reachcx-console";
/** The new-password challenge's session: its own audience, so it is never taken for an id token. */
const CHALLENGE_AUDIENCE = "reachcx-new-password";
/** As long as Cognito's challenge session lives. */
const CHALLENGE_SECONDS = 180;

/** Ties a challenge session to the password it was issued for: once changed, the session is spent. */
const fingerprint = (passwordHash: string) =>
  createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);

const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

/**
 * Users in the Store, scrypt hashes, HS256 tokens signed with a key kept under DATA_DIR. Sign-ins are
 * throttled per account and per client address in this process's memory (throttle.ts).
 */
export function embeddedIdentity(options: {
  store: StoreService;
  key: Uint8Array;
  ttlSeconds?: number;
  throttle?: Partial<ThrottleRules>;
  /** The clock the throttle reads (ms), for tests. */
  now?: () => number;
}): Identity {
  const { store, key } = options;
  const ttl = options.ttlSeconds ?? 12 * 3600;
  const throttle = memoryThrottle({ rules: options.throttle, now: options.now });

  async function sign(claims: Claims): Promise<string> {
    return new SignJWT({
      [CLAIM.tenant]: claims.tenant,
      [CLAIM.tenantRole]: claims.tenantRole,
      [CLAIM.securityRights]: claims.securityRights,
      [CLAIM.company]: claims.company,
      name: claims.name,
      email: claims.email,
      token_use: "id",
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(key);
  }

  async function signedIn(tenant: string, userId: string) {
    const user = (await store.entities.user.get({ tenant, id: userId }).go()).data;
    if (!user) throw invalidCredentials();
    const claims: Claims = {
      sub: user.id,
      tenant: user.tenant,
      tenantRole: user.tenantRole,
      securityRights: user.securityRights,
      company: user.company,
      name: user.name,
      email: user.email,
    };
    return { token: await sign(claims), claims };
  }

  return {
    async signIn(email, password, client) {
      const normalized = email.trim().toLowerCase();
      // Before any Store read or scrypt work: a throttled attempt costs nothing.
      throttle.attempt(normalized, client?.address);
      const login = (await store.entities.login.get({ email: normalized }).go()).data;
      const ok = await verifyPassword(password, login?.passwordHash ?? DUMMY_HASH);
      const user =
        login && ok
          ? (await store.entities.user.get({ tenant: login.tenant, id: login.userId }).go()).data
          : undefined;
      if (!user) {
        throttle.failed(normalized);
        throw invalidCredentials();
      }
      throttle.succeeded(normalized, client?.address);
      if (login?.mustChangePassword) {
        const session = await new SignJWT({ pw: fingerprint(login.passwordHash) })
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .setSubject(normalized)
          .setIssuer(ISSUER)
          .setAudience(CHALLENGE_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(`${CHALLENGE_SECONDS}s`)
          .sign(key);
        return { challenge: "NEW_PASSWORD_REQUIRED", session, tenant: login.tenant };
      }
      const claims: Claims = {
        sub: user.id,
        tenant: user.tenant,
        tenantRole: user.tenantRole,
        securityRights: user.securityRights,
        company: user.company,
        name: user.name,
        email: user.email,
      };
      return { token: await sign(claims), claims };
    },

    async completeNewPassword({ email, session, newPassword }) {
      const normalized = email.trim().toLowerCase();
      const payload = await jwtVerify(session, key, {
        issuer: ISSUER,
        audience: CHALLENGE_AUDIENCE,
        algorithms: ["HS256"],
        requiredClaims: ["exp", "iat", "sub"],
        maxTokenAge: CHALLENGE_SECONDS,
      }).then(
        (r) => r.payload,
        () => {
          throw challengeExpired();
        },
      );
      if (payload.sub !== normalized) throw challengeExpired();
      const login = (await store.entities.login.get({ email: normalized }).go()).data;
      if (!login?.mustChangePassword || fingerprint(login.passwordHash) !== payload.pw)
        throw challengeExpired();
      const passwordHash = await hashPassword(newPassword);
      // Only while the temporary password stands: a session used twice (or raced) changes nothing.
      await store.entities.login
        .patch({ email: normalized })
        .set({ passwordHash })
        .remove(["mustChangePassword"])
        .where(({ passwordHash: stored }, { eq }) => eq(stored, login.passwordHash))
        .go()
        .catch((err: unknown) => {
          if (conditionFailed(err)) throw challengeExpired();
          throw err;
        });
      return signedIn(login.tenant, login.userId);
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ["HS256"],
          requiredClaims: ["exp", "iat"],
          maxTokenAge: ttl,
        });
        checkLifetime(payload as Record<string, unknown>, ttl);
        return claimsFrom(payload as Record<string, unknown>);
      } catch (err) {
        if (err instanceof VisibleError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw invalidToken("The sign-in token has expired.");
        throw invalidToken();
      }
    },

    async createUser(input, options) {
      const email = input.email.trim().toLowerCase();
      const userId = randomUUID();
      const passwordHash = await hashPassword(input.password);
      const result = await store.transaction
        .write(({ login, user }) => [
          login
            .create({
              email,
              tenant: input.tenant,
              userId,
              passwordHash,
              ...(options?.temporary ? { mustChangePassword: true } : {}),
            })
            .commit(),
          user
            .create({
              tenant: input.tenant,
              id: userId,
              email,
              name: input.name,
              company: input.company,
              tenantRole: input.tenantRole,
              securityRights: input.securityRights,
            })
            .commit(),
        ])
        .go()
        .catch((err: unknown) => {
          if (String(err).includes("ConditionalCheckFailed"))
            throw new VisibleError("conflict", "user.email_taken", "A user with this email already exists.", [
              { path: "email", message: "A user with this email already exists." },
            ]);
          throw err;
        });
      if (result.canceled)
        throw new VisibleError("conflict", "user.email_taken", "A user with this email already exists.", [
          { path: "email", message: "A user with this email already exists." },
        ]);
      return { userId };
    },
  };
}
