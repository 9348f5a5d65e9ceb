import { describe, expect, it } from "vitest";
import { call, expectProblem, newTenant, type Session } from "../support/api.ts";

const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
};

async function setup(session: Session, name: string, skillId: number) {
  const profile = await call("/api/profiles", { method: "POST", body: { name: `${name} profile` }, session });
  const segment = await call("/api/segments", {
    method: "POST",
    body: { name: `${name} segment`, query },
    session,
  });
  const body = {
    name,
    skillId,
    skillName: "Skill",
    campaignProfileId: profile.json.id,
    expireDate: new Date(Date.now() + 86_400_000).toISOString(),
    segments: [{ segmentId: segment.json.id }],
  };
  const created = await call("/api/campaigns", { method: "POST", body, session });
  expect(created.status, created.text).toBe(201);
  return { body, campaign: created.json, profileId: profile.json.id, segmentId: segment.json.id };
}

/** Tenant B must not reach tenant A's campaigns, profiles or segments by id; lists and locks never mix. */
describe("tenant isolation: campaigns", () => {
  it("another tenant's campaign answers 404 exactly like a missing one, for every verb and operation", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const A = await setup(a, "A campaign", 5100);
    const B = await setup(b, "B campaign", 5100);
    const id = A.campaign.id;
    const path = `/api/campaigns/${id}`;

    const missing = expectProblem(await call("/api/campaigns/does-not-exist", { session: b }), 404);
    const foreign = expectProblem(await call(path, { session: b }), 404);
    expect(foreign.code).toBe(missing.code);
    expect(foreign.detail.replace(id, "X")).toBe(missing.detail.replace("does-not-exist", "X"));
    expectProblem(await call(path, { method: "PUT", body: B.body, session: b }), 404);
    expectProblem(await call(path, { method: "DELETE", session: b }), 404);
    expectProblem(
      await call("/api/cache/create", { method: "POST", body: { campaignId: id }, session: b }),
      404,
    );
    expectProblem(await call(`/api/cache/pause/${id}/5100`, { method: "POST", session: b }), 404);
    expectProblem(await call(`/api/cache/restart/${id}/5100`, { method: "POST", session: b }), 404);
    expectProblem(await call(`/api/cache/delete/${id}/5100`, { method: "DELETE", session: b }), 404);
    expectProblem(await call(`/api/cache/reset/${id}`, { method: "POST", session: b }), 404);
    // The Scheduling dialog's call: A's campaign is missing for B, and naming A in the body is refused.
    const event = { id: 424242, days: [1], time: "08:00", timeZone: "UTC", action: "start" };
    const scheduleOf = (body: Record<string, unknown>) =>
      call("/api/cache/create-schedule", { method: "POST", body, session: b });
    expectProblem(await scheduleOf({ campaignId: id, eventType: "campaignStatus", event }), 404);
    expectProblem(await scheduleOf({ delete: true, campaignId: id, event }), 404);
    expectProblem(
      await scheduleOf({ tenant: a.tenant, campaignId: id, eventType: "campaignStatus", event }),
      403,
    );
    expect((await call(path, { session: a })).json.campaignSchedule).toEqual([]);
    expectProblem(
      await call("/api/cache/status", { method: "POST", body: { campaignId: id }, session: b }),
      404,
    );
    expectProblem(
      await call("/api/export/campaign", { method: "POST", body: { campaignId: id }, session: b }),
      404,
    );
    // A's SFTP export target is A's: B's Export dialog is not offered it.
    const target = await call("/api/sftp-export", {
      method: "PUT",
      session: a,
      body: {
        ftpExportURL: "127.0.0.1",
        ftpExportUserName: "exporter",
        ftpExportPassword: "export-pass-1",
        ftpImportKey: "",
        ftpExportPort: 2222,
      },
    });
    expect(target.status, target.text).toBe(200);
    expect((await call("/api/export/campaign/targets", { session: a })).json.SFTP).toBe(true);
    expect((await call("/api/export/campaign/targets", { session: b })).json.SFTP).toBe(false);
    expectProblem(
      await call("/api/cache/status-breakdown", {
        method: "POST",
        body: { campaignId: id, segmentId: A.segmentId, utcOffset: 0 },
        session: b,
      }),
      404,
    );
    // The platform's result post: B's key finds A's campaign no more than a missing one.
    const postResult = (campaignId: string) =>
      call("/api/dialer/results", {
        method: "POST",
        body: { campaignId, contactId: "c-1", attemptKey: "k-1", disposition: 20 },
        headers: { "x-api-key": b.apiKey },
      });
    const missingResult = expectProblem(await postResult("does-not-exist"), 404);
    expect(expectProblem(await postResult(id), 404).code).toBe(missingResult.code);

    // B cannot build a campaign on A's profile or segment.
    const onA = await call("/api/campaigns", {
      method: "POST",
      body: { ...B.body, campaignProfileId: A.profileId },
      session: b,
    });
    expectProblem(onA, 400);
    expectProblem(
      await call("/api/campaigns", {
        method: "POST",
        body: { ...B.body, segments: [{ segmentId: A.segmentId }] },
        session: b,
      }),
      400,
    );

    // Locks are per tenant: both start although they use the same skill id.
    expect(
      (await call("/api/cache/create", { method: "POST", body: { campaignId: id }, session: a })).status,
    ).toBe(200);
    const startB = await call("/api/cache/create", {
      method: "POST",
      body: { campaignId: B.campaign.id },
      session: b,
    });
    expect(startB.status, startB.text).toBe(200);

    const listA = await call("/api/campaigns", { session: a });
    const listB = await call("/api/campaigns", { session: b });
    expect(listA.json.items.map((c: { name: string }) => c.name)).toEqual(["A campaign"]);
    expect(listB.json.items.map((c: { name: string }) => c.name)).toEqual(["B campaign"]);
    expect((await call(path, { session: a })).json.status).toBe("Active");

    // A's cursor is refused in B's list.
    await setup(a, "A second", 5200);
    const first = await call("/api/campaigns?limit=1", { session: a });
    const cursor = encodeURIComponent(first.json.nextCursor);
    expectProblem(await call(`/api/campaigns?cursor=${cursor}`, { session: b }), 400);
  });
});
