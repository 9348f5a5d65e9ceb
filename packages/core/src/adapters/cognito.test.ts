import {
  CognitoIdentityProviderClient,
  NotAuthorizedException,
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
