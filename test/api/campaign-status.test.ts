import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { addCounters } from "../../packages/core/src/dialer/counters.ts";
import { epochHour } from "../../packages/core/src/dialer/model.ts";
import { BreakdownAnswer, CampaignStatusAnswer } from "../../packages/core/src/dialer/status-api.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import { asTenant } from "../support/core-env.ts";

let tenant: Session;
let campaignId: string;
const segmentIds: string[] = [];
const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
};

const status = (body: Record<string, unknown>, session = tenant) =>
  call("/api/cache/status", { method: "POST", body, session });
const breakdown = (body: Record<string, unknown>, session = tenant) =>
  call("/api/cache/status-breakdown", { method: "POST", body, session });

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  const profile = await call("/api/profiles", { method: "POST", body: { name: "P" }, session: tenant });
  for (const name of ["North", "South"]) {
    const res = await call("/api/segments", { method: "POST", body: { name, query }, session: tenant });
    expect(res.status, res.text).toBe(201);
    segmentIds.push(res.json.id);
  }
  const created = await call("/api/campaigns", {
    method: "POST",
    session: tenant,
    body: {
      name: "Status test",
      skillId: 9100,
      skillName: "Outbound",
      campaignProfileId: profile.json.id,
      expireDate: new Date(Date.now() + 86_400_000).toISOString(),
      // South first: the answer keeps the campaign's segment order.
      segments: [{ segmentId: segmentIds[1] }, { segmentId: segmentIds[0] }],
    },
  });
  expect(created.status, created.text).toBe(201);
  campaignId = created.json.id;
}, 60_000);

describe("POST /api/cache/status", () => {
  it("answers zeros for a campaign with no list yet, in the campaign's segment order", async () => {
    const res = await status({ campaignId, channel: "voice" });
    expect(res.status, res.text).toBe(200);
    const body = v.parse(CampaignStatusAnswer, res.json);
    expect(body.campaignStats.map((s) => s.segment)).toEqual(["South", "North"]);
    expect(body).toMatchObject({
      totalContacts: 0,
      completedContacts: 0,
      percentComplete: 0,
      abandonRate: { rate: null, answered: 0, abandoned: 0, warning: false },
    });
  });

  it("sums the counter shards by segment, totals every state, and rates abandons over 30 days", async () => {
    const key = { tenant: tenant.tenant, campaignId };
    const [north, south] = segmentIds as [string, string];
    await asTenant(tenant.tenant, async () => {
      await addCounters(key, { [north]: { fresh: 10, retry: 4, callBack: 2, completed: 3 } });
      await addCounters(key, { [north]: { fresh: -1, inDialer: 1 }, [south]: { alFresh: 5, alRetry: 2 } });
      await addCounters(key, { [south]: { completed: 3 } });
      const store = await testStore();
      const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
      await store.entities.campaignDay
        .put({ ...key, day: day(0), answered: 50, abandoned: 1, dials: 80 })
        .go();
      await store.entities.campaignDay
        .put({ ...key, day: day(29), answered: 50, abandoned: 3, dials: 80 })
        .go();
      // Outside the rolling 30 days: not counted.
      await store.entities.campaignDay
        .put({ ...key, day: day(30), answered: 10, abandoned: 9, dials: 10 })
        .go();
    });
    const res = await status({ campaignId, channel: "agentless" });
    expect(res.status, res.text).toBe(200);
    const body = v.parse(CampaignStatusAnswer, res.json);
    expect(body.channel).toBe("agentless");
    expect(body.campaignStats).toEqual([
      {
        segment: "South",
        segmentId: south,
        fresh: 0,
        inDialer: 0,
        retry: 0,
        callBack: 0,
        alFresh: 5,
        alRetry: 2,
        completed: 3,
      },
      {
        segment: "North",
        segmentId: north,
        fresh: 9,
        inDialer: 1,
        retry: 4,
        callBack: 2,
        alFresh: 0,
        alRetry: 0,
        completed: 3,
      },
    ]);
    expect(body.totalContacts).toBe(29);
    expect(body.completedContacts).toBe(6);
    expect(body.percentComplete).toBe(20.7);
    expect(body.abandonRate).toEqual({ rate: 0.04, answered: 100, abandoned: 4, warning: true });
  });

  it("refuses a bad channel, and answers 404 for a missing or another tenant's campaign", async () => {
    expectProblem(await status({ campaignId, channel: "fax" }), 400);
    expectProblem(await status({ channel: "voice" }), 400);
    expectProblem(await status({ campaignId: "nope", channel: "voice" }), 404);
    const other = await newTenant(["ListManager"]);
    expectProblem(await status({ campaignId, channel: "voice" }, other), 404);
    expectProblem(await breakdown({ campaignId, segmentId: segmentIds[0], utcOffset: 0 }, other), 404);
  });

  it("needs a session, and the ListManager licence", async () => {
    expect((await call("/api/cache/status", { method: "POST", body: { campaignId } })).status).toBe(401);
    const unlicensed = await newTenant([]);
    expectProblem(await status({ campaignId, channel: "voice" }, unlicensed), 403);
    expectProblem(await breakdown({ campaignId, segmentId: segmentIds[0], utcOffset: 0 }, unlicensed), 403);
  });
});

describe("POST /api/cache/status-breakdown", () => {
  it("answers 24 hours from the current one, labelled at utcOffset, and the ones ready now", async () => {
    const [, south] = segmentIds as [string, string];
    const key = { tenant: tenant.tenant, campaignId };
    const now = epochHour(Date.now());
    await asTenant(tenant.tenant, async () => {
      await addCounters(key, { [south]: { retry: 9, callBack: 4, alRetry: 5 } }, [
        { segmentId: south, kind: "alRetry", hour: now + 1, delta: 4 },
        { segmentId: south, kind: "retry", hour: now - 5, delta: 3 },
        { segmentId: south, kind: "retry", hour: now, delta: 1 },
        { segmentId: south, kind: "retry", hour: now + 2, delta: 2 },
        { segmentId: south, kind: "retry", hour: now + 30, delta: 1 },
        { segmentId: south, kind: "callBack", hour: now + 23, delta: 3 },
      ]);
    });
    const res = await breakdown({ campaignId, segmentId: south, channel: "voice", utcOffset: -300 });
    expect(res.status, res.text).toBe(200);
    const body = v.parse(BreakdownAnswer, res.json);
    expect(body.startHour).toBe(now);
    expect(body.segment).toBe("South");
    expect(body.labels).toHaveLength(24);
    const local = new Date(now * 3_600_000 - 300 * 60_000).toISOString().slice(11, 16);
    expect(body.labels[0]).toBe(local);
    expect(body.hourlyBreakdown.retries).toEqual(
      Array.from({ length: 24 }, (_, i) => (i === 0 ? 1 : i === 2 ? 2 : 0)),
    );
    expect(body.hourlyBreakdown.callbacks).toEqual(Array.from({ length: 24 }, (_, i) => (i === 23 ? 3 : 0)));
    // Ready: 9 retries less 3 in later hours (2 + 1 beyond the chart); 4 callbacks less 3.
    expect(body.ready).toEqual({ retry: 6, callbacks: 1 });

    const india = await breakdown({ campaignId, segmentId: south, channel: "agentless", utcOffset: 330 });
    const al = v.parse(BreakdownAnswer, india.json);
    expect(al.labels[0]?.endsWith(":30")).toBe(true);
    expect(al.hourlyBreakdown.callbacks.every((n) => n === 0)).toBe(true);
    // The agentless lane reads its own buckets: 7 SMS/Email retries (2 from the status test), 4 due next hour.
    expect(al.hourlyBreakdown.retries).toEqual(Array.from({ length: 24 }, (_, i) => (i === 1 ? 4 : 0)));
    expect(al.ready).toEqual({ retry: 3, callbacks: 0 });
  });

  it("refuses an offset that is no time zone, a segment not in the campaign, and a missing campaign", async () => {
    const segmentId = segmentIds[0];
    for (const utcOffset of [900, -721, 1.5, "-5"])
      expectProblem(await breakdown({ campaignId, segmentId, utcOffset }), 400);
    expectProblem(await breakdown({ campaignId, segmentId: "other", utcOffset: 0 }), 404);
    expectProblem(await breakdown({ campaignId: "nope", segmentId, utcOffset: 0 }), 404);
  });
});
