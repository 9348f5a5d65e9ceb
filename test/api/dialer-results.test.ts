import { beforeAll, describe, expect, it } from "vitest";
import type { Dispensed } from "../../packages/core/src/dialer/api.ts";
import { readCounters } from "../../packages/core/src/dialer/counters.ts";
import { dispense } from "../../packages/core/src/dialer/dispense.ts";
import { call, eventually, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import { asTenant } from "../support/core-env.ts";

/**
 * POST /api/dialer/results over HTTP (docs/dialer.md Results): the platform's call, authenticated by the
 * tenant's API key alone. A started campaign's list is built by the job; contacts are dispensed through
 * core at a time New York may be called, and their results posted as the platform would.
 */

let tenant: Session;
let other: Session;
let campaignId: string;
let handedOut: Dispensed[];
let kept: string;
const source = `results-${Date.now()}`;
const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "source", operator: "eq", value: source }],
};
/** Noon in New York today: every contact of this list may be called. */
/**
 * Noon in New York (17:00 UTC), the next one from now: never before the build's real clock, which stamps
 * every record's readyAt (a clock behind it would find nothing ready).
 */
const noonInNewYork = () => {
  const d = new Date();
  d.setUTCHours(17, 0, 0, 0);
  if (d.getTime() < Date.now()) d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

const post = (body: unknown, apiKey?: string) =>
  call("/api/dialer/results", {
    method: "POST",
    body,
    ...(apiKey ? { headers: { "x-api-key": apiKey } } : {}),
  });

async function counts() {
  const segments = await asTenant(tenant.tenant, () => readCounters({ tenant: tenant.tenant, campaignId }));
  const sum = { inDialer: 0, retry: 0, completed: 0, fresh: 0, callBack: 0 };
  for (const c of segments.values()) for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += c[k];
  return sum;
}

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  other = await newTenant(["ListManager"]);
  for (let i = 0; i < 6; i++) {
    const body = {
      firstName: "Nia",
      lastName: `Results${i}`,
      phone: `212555${String(100 + i).padStart(4, "0")}`,
      state: "NY",
      timeZone: "Eastern",
      source,
    };
    const res = await call("/api/contacts", { method: "POST", body, session: tenant });
    expect(res.status, res.text).toBe(201);
  }
  await eventually(
    () => call("/api/contacts/query", { method: "POST", body: { query, limit: 1 }, session: tenant }),
    (r) => r.json?.total === 6,
    20_000,
  );
  const profile = await call("/api/profiles", {
    method: "POST",
    body: { name: `Results ${source}` },
    session: tenant,
  });
  expect(profile.status, profile.text).toBe(201);
  const segment = await call("/api/segments", {
    method: "POST",
    body: { name: "New York", query },
    session: tenant,
  });
  expect(segment.status, segment.text).toBe(201);
  const campaign = await call("/api/campaigns", {
    method: "POST",
    session: tenant,
    body: {
      name: "Results",
      skillId: 9400,
      skillName: "Outbound PC",
      campaignProfileId: profile.json.id,
      expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      exhaustionAction: "None",
      segments: [{ segmentId: segment.json.id, segmentRatio: 1 }],
    },
  });
  expect(campaign.status, campaign.text).toBe(201);
  campaignId = campaign.json.id;
  const started = await call("/api/cache/create", { method: "POST", body: { campaignId }, session: tenant });
  expect(started.status, started.text).toBe(200);
  // No CXone connection: no skill to start, none in the answer.
  expect(started.json.skill).toBeNull();
  const store = await testStore();
  await eventually(
    async () => (await store.entities.campaign.get({ tenant: tenant.tenant, id: campaignId }).go()).data,
    (c) => c?.listState === "ready",
    60_000,
  );
  handedOut = await asTenant(tenant.tenant, () => dispense(campaignId, 4, { now: noonInNewYork() }));
  expect(handedOut).toHaveLength(4);
  const listed = await store.entities.campaignContact.query
    .byCampaign({ tenant: tenant.tenant, campaignId })
    .go({ pages: "all" });
  kept = listed.data.find((c) => c.status === "fresh")?.contactId as string;
  expect(kept).toBeTruthy();
}, 120_000);

const resultOf = (d: Dispensed, more: Record<string, unknown> = {}) => ({
  campaignId: d.campaignId,
  contactId: d.contactId,
  attemptKey: d.attemptKey,
  disposition: 20,
  ...more,
});

describe("POST /api/dialer/results", () => {
  it("refuses a call without the key, with a wrong one, or with a user's token alone (401)", async () => {
    const body = resultOf(handedOut[0] as Dispensed);
    expect(expectProblem(await post(body), 401).code).toBe("auth.missing_api_key");
    expect(expectProblem(await post(body, "not-a-key"), 401).code).toBe("auth.invalid_api_key");
    const tokenOnly = await call("/api/dialer/results", {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${tenant.token}` },
    });
    expect(expectProblem(tokenOnly, 401).code).toBe("auth.missing_api_key");
    expect((await counts()).inDialer).toBe(4);
  });

  it("does not find another tenant's campaign under a tenant's key", async () => {
    const res = await post(resultOf(handedOut[0] as Dispensed), other.apiKey);
    expect(expectProblem(res, 404).code).toBe("campaign.not_found");
    expect((await counts()).inDialer).toBe(4);
  });

  it("refuses a disposition the catalogue does not have, with the message, and changes nothing", async () => {
    const res = await post(resultOf(handedOut[0] as Dispensed, { disposition: 999 }), tenant.apiKey);
    const problem = expectProblem(res, 400);
    expect(problem.detail).toContain("999");
    expect((await counts()).inDialer).toBe(4);
  });

  it("refuses a result for a contact the campaign never dispensed", async () => {
    const res = await post(
      { campaignId, contactId: kept, attemptKey: (handedOut[0] as Dispensed).attemptKey, disposition: 20 },
      tenant.apiKey,
    );
    expect(expectProblem(res, 409).code).toBe("dialer.not_dispensed");
  });

  it("applies a result once: the contact leaves the dialer, a Dial activity is written, a repeat changes nothing", async () => {
    const first = handedOut[0] as Dispensed;
    const body = resultOf(first, { durationSec: 0, platformContactId: "123456789" });
    const applied = await post(body, tenant.apiKey);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json).toMatchObject({ contactId: first.contactId, status: "retry", repeated: false });
    expect(await counts()).toMatchObject({ inDialer: 3, retry: 1 });
    const again = await post(body, tenant.apiKey);
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ contactId: first.contactId, status: "retry", repeated: true });
    expect(await counts()).toMatchObject({ inDialer: 3, retry: 1 });
    const activity = await call(`/api/contacts/${first.contactId}/activity`, { session: tenant });
    expect(activity.status, activity.text).toBe(200);
    const dials = activity.json.items.filter((a: { type: string }) => a.type === "Dial");
    expect(dials).toHaveLength(1);
  });

  it("applies a result for a contact deleted since its record was built (the list keeps the build's copy)", async () => {
    // A contact deleted just before its page is built can still be in the search index, which answers
    // the build's fields (docs/dialer.md, Build): its record is dialed like one deleted just after.
    const third = handedOut[2] as Dispensed;
    const deleted = await call(`/api/contacts/${third.contactId}`, { method: "DELETE", session: tenant });
    expect(deleted.status, deleted.text).toBe(204);
    const gone = await call(`/api/contacts/${third.contactId}`, { session: tenant });
    expect(gone.status).toBe(404);
    const res = await post(resultOf(third), tenant.apiKey);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ contactId: third.contactId, status: "retry", repeated: false });
  });

  it("takes a right-party contact with its agent and talk time to completed", async () => {
    const second = handedOut[1] as Dispensed;
    const res = await post(
      resultOf(second, { disposition: "1", durationSec: 184, agent: "Maria Lopez" }),
      tenant.apiKey,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "completed", repeated: false });
    expect(await counts()).toMatchObject({ inDialer: 1, completed: 1 });
  });
});
