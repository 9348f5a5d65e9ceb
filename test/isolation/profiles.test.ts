import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCampaignUsingProfile } from "../../packages/core/src/profile/usage.ts";
import { call, expectProblem, newTenant, testStore } from "../support/api.ts";
import { asTenant } from "../support/core-env.ts";

/** Tenant B must not reach tenant A's dialing profiles, payment profiles or campaigns' profile guard. */
describe("tenant isolation: dialing profiles", () => {
  it("another tenant's profile answers 404 exactly like a missing one, for every verb, and lists never mix", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const { json: profile } = await call("/api/profiles", {
      method: "POST",
      body: { name: "A profile" },
      session: a,
    });
    await call("/api/profiles", { method: "POST", body: { name: "B profile" }, session: b });

    const path = `/api/profiles/${profile.id}`;
    const missing = expectProblem(await call("/api/profiles/does-not-exist", { session: b }), 404);
    const foreign = expectProblem(await call(path, { session: b }), 404);
    expect(foreign.code).toBe(missing.code);
    expect(foreign.detail.replace(profile.id, "X")).toBe(missing.detail.replace("does-not-exist", "X"));
    expectProblem(await call(path, { method: "PUT", body: { name: "Hacked" }, session: b }), 404);
    expectProblem(await call(path, { method: "DELETE", session: b }), 404);
    expect((await call(path, { session: a })).json.name).toBe("A profile");

    const listA = await call("/api/profiles", { session: a });
    const listB = await call("/api/profiles", { session: b });
    expect(listA.json.items.map((p: { name: string }) => p.name)).toEqual(["A profile"]);
    expect(listB.json.items.map((p: { name: string }) => p.name)).toEqual(["B profile"]);
    await call("/api/profiles", { method: "POST", body: { name: "A second" }, session: a });
    const first = await call("/api/profiles?limit=1", { session: a });
    const cursor = encodeURIComponent(first.json.nextCursor);
    expectProblem(await call(`/api/profiles?cursor=${cursor}`, { session: b }), 400);
  });

  it("a campaign cannot name another tenant's profile, nor a channel another tenant's payment profile", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const { json: profile } = await call("/api/profiles", {
      method: "POST",
      body: { name: "A profile" },
      session: a,
    });
    await expect(
      asTenant(b.tenant, () =>
        createCampaignUsingProfile({ name: "B campaign", campaignProfileId: profile.id }),
      ),
    ).rejects.toThrow("This dialing profile does not exist");
    expect((await call(`/api/profiles/${profile.id}`, { method: "DELETE", session: a })).status).toBe(204);

    const store = await testStore();
    const paymentId = randomUUID();
    await store.entities.paymentProfile.create({ tenant: a.tenant, id: paymentId, name: "A pay" }).go();
    const sms = { type: "SMS", retryDelay: 60, maxAttempts: 1, paymentProfileId: paymentId };
    expectProblem(
      await call("/api/profiles", { method: "POST", body: { name: "B", channels: [sms] }, session: b }),
      400,
    );
    expect((await call("/api/payment-profiles", { session: b })).json.items).toEqual([]);
  });
});
