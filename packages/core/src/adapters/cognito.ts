import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ExpiredCodeException,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  UserNotFoundException,
  UsernameExistsException,
} from "@aws-sdk/client-cognito-identity-provider";
import { CognitoJwtVerifier } from "aws-jwt-verify";
import { JwtExpiredError } from "aws-jwt-verify/error";
import { VisibleError } from "../error/index.ts";
import {
  CLAIM,
  challengeExpired,
  checkLifetime,
  claimsFrom,
  type Identity,
  invalidCredentials,
  invalidToken,
} from "../identity/index.ts";
import { tooManyAttempts } from "../identity/throttle.ts";

/** The tenant in a NEW_PASSWORD_REQUIRED challenge's userAttributes (a JSON text of the user's attributes). */
function challengeTenant(userAttributes: string | undefined): string | undefined {
  try {
    const tenant = (JSON.parse(userAttributes ?? "{}") as Record<string, unknown>)[CLAIM.tenant];
    return typeof tenant === "string" ? tenant : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Identity port on Cognito: id tokens carry the custom attributes as claims, verified with the
 * pool's JWKS by aws-jwt-verify (issuer = the pool, aud = the client, token_use = id, exp) plus a
 * required, bounded lifetime; sign-in uses USER_PASSWORD_AUTH, throttled by Cognito itself (its lockout
 * after repeated failures; threat protection reads the client's address passed here); users are created by
 * the admin API: sign-up's owner with a permanent password (AdminSetUserPassword), Create User's with a
 * temporary one (AdminCreateUser's TemporaryPassword), whose first sign-in answers Cognito's own
 * NEW_PASSWORD_REQUIRED challenge, completed with RespondToAuthChallenge (a client call: no IAM right).
 */
export function cognitoIdentity(options: {
  userPoolId: string;
  clientId: string;
  region?: string;
  /** The client's id token validity (stacks/Auth.ts); a token living longer is refused. */
  tokenLifetimeSeconds?: number;
}): Identity {
  const lifetime = options.tokenLifetimeSeconds ?? 12 * 3600;
  const client = new CognitoIdentityProviderClient({
    region: options.region ?? options.userPoolId.split("_")[0],
  });
  const verifier = CognitoJwtVerifier.create({
    userPoolId: options.userPoolId,
    clientId: options.clientId,
    tokenUse: "id",
  });

  return {
    async signIn(email, password, from) {
      try {
        const result = await client.send(
          new InitiateAuthCommand({
            AuthFlow: "USER_PASSWORD_AUTH",
            ClientId: options.clientId,
            AuthParameters: { USERNAME: email.trim().toLowerCase(), PASSWORD: password },
            UserContextData: from?.address ? { IpAddress: from.address } : undefined,
          }),
        );
        if (result.ChallengeName === "NEW_PASSWORD_REQUIRED" && result.Session)
          return {
            challenge: "NEW_PASSWORD_REQUIRED" as const,
            session: result.Session,
            tenant: challengeTenant(result.ChallengeParameters?.userAttributes),
          };
        const token = result.AuthenticationResult?.IdToken;
        if (!token) throw invalidCredentials();
        return { token, claims: await this.verify(token) };
      } catch (err) {
        // Cognito's own lockout answers NotAuthorized "Password attempts exceeded", without saying for how
        // long (1 s doubling up to ~15 min): a 429 like the embedded throttle's, with a minute as the hint.
        if (err instanceof NotAuthorizedException && /attempts exceeded/i.test(err.message))
          throw tooManyAttempts(60);
        if (err instanceof NotAuthorizedException || err instanceof UserNotFoundException)
          throw invalidCredentials();
        throw err;
      }
    },

    async completeNewPassword({ email, session, newPassword }) {
      let token: string | undefined;
      try {
        const result = await client.send(
          new RespondToAuthChallengeCommand({
            ClientId: options.clientId,
            ChallengeName: "NEW_PASSWORD_REQUIRED",
            Session: session,
            ChallengeResponses: { USERNAME: email.trim().toLowerCase(), NEW_PASSWORD: newPassword },
          }),
        );
        token = result.AuthenticationResult?.IdToken;
      } catch (err) {
        if (err instanceof InvalidPasswordException)
          throw new VisibleError("input", "auth.password_policy", err.message, [
            { path: "newPassword", message: err.message },
          ]);
        if (
          err instanceof NotAuthorizedException ||
          err instanceof CodeMismatchException ||
          err instanceof ExpiredCodeException
        )
          throw challengeExpired();
        throw err;
      }
      if (!token) throw challengeExpired();
      return { token, claims: await this.verify(token) };
    },

    async verify(token) {
      try {
        const payload = (await verifier.verify(token)) as unknown as Record<string, unknown>;
        checkLifetime(payload, lifetime);
        return claimsFrom(payload);
      } catch (err) {
        if (err instanceof VisibleError) throw err;
        if (err instanceof JwtExpiredError) throw invalidToken("The sign-in token has expired.");
        throw invalidToken();
      }
    },

    async createUser(user, createOptions) {
      const username = user.email.trim().toLowerCase();
      const temporary = createOptions?.temporary === true;
      try {
        const created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: options.userPoolId,
            Username: username,
            MessageAction: "SUPPRESS",
            // Create User hands the temporary password to the person; Cognito forces a new one at first sign-in.
            ...(temporary ? { TemporaryPassword: user.password } : {}),
            UserAttributes: [
              { Name: "email", Value: username },
              { Name: "email_verified", Value: "true" },
              { Name: "name", Value: user.name },
              { Name: CLAIM.tenant, Value: user.tenant },
              { Name: CLAIM.tenantRole, Value: user.tenantRole },
              { Name: CLAIM.securityRights, Value: user.securityRights },
              { Name: CLAIM.company, Value: user.company },
            ],
          }),
        );
        if (!temporary)
          await client.send(
            new AdminSetUserPasswordCommand({
              UserPoolId: options.userPoolId,
              Username: username,
              Password: user.password,
              Permanent: true,
            }),
          );
        const sub = created.User?.Attributes?.find((a) => a.Name === "sub")?.Value ?? username;
        return { userId: sub };
      } catch (err) {
        if (err instanceof UsernameExistsException)
          throw new VisibleError("conflict", "user.email_taken", "A user with this email already exists.", [
            { path: "email", message: "A user with this email already exists." },
          ]);
        throw err;
      }
    },
  };
}
