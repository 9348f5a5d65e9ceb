import { describe, expect, it } from "vitest";
import { TWILIO_ACCOUNTS } from "../../packages/local/src/simulators/twilio-data.ts";
import { call, expectProblem, newTenant } from "../support/api.ts";

/** Tenant B must neither see, use nor change tenant A's provider credentials and number mappings. */
describe("tenant isolation: messaging providers and SMS mappings", () => {
  it("each tenant reads, checks, saves and verifies only its own", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const [account] = TWILIO_ACCOUNTS as [(typeof TWILIO_ACCOUNTS)[0]];
    const fields = { accountSid: account.accountSid, authToken: account.authToken };
    expect(
      (
        await call("/api/sms-providers/Twilio", {
          method: "PUT",
          session: a,
          body: { fields, verified: true },
        })
      ).status,
    ).toBe(200);
    const mapping = { phone: "3035550150", nicPocGuid: "poc-a", nicPocName: "A", provider: "Twilio" };
    await call("/api/sms-mappings", {
      method: "PUT",
      session: a,
      body: { enabled: true, mappings: [mapping] },
    });

    const bRows = (await call("/api/sms-providers", { session: b })).json.items;
    expect(bRows.every((r: { configured: boolean }) => !r.configured)).toBe(true);
    expect((await call("/api/sms-mappings", { session: b })).json).toEqual({ enabled: false, mappings: [] });
    // A's stored token is not B's: the mask stands for nothing in B.
    expectProblem(
      await call("/api/sms-providers/Twilio/verify", {
        method: "POST",
        session: b,
        body: { fields: { ...fields, authToken: "********" } },
      }),
      400,
    );
    // B verifying A's number finds nothing, as a number that was never mapped.
    const foreign = expectProblem(
      await call("/api/sms-mappings/3035550150/verify", { method: "POST", session: b }),
      404,
    );
    const missing = expectProblem(
      await call("/api/sms-mappings/9995550100/verify", { method: "POST", session: b }),
      404,
    );
    expect(foreign.code).toBe(missing.code);
    // A's verified credentials do not let B verify a mapping of its own.
    await call("/api/sms-mappings", {
      method: "PUT",
      session: b,
      body: { enabled: false, mappings: [mapping] },
    });
    expect(
      expectProblem(await call("/api/sms-mappings/3035550150/verify", { method: "POST", session: b }), 400)
        .detail,
    ).toBe("Twilio credentials don't exist or haven't been verified.");
    // B saving its own Twilio row unverified leaves A's mapping alone.
    await call("/api/sms-providers/Twilio", {
      method: "PUT",
      session: b,
      body: { fields: { ...fields, authToken: "b-token" }, verified: false },
    });
    expect((await call("/api/sms-mappings/3035550150/verify", { method: "POST", session: a })).status).toBe(
      200,
    );
    expect((await call("/api/sms-mappings", { session: a })).json.mappings[0].verified).toBe(true);
    expect((await call("/api/sms-mappings", { session: b })).json.mappings[0].verified).toBe(false);
    // Points of contact come from each tenant's own platform connection (neither has one here).
    expect((await call("/api/sms-points-of-contact", { session: b })).json).toEqual({ items: [] });
  });
});
