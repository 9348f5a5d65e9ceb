import {
  type AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThrottledError, VisibleError } from "../error/index.ts";
import { cognitoIdentity } from "./cognito.ts";

const identity = () => cognitoIdentity({ userPoolId: "us-east-1_test", clientId: "client" });
const refusal = (message: string) => new NotAuthorizedException({ message, $metadata: {} });

afterEach(() => vi.restoreAllMocks());

describe("Cognito sign-in refusals", () => {
  it("Cognito's lockout is a 429 with a retry hint, as the embedded throttle answers", async () => {
    vi.spyOn(CognitoIdentityProviderClient.prototype, "send").mockRejectedValue(
      refusal("Password attempts exceeded"),
    );
    const err = await identity()
      .signIn("a@b.example", "wrong")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ThrottledError);
    expect((err as ThrottledError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("a wrong password stays the 401 every wrong sign-in gets", async () => {
    vi.spyOn(CognitoIdentityProviderClient.prototype, "send").mockRejectedValue(
      refusal("Incorrect username or password."),
    );
    const err = await identity()
      .signIn("a@b.example", "wrong")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VisibleError);
    expect(err).not.toBeInstanceOf(ThrottledError);
    expect((err as VisibleError).code).toBe("auth.invalid_credentials");
  });
});

describe("Cognito: Create User's temporary password", () => {
  it("creates the user with TemporaryPassword and never sets a permanent one", async () => {
    const send = vi
      .spyOn(CognitoIdentityProviderClient.prototype, "send")
      .mockResolvedValue({ User: { Attributes: [{ Name: "sub", Value: "sub-1" }] } } as never);
    const user = {
      email: "New@B.example",
      password: "temporary-1",
      name: "N",
      tenant: "t1",
      tenantRole: "Admin",
      securityRights: "1|1|1|1",
      company: "C",
    };
    expect(await identity().createUser(user, { temporary: true })).toEqual({ userId: "sub-1" });
    const commands = send.mock.calls.map(([command]) => command);
    expect(commands.map((c) => c.constructor.name)).toEqual(["AdminCreateUserCommand"]);
    expect((commands[0] as AdminCreateUserCommand).input).toMatchObject({
      Username: "new@b.example",
      TemporaryPassword: "temporary-1",
      MessageAction: "SUPPRESS",
    });

    send.mockClear();
    await identity().createUser(user);
    expect(send.mock.calls.map(([c]) => c.constructor.name)).toEqual([
      "AdminCreateUserCommand",
      "AdminSetUserPasswordCommand",
    ]);
    const plain = send.mock.calls[0]?.[0] as AdminCreateUserCommand | undefined;
    expect(plain?.input).toBeDefined();
    expect(plain?.input.TemporaryPassword).toBeUndefined();
  });

  it("answers NEW_PASSWORD_REQUIRED with Cognito's session instead of a token", async () => {
    vi.spyOn(CognitoIdentityProviderClient.prototype, "send").mockResolvedValue({
      ChallengeName: "NEW_PASSWORD_REQUIRED",
      Session: "cognito-session",
      ChallengeParameters: { userAttributes: JSON.stringify({ "custom:tenant": "t1", name: "N" }) },
    } as never);
    expect(await identity().signIn("a@b.example", "temporary-1")).toEqual({
      challenge: "NEW_PASSWORD_REQUIRED",
      session: "cognito-session",
      tenant: "t1",
    });
  });

  it("completes the challenge with RespondToAuthChallenge; an expired session is the challenge's 401", async () => {
    const send = vi
      .spyOn(CognitoIdentityProviderClient.prototype, "send")
      .mockRejectedValue(refusal("Invalid session for the user, session is expired."));
    const err = await identity()
      .completeNewPassword({ email: "A@b.example", session: "s", newPassword: "own-password-1" })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: "auth", code: "auth.challenge_expired" });
    const command = send.mock.calls[0]?.[0] as RespondToAuthChallengeCommand;
    expect(command).toBeInstanceOf(RespondToAuthChallengeCommand);
    expect(command.input).toMatchObject({
      ChallengeName: "NEW_PASSWORD_REQUIRED",
      Session: "s",
      ChallengeResponses: { USERNAME: "a@b.example", NEW_PASSWORD: "own-password-1" },
    });
  });
});
