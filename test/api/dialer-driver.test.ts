import { beforeAll, describe, expect, it } from "vitest";
import { isCallable, windowClassOf } from "../../packages/core/src/dialer/compliance/window.ts";
import { readCounters } from "../../packages/core/src/dialer/counters.ts";
import {
  call,
  DEMO_USERS,
  eventually,
  expectProblem,
  type Session,
  signIn,
  testStore,
} from "../support/api.ts";
import { asTenant } from "../support/core-env.ts";

/**
 * The dialer end to end in the embedded runtime (docs/dialer.md Driver): acme's CXone connection reaches
 * the simulator; a started campaign's list is built, the driver (every 2 s) starts the skill and the
 * skill's script for each dispensed contact, the simulator plays the calls (50-200 ms in the test
 * runtime) and posts their results with acme's key, and the counters move and Dial activities appear.
 * Pause, restart and End stop and start the skill with spec 002 §8's messages.
 */

let acme: Session;
const source = `driver-${Date.now()}`;
const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "source", operator: "eq", value: source }],
};
/** Four places whose calling hours together cover all but an hour of the UTC day. */
const PLACES = [
  { state: "NY", timeZone: "Eastern", area: "212" },
  { state: "PR", timeZone: "Atlantic", area: "787" },
  { state: "HI", timeZone: "Hawaii", area: "808" },
  { state: "GU", timeZone: "Chamorro", area: "671" },
];
const PER_PLACE = 5;
/** Acme's second simulated outbound skill (the demo campaign holds the first). */
const SKILL = { skillId: 4100002, skillName: "Acme Payment Reminders" };
let campaignId: string;
let segmentId: string;
let profileId: string;
const contactIds: string[] = [];

const counts = async () => {
  const segments = await asTenant(acme.tenant, () => readCounters({ tenant: acme.tenant, campaignId }));
  const sum = { fresh: 0, inDialer: 0, retry: 0, callBack: 0, completed: 0 };
  for (const c of segments.values()) for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += c[k];
  return sum;
};

/** How many of the list's contacts may be called now (the driver dials only those). */
const callableNow = () =>
  PLACES.filter((p) =>
    isCallable(
      windowClassOf({ state: p.state, timeZone: p.timeZone, phone: `${p.area}5550100` }),
      new Date(),
    ),
  ).length * PER_PLACE;

beforeAll(async () => {
  acme = await signIn(DEMO_USERS.acme);
  for (const [p, place] of PLACES.entries())
    for (let i = 0; i < PER_PLACE; i++) {
      const body = {
        firstName: "Dee",
        lastName: `Driver${p}${i}`,
        phone: `${place.area}555${String(200 + p * 10 + i).padStart(4, "0")}`,
        state: place.state,
        timeZone: place.timeZone,
        source,
      };
      const res = await call("/api/contacts", { method: "POST", body, session: acme });
      expect(res.status, res.text).toBe(201);
      contactIds.push(res.json.id);
    }
  await eventually(
    () => call("/api/contacts/query", { method: "POST", body: { query, limit: 1 }, session: acme }),
    (r) => r.json?.total === PLACES.length * PER_PLACE,
    20_000,
  );
  const profile = await call("/api/profiles", {
    method: "POST",
    body: { name: `Driver ${source}` },
    session: acme,
  });
  expect(profile.status, profile.text).toBe(201);
  const segment = await call("/api/segments", {
    method: "POST",
    body: { name: `Driver ${source}`.slice(0, 60), query },
    session: acme,
  });
  expect(segment.status, segment.text).toBe(201);
  segmentId = segment.json.id;
  profileId = profile.json.id;
  const campaign = await call("/api/campaigns", {
    method: "POST",
    session: acme,
    body: {
      name: "Driver Reminders",
      ...SKILL,
      skillSource: "NiC",
      campaignProfileId: profile.json.id,
      expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      exhaustionAction: "None",
      segments: [{ segmentId: segment.json.id, segmentRatio: 1 }],
    },
  });
  expect(campaign.status, campaign.text).toBe(201);
  campaignId = campaign.json.id;
}, 60_000);

describe("the dialer driver with the CXone simulator", () => {
  it("starts the campaign, dials its callable contacts through the skill's script and applies the results", async () => {
    const started = await call("/api/cache/create", { method: "POST", body: { campaignId }, session: acme });
    expect(started.status, started.text).toBe(200);
    // Start names no skill call (spec 002 §4): the driver starts the skill once the list has contacts.
    expect(started.json).toMatchObject({ status: "Active", skill: null });
    const store = await testStore();
    await eventually(
      async () => (await store.entities.campaign.get({ tenant: acme.tenant, id: campaignId }).go()).data,
      (c) => c?.listState === "ready",
      60_000,
    );
    const callable = callableNow();
    // Between 11:00 and 12:00 UTC none of the four places may be called: nothing must be dialed then.
    if (callable === 0) {
      await new Promise((r) => setTimeout(r, 5000));
      expect(await counts()).toMatchObject({ inDialer: 0, retry: 0, completed: 0 });
      return;
    }
    const moved = await eventually(
      counts,
      (c) => c.retry + c.callBack + c.completed >= Math.min(callable, 10),
      60_000,
    );
    expect(moved.retry + moved.callBack + moved.completed).toBeGreaterThanOrEqual(Math.min(callable, 10));
    expect(moved.fresh + moved.inDialer + moved.retry + moved.callBack + moved.completed).toBe(
      PLACES.length * PER_PLACE,
    );
    // Every result is a Dial activity on its contact, with the platform's disposition.
    const dials = [];
    for (const id of contactIds) {
      const res = await call(`/api/contacts/${id}/activity`, { session: acme });
      expect(res.status, res.text).toBe(200);
      dials.push(...res.json.items.filter((a: { type: string }) => a.type === "Dial"));
    }
    expect(dials.length).toBeGreaterThanOrEqual(Math.min(callable, 10));
  }, 150_000);

  it("pauses, restarts and ends it, stopping and starting the skill with spec 002 §8's messages", async () => {
    const skill = SKILL.skillId;
    const paused = await call(`/api/cache/pause/${campaignId}/${skill}`, { method: "POST", session: acme });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.json.status).toBe("Paused");
    // A campaign with nothing callable never had its skill started: the stop's 409 does not block.
    expect(paused.json.skill.message).toMatch(
      /^(Acme Payment Reminders stopped successfully|Unable to stop Acme Payment Reminders - Skill is in an invalid state\.)$/,
    );
    if (callableNow() > 0) expect(paused.json.skill).toMatchObject({ status: 202, ok: true });

    const restarted = await call(`/api/cache/restart/${campaignId}/${skill}`, {
      method: "POST",
      session: acme,
    });
    expect(restarted.status, restarted.text).toBe(200);
    expect(restarted.json).toMatchObject({
      status: "Active",
      skill: { status: 202, ok: true, message: "Acme Payment Reminders started successfully" },
    });

    const ended = await call(`/api/cache/delete/${campaignId}/${skill}`, { method: "DELETE", session: acme });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.json).toMatchObject({
      status: "Completed",
      skill: { status: 202, ok: true, message: "Acme Payment Reminders stopped successfully" },
    });
    // Stopped: a second End is refused by the state machine before any skill call.
    const again = await call(`/api/cache/delete/${campaignId}/${skill}`, { method: "DELETE", session: acme });
    expect(again.status).toBe(409);
  }, 60_000);

  it("refuses a restart whose skill start the platform refuses, with its message, and leaves the campaign Paused", async () => {
    const ghost = await call("/api/campaigns", {
      method: "POST",
      session: acme,
      body: {
        name: "Driver Ghost",
        skillId: 4100099,
        skillName: "Ghost Skill",
        skillSource: "NiC",
        campaignProfileId: profileId,
        expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        exhaustionAction: "None",
        segments: [{ segmentId, segmentRatio: 1 }],
      },
    });
    expect(ghost.status, ghost.text).toBe(201);
    const id = ghost.json.id;
    const started = await call("/api/cache/create", {
      method: "POST",
      body: { campaignId: id },
      session: acme,
    });
    expect(started.status, started.text).toBe(200);
    // The platform has no such skill: nothing of it can be dialing, so the pause goes on, saying so.
    const paused = await call(`/api/cache/pause/${id}/4100099`, { method: "POST", session: acme });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.json).toMatchObject({
      status: "Paused",
      skill: { status: 404, ok: false, message: "Unable to stop Ghost Skill - Invalid skillID" },
    });
    const restarted = await call(`/api/cache/restart/${id}/4100099`, { method: "POST", session: acme });
    expect(expectProblem(restarted, 409)).toMatchObject({
      code: "campaign.skill_start_failed",
      detail: "Unable to start Ghost Skill - Invalid skillID",
    });
    expect((await call(`/api/campaigns/${id}`, { session: acme })).json.status).toBe("Paused");
    expect((await call(`/api/campaigns/${id}`, { method: "DELETE", session: acme })).status).toBe(204);
  }, 60_000);
});
