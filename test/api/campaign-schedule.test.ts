import { beforeAll, describe, expect, it } from "vitest";
import {
  FILL_ALL_FIELDS_MESSAGE,
  RATIO_ALL_ZERO_MESSAGE,
  RATIO_SEGMENTS_MESSAGE,
} from "../../packages/core/src/campaign/schedule-schema.ts";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { dispatchScheduleTarget } from "../../packages/core/src/scheduler/dispatch.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";

/**
 * POST /api/cache/create-schedule (spec 002 §7) against the embedded runtime: each event is a schedule of
 * the runtime's Scheduler (kept in the Store: its cron, zone and target), listed on the campaign with its
 * ARN, removed by the delete form and with the campaign; the spec's refusals; a campaign's expiry and an
 * event's firing really happen in the runtime (one at(...) schedule, one weekly cron at the next minute).
 */

let tenant: Session;
let profileId: string;
const segmentIds: string[] = [];
let skillSeq = 8800;
let eventSeq = 300_000;
const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
};

const create = async (over: Record<string, unknown> = {}) => {
  const res = await call("/api/campaigns", {
    method: "POST",
    session: tenant,
    body: {
      name: "Scheduled",
      skillId: skillSeq++,
      skillName: "Outbound PC",
      campaignProfileId: profileId,
      expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      segments: [
        { segmentId: segmentIds[0], segmentRatio: 1 },
        { segmentId: segmentIds[1], segmentRatio: 1 },
      ],
      ...over,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; status: string };
};
const schedule = (body: Record<string, unknown>, session = tenant) =>
  call("/api/cache/create-schedule", { method: "POST", session, body });
const actionEvent = (over: Record<string, unknown> = {}) => ({
  id: eventSeq++,
  days: [1, 3, 5],
  time: "08:00",
  timeZone: "America/New_York",
  action: "start",
  ...over,
});
const campaign = async (id: string) => (await call(`/api/campaigns/${id}`, { session: tenant })).json;
const stored = async (name: string) => (await (await testStore()).entities.schedule.get({ name }).go()).data;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  const profile = await call("/api/profiles", { method: "POST", body: { name: "Sched" }, session: tenant });
  profileId = profile.json.id;
  for (const name of ["Sched one", "Sched two"]) {
    const seg = await call("/api/segments", { method: "POST", body: { name, query }, session: tenant });
    expect(seg.status, seg.text).toBe(201);
    segmentIds.push(seg.json.id);
  }
}, 30_000);

describe("create-schedule", () => {
  it("adds an action event as a weekly schedule in the event's zone, lists it with its ARN, and deletes it", async () => {
    const { id } = await create();
    const event = actionEvent({ days: [5, 1, 3], time: "09:35", action: "stop" });
    const res = await schedule({ tenant: tenant.tenant, campaignId: id, eventType: "campaignStatus", event });
    expect(res.status, res.text).toBe(200);
    const name = `campaign-${id}-${event.id}`;
    expect(res.json).toEqual({ ScheduleArn: `arn:embedded:scheduler:local:schedule/default/${name}` });
    expect(await stored(name)).toMatchObject({
      expression: { cron: "35 9 * * 1,3,5" },
      timezone: "America/New_York",
      target: { kind: "campaign", tenant: tenant.tenant, campaignId: id, action: "stop", eventId: event.id },
    });
    const listed = await campaign(id);
    expect(listed.campaignSchedule).toEqual([{ ...event, scheduleArn: res.json.ScheduleArn }]);
    expect(listed.segmentSchedule).toEqual([]);

    const gone = await schedule({ delete: true, tenant: tenant.tenant, campaignId: id, event });
    expect(gone.status, gone.text).toBe(200);
    expect(gone.json.ScheduleArn).toBe(res.json.ScheduleArn);
    expect(await stored(name)).toBeNull();
    expect((await campaign(id)).campaignSchedule).toEqual([]);
    // Deleting it again is the dialog's 'Error deleting event'.
    expectProblem(await schedule({ delete: true, campaignId: id, event: { id: event.id } }), 404);
  });

  it("adds a ratio event naming each of the campaign's segments", async () => {
    const { id } = await create();
    const segments = [
      { segmentId: segmentIds[0], segmentRatio: 5 },
      { segmentId: segmentIds[1], segmentRatio: 0 },
    ];
    const event = { id: eventSeq++, days: [0, 6], time: "12:00", timeZone: "UTC", segments };
    const res = await schedule({ campaignId: id, eventType: "segmentRatio", event });
    expect(res.status, res.text).toBe(200);
    expect((await campaign(id)).segmentSchedule).toEqual([{ ...event, scheduleArn: res.json.ScheduleArn }]);
    expect((await stored(`campaign-${id}-${event.id}`))?.target).toMatchObject({ action: "segmentRatio" });

    const one = { ...event, id: eventSeq++, segments: segments.slice(0, 1) };
    const wrong = await schedule({ campaignId: id, eventType: "segmentRatio", event: one });
    expect(expectProblem(wrong, 400).detail).toBe(RATIO_SEGMENTS_MESSAGE);
    const zeros = segments.map((s) => ({ ...s, segmentRatio: 0 }));
    const zero = await schedule({
      campaignId: id,
      eventType: "segmentRatio",
      event: { ...event, id: eventSeq++, segments: zeros },
    });
    expect(expectProblem(zero, 400).errors.map((e) => e.message)).toContain(RATIO_ALL_ZERO_MESSAGE);
  });

  it("refuses an event without a day, a time or an action with 'Please fill out all fields'", async () => {
    const { id } = await create();
    for (const event of [
      actionEvent({ days: [] }),
      actionEvent({ time: undefined }),
      actionEvent({ action: undefined }),
    ]) {
      const res = await schedule({ campaignId: id, eventType: "campaignStatus", event });
      expect(expectProblem(res, 400).errors.map((e) => e.message)).toContain(FILL_ALL_FIELDS_MESSAGE);
    }
    const zone = await schedule({
      campaignId: id,
      eventType: "campaignStatus",
      event: actionEvent({ timeZone: "Mars/Olympus" }),
    });
    expectProblem(zone, 400);
    expect((await campaign(id)).campaignSchedule).toEqual([]);
  });

  it("refuses a taken event id, a Completed campaign, and a body naming another tenant", async () => {
    const { id } = await create();
    const event = actionEvent();
    expect((await schedule({ campaignId: id, eventType: "campaignStatus", event })).status).toBe(200);
    expectProblem(await schedule({ campaignId: id, eventType: "campaignStatus", event }), 409);
    const other = await schedule({
      tenant: "some-other-tenant",
      campaignId: id,
      eventType: "campaignStatus",
      event: actionEvent(),
    });
    expectProblem(other, 403);
    expect((await campaign(id)).campaignSchedule).toHaveLength(1);

    const done = await create();
    expect(
      (await call("/api/cache/create", { method: "POST", session: tenant, body: { campaignId: done.id } }))
        .status,
    ).toBe(200);
    const skillId = (await campaign(done.id)).skillId;
    const ended = await call(`/api/cache/delete/${done.id}/${skillId}`, {
      method: "DELETE",
      session: tenant,
    });
    expect(ended.status, ended.text).toBe(200);
    expectProblem(
      await schedule({ campaignId: done.id, eventType: "campaignStatus", event: actionEvent() }),
      409,
    );
  });

  it("deleting a campaign deletes its schedules, the expiry's too", async () => {
    const { id } = await create();
    const event = actionEvent();
    await schedule({ campaignId: id, eventType: "campaignStatus", event });
    expect(await stored(`expiry-${id}`)).toMatchObject({ target: { action: "expire", campaignId: id } });
    expect((await call(`/api/campaigns/${id}`, { method: "DELETE", session: tenant })).status).toBe(204);
    expect(await stored(`campaign-${id}-${event.id}`)).toBeNull();
    expect(await stored(`expiry-${id}`)).toBeNull();
  });
});

describe("a campaign schedule's firing (the dispatcher, as the target Lambda runs it)", () => {
  const fire = async (target: Record<string, unknown>) => {
    provideEnv({ mode: "embedded", store: await testStore() } as unknown as Env);
    return dispatchScheduleTarget(
      { kind: "campaign", tenant: tenant.tenant, ...target },
      { tenantOf: async () => ({ status: "Active" }) },
    );
  };

  it("a ratio event sets the campaign's ratios, keeping its segments and their order", async () => {
    const { id } = await create();
    const segments = [
      { segmentId: segmentIds[0], segmentRatio: 0 },
      { segmentId: segmentIds[1], segmentRatio: 7 },
    ];
    const event = { id: eventSeq++, days: [2], time: "10:00", timeZone: "UTC", segments };
    expect((await schedule({ campaignId: id, eventType: "segmentRatio", event })).status).toBe(200);
    expect(await fire({ campaignId: id, action: "segmentRatio", eventId: event.id })).toEqual({
      operated: "segmentRatio",
      campaignId: id,
      tenant: tenant.tenant,
    });
    const after = await campaign(id);
    expect(after.segments).toMatchObject(segments);
    expect(after.status).toBe("Pending");
  });

  it("an operation the status does not allow now is logged and skipped, not retried", async () => {
    const { id } = await create();
    const logged: string[] = [];
    provideEnv({ mode: "embedded", store: await testStore() } as unknown as Env);
    const paused = await dispatchScheduleTarget(
      { kind: "campaign", tenant: tenant.tenant, campaignId: id, action: "pause", eventId: 123_456 },
      { tenantOf: async () => ({ status: "Active" }), log: (event) => logged.push(event) },
    );
    expect(paused).toEqual({ skipped: "not_allowed", tenant: tenant.tenant });
    expect(logged).toEqual(["campaign schedule skipped"]);
    expect(await fire({ campaignId: id, action: "expire" })).toMatchObject({ operated: "expire" });
    expect((await campaign(id)).status).toBe("Expired");
    expect(await fire({ campaignId: id, action: "expire" })).toEqual({
      skipped: "not_allowed",
      tenant: tenant.tenant,
    });
    expect(await fire({ campaignId: "no-such-campaign", action: "start" })).toEqual({
      skipped: "gone",
      tenant: tenant.tenant,
    });
  });
});

describe("schedules fire in the embedded runtime", () => {
  it("a campaign whose expiry date comes expires then (one-time schedule, no poll)", async () => {
    const { id } = await create({ expireDate: new Date(Date.now() + 4000).toISOString() });
    expect((await campaign(id)).status).toBe("Pending");
    const end = Date.now() + 15_000;
    while ((await campaign(id)).status !== "Expired" && Date.now() < end) await sleep(500);
    expect((await campaign(id)).status).toBe("Expired");
    expect(await stored(`expiry-${id}`)).toBeNull();
  }, 30_000);

  it("an event at the next minute starts a Pending campaign", async () => {
    const { id } = await create();
    const now = new Date();
    const at = new Date(now.getTime() + (now.getUTCSeconds() >= 50 ? 120_000 : 60_000));
    const time = `${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")}`;
    const event = actionEvent({ days: [0, 1, 2, 3, 4, 5, 6], time, timeZone: "UTC", action: "start" });
    expect((await schedule({ campaignId: id, eventType: "campaignStatus", event })).status).toBe(200);
    const end = Date.now() + 130_000;
    while ((await campaign(id)).status === "Pending" && Date.now() < end) await sleep(1000);
    expect((await campaign(id)).status).toBe("Active");
  }, 150_000);
});
