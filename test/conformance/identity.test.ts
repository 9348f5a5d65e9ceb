import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cognitoIdentity } from "../../packages/core/src/adapters/cognito.ts";
import { VisibleError } from "../../packages/core/src/error/index.ts";
import { embeddedIdentity } from "../../packages/core/src/identity/embedded.ts";
import { type Identity, isChallenge, tokenOf } from "../../packages/core/src/identity/index.ts";
import { testStore } from "../support/api.ts";

/** What every Identity adapter must do. Cognito runs when COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID are set. */
function identitySuite(name: string, make: () => Identity) {
  describe(`Identity conformance: ${name}`, () => {
    const identity = make();
    const email = `conf-${randomUUID()}@conformance.example`;
    const user = {
      email,
      password: "conformance-pass-1",
      name: "Conny Formance",
      tenant: "conformance",
      tenantRole: "Admin",
      securityRights: "1|0|1|0",
      company: "Conformance Inc",
    };

    it("creates a user who signs in with claims carrying tenant, role, rights and company", async () => {
      await identity.createUser(user);
      const { token, claims } = tokenOf(await identity.signIn(email.toUpperCase(), user.password));
      expect(claims).toMatchObject({
        tenant: "conformance",
        tenantRole: "Admin",
        securityRights: "1|0|1|0",
        company: "Conformance Inc",
        name: "Conny Formance",
        email,
      });
      expect(await identity.verify(token)).toEqual(claims);
    });

    it("refuses a wrong password and an unknown user with the same 401", async () => {
      const wrong = await identity.signIn(email, "wrong-password").catch((e) => e);
      const unknown = await identity.signIn(`nobody-${randomUUID()}@x.example`, "whatever1").catch((e) => e);
      for (const err of [wrong, unknown]) {
        expect(err).toBeInstanceOf(VisibleError);
        expect((err as VisibleError).kind).toBe("auth");
      }
      expect(wrong.message).toBe(unknown.message);
    });

    it("refuses a second user with the same email", async () => {
      const err = await identity.createUser({ ...user, tenant: "other" }).catch((e) => e);
      expect(err).toBeInstanceOf(VisibleError);
      expect((err as VisibleError).kind).toBe("conflict");
    });

    it("refuses a tampered token", async () => {
      const { token } = tokenOf(await identity.signIn(email, user.password));
      const [h, p, s] = token.split(".");
      const body = JSON.parse(Buffer.from(p as string, "base64url").toString());
      body["custom:tenant"] = "someone-else";
      const forged = [h, Buffer.from(JSON.stringify(body)).toString("base64url"), s].join(".");
      await expect(identity.verify(forged)).rejects.toMatchObject({ kind: "auth" });
    });

    describe("a user created with a temporary password", () => {
      const temp = {
        ...user,
        email: `temp-${randomUUID()}@conformance.example`,
        password: "temporary-pass-1",
      };

      it("is asked for a new password at sign-in instead of getting a token", async () => {
        await identity.createUser(temp, { temporary: true });
        const result = await identity.signIn(temp.email, temp.password);
        expect(isChallenge(result)).toBe(true);
        expect(result).not.toHaveProperty("token");
        expect(result).toMatchObject({
          challenge: "NEW_PASSWORD_REQUIRED",
          session: expect.any(String),
          tenant: "conformance",
        });
      });

      it("refuses a session issued for someone else or tampered with", async () => {
        const result = await identity.signIn(temp.email, temp.password);
        if (!isChallenge(result)) throw new Error("expected the challenge");
        const other = await identity
          .completeNewPassword({ email: user.email, session: result.session, newPassword: "someone-else-1" })
          .catch((e) => e);
        expect(other).toMatchObject({ kind: "auth", code: "auth.challenge_expired" });
        const tampered = await identity
          .completeNewPassword({
            email: temp.email,
            session: `${result.session}x`,
            newPassword: "own-password-1",
          })
          .catch((e) => e);
        expect(tampered).toMatchObject({ kind: "auth", code: "auth.challenge_expired" });
      });

      it("completes the challenge once with the user's own password, which then signs in", async () => {
        const result = await identity.signIn(temp.email, temp.password);
        if (!isChallenge(result)) throw new Error("expected the challenge");
        const done = await identity.completeNewPassword({
          email: temp.email.toUpperCase(),
          session: result.session,
          newPassword: "my-own-password-1",
        });
        expect(done.claims).toMatchObject({ tenant: "conformance", email: temp.email, tenantRole: "Admin" });
        expect(await identity.verify(done.token)).toEqual(done.claims);
        // The session is spent, the temporary password no longer works, the new one signs straight in.
        const again = await identity
          .completeNewPassword({ email: temp.email, session: result.session, newPassword: "another-pass-1" })
          .catch((e) => e);
        expect(again).toMatchObject({ kind: "auth", code: "auth.challenge_expired" });
        await expect(identity.signIn(temp.email, temp.password)).rejects.toMatchObject({ kind: "auth" });
        const signed = await identity.signIn(temp.email, "my-own-password-1");
        expect(isChallenge(signed)).toBe(false);
        expect(tokenOf(signed).claims.email).toBe(temp.email);
      });
    });
  });
}

/** The run's own Store, for the embedded adapter. */
const store = await testStore();

identitySuite("embedded (Store + jose)", () => embeddedIdentity({ store, key: randomBytes(32) }));

const pool = process.env.COGNITO_USER_POOL_ID;
const client = process.env.COGNITO_CLIENT_ID;
if (pool && client) identitySuite("Cognito", () => cognitoIdentity({ userPoolId: pool, clientId: client }));

describe("Embedded identity: sign-in throttling", () => {
  let now = Date.now();
  const identity = embeddedIdentity({
    store,
    key: randomBytes(32),
    throttle: { addressFailures: 8, addressWindowSeconds: 60 },
    now: () => now,
  });
  const user = (email: string) => ({
    email,
    password: "throttle-pass-1",
    name: "Theo Throttle",
    tenant: "conformance",
    tenantRole: "Admin",
    securityRights: "1|0|1|0",
    company: "Conformance Inc",
  });
  const outcome = (email: string, password: string, address: string) =>
    identity.signIn(email, password, { address }).then(
      () => 200,
      (err: VisibleError) => (err.kind === "too_many" ? 429 : 401),
    );

  it("refuses an address that guesses across many emails, while other addresses and accounts go on", async () => {
    const known = `thr-${randomUUID()}@conformance.example`;
    await identity.createUser(user(known));
    const spray = Array.from({ length: 8 }, () => `spray-${randomUUID()}@conformance.example`);
    for (const email of spray) expect(await outcome(email, "guess-guess", "203.0.113.5")).toBe(401);
    expect(await outcome(`spray-${randomUUID()}@x.example`, "guess-guess", "203.0.113.5")).toBe(401);
    // The address is now over its allowance: even a right password from it waits.
    expect(await outcome(known, "throttle-pass-1", "203.0.113.5")).toBe(429);
    expect(await outcome(known, "throttle-pass-1", "198.51.100.20")).toBe(200);
    now += 61_000;
    expect(await outcome(known, "throttle-pass-1", "203.0.113.5")).toBe(200);
  });

  it("locks an account for everyone after its free failures, and a success afterwards resets it", async () => {
    const email = `thr-${randomUUID()}@conformance.example`;
    await identity.createUser(user(email));
    for (let i = 0; i < 6; i++) expect(await outcome(email, "guess-guess", `192.0.2.${i}`)).toBe(401);
    const locked = await identity.signIn(email, "throttle-pass-1", { address: "192.0.2.99" }).catch((e) => e);
    expect(locked).toMatchObject({ kind: "too_many", code: "auth.too_many_attempts", retryAfterSeconds: 1 });
    now += 1_000;
    expect(await outcome(email, "throttle-pass-1", "192.0.2.99")).toBe(200);
    for (let i = 0; i < 6; i++) expect(await outcome(email, "guess-guess", "192.0.2.98")).toBe(401);
  });
});
