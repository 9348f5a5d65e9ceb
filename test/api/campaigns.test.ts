import { beforeAll, describe, expect, it } from "vitest";
import {
  ALL_RATIOS_ZERO_MESSAGE,
  DATE_PAST_MESSAGE,
  EDIT_COMPLETED_MESSAGE,
  IN_USE_MESSAGE,
  NAME_INVALID_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PROFILE_REQUIRED_MESSAGE,
  SEGMENT_TWICE_MESSAGE,
  SEGMENTS_MAX_MESSAGE,
  SEGMENTS_REQUIRED_MESSAGE,
  SKILL_REQUIRED_MESSAGE,
} from "../../packages/core/src/campaign/schema.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";

let tenant: Session;
let profileId: string;
const segmentIds: string[] = [];
const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
};
const inMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
let skillSeq = 7000;

const form = (over: Record<string, unknown> = {}) => ({
  name: "Spring Collections",
  skillId: skillSeq++,
  skillName: "Outbound PC",
  skillSource: "NiC",
  campaignProfileId: profileId,
  expireDate: inMonth(),
  exhaustionAction: "End Campaign",
  updatesEmail: "ops@example.com",
  segments: [{ segmentId: segmentIds[0], segmentRatio: 3 }],
  ...over,
});
const create = async (over: Record<string, unknown> = {}, session = tenant) => {
  const res = await call("/api/campaigns", { method: "POST", body: form(over), session });
  expect(res.status, res.text).toBe(201);
  return res.json;
};
const start = (id: string, session = tenant) =>
  call("/api/cache/create", { method: "POST", body: { campaignId: id, dataSource: "beast" }, session });
const profileCount = async (id: string) => {
  const store = await testStore();
  return (await store.entities.profile.get({ tenant: tenant.tenant, id }).go()).data?.campaigns;
};

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  const profile = await call("/api/profiles", {
    method: "POST",
    body: { name: "Collections" },
    session: tenant,
  });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
  for (let i = 0; i < 10; i++) {
    const res = await call("/api/segments", {
      method: "POST",
      body: { name: `Segment ${i}`, query },
      session: tenant,
    });
    expect(res.status, res.text).toBe(201);
    segmentIds.push(res.json.id);
  }
}, 60_000);

describe("campaigns", () => {
  it("creates a Pending campaign with the dialog's fields, reads, lists newest first, edits and deletes it", async () => {
    const before = await profileCount(profileId);
    const created = await create({
      segments: [{ segmentId: segmentIds[0] }, { segmentId: segmentIds[1], segmentRatio: 0 }],
    });
    expect(created).toMatchObject({
      name: "Spring Collections",
      status: "Pending",
      skillName: "Outbound PC",
      skillSource: "NiC",
      profileName: "Collections",
      stopOnCompletion: true,
      resetOnCompletion: false,
      exhaustionAction: "End Campaign",
      expired: false,
      cache: null,
      segments: [
        { segmentId: segmentIds[0], segmentName: "Segment 0", segmentRatio: 1 },
        { segmentId: segmentIds[1], segmentName: "Segment 1", segmentRatio: 0 },
      ],
      actions: { status: false, startPauseRestart: true, terminate: false, export: false, edit: true },
    });
    expect(await profileCount(profileId)).toBe((before ?? 0) + 1);
    const path = `/api/campaigns/${created.id}`;
    expect((await call(path, { session: tenant })).json).toEqual(created);

    const second = await create({ name: "Second" });
    const list = await call("/api/campaigns?limit=2", { session: tenant });
    expect(list.json.items.map((c: { id: string }) => c.id)).toEqual([second.id, created.id]);

    const edited = await call(path, {
      method: "PUT",
      body: form({ name: "Renamed", exhaustionAction: "Reset Campaign", static: true, sort: true }),
      session: tenant,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({
      name: "Renamed",
      stopOnCompletion: false,
      resetOnCompletion: true,
      static: true,
      sort: true,
      status: "Pending",
    });

    // A profile change moves the count.
    const other = await call("/api/profiles", { method: "POST", body: { name: "Other" }, session: tenant });
    await call(path, { method: "PUT", body: form({ campaignProfileId: other.json.id }), session: tenant });
    expect(await profileCount(other.json.id)).toBe(1);
    expectProblem(await call(`/api/profiles/${other.json.id}`, { method: "DELETE", session: tenant }), 409);

    expect((await call(path, { method: "DELETE", session: tenant })).status).toBe(204);
    expect(await profileCount(other.json.id)).toBe(0);
    expectProblem(await call(path, { session: tenant }), 404);
    await call(`/api/campaigns/${second.id}`, { method: "DELETE", session: tenant });
  });

  it("refuses bad forms with spec 002 §5's messages and writes nothing", async () => {
    const errorsOf = async (body: unknown) =>
      expectProblem(await call("/api/campaigns", { method: "POST", body, session: tenant }), 400).errors.map(
        (e: { message: string }) => e.message,
      );
    expect(await errorsOf({})).toEqual(
      expect.arrayContaining([
        NAME_REQUIRED_MESSAGE,
        SKILL_REQUIRED_MESSAGE,
        PROFILE_REQUIRED_MESSAGE,
        SEGMENTS_REQUIRED_MESSAGE,
      ]),
    );
    expect(await errorsOf(form({ name: "Bad_name!" }))).toEqual([NAME_INVALID_MESSAGE]);
    expect(await errorsOf(form({ expireDate: "2020-01-01T00:00:00Z" }))).toEqual([DATE_PAST_MESSAGE]);
    const nine = segmentIds.slice(0, 9).map((segmentId) => ({ segmentId }));
    expect(await errorsOf(form({ segments: nine }))).toEqual([SEGMENTS_MAX_MESSAGE]);
    const zeros = segmentIds.slice(0, 2).map((segmentId) => ({ segmentId, segmentRatio: 0 }));
    expect(await errorsOf(form({ segments: zeros }))).toEqual([ALL_RATIOS_ZERO_MESSAGE]);
    const twice = [{ segmentId: segmentIds[0] }, { segmentId: segmentIds[0] }];
    expect(await errorsOf(form({ segments: twice }))).toEqual([SEGMENT_TWICE_MESSAGE]);
    // An unknown segment or profile (another tenant's ids are unknown here too).
    const unknownSegment = expectProblem(
      await call("/api/campaigns", {
        method: "POST",
        body: form({ segments: [{ segmentId: "no-such-segment" }] }),
        session: tenant,
      }),
      400,
    );
    expect(unknownSegment.errors).toEqual([
      { path: "segments.0.segmentId", message: "Segment no-such-segment does not exist." },
    ]);
    const unknownProfile = expectProblem(
      await call("/api/campaigns", {
        method: "POST",
        body: form({ campaignProfileId: "nope" }),
        session: tenant,
      }),
      400,
    );
    expect(unknownProfile.detail).toBe("This dialing profile does not exist");
    const list = await call("/api/campaigns?limit=50", { session: tenant });
    expect(list.json.items.filter((c: { name: string }) => c.name === "Bad_name!")).toEqual([]);
  });

  it("moves through start, pause, restart, reset and end; each refused where spec 002 §4 refuses it", async () => {
    const c = await create({ segments: [{ segmentId: segmentIds[2] }] });
    const skill = c.skillId;
    const path = `/api/campaigns/${c.id}`;
    // Pending: no pause, restart, reset or end.
    expectProblem(await call(`/api/cache/pause/${c.id}/${skill}`, { method: "POST", session: tenant }), 409);
    expectProblem(await call(`/api/cache/reset/${c.id}`, { method: "POST", session: tenant }), 409);
    expectProblem(
      await call(`/api/cache/delete/${c.id}/${skill}`, { method: "DELETE", session: tenant }),
      409,
    );
    expect((await call(path, { session: tenant })).json.status).toBe("Pending");

    const started = await start(c.id);
    expect(started.status, started.text).toBe(200);
    expect(started.json).toMatchObject({
      status: "Active",
      cache: { action: "build" },
      actions: { status: true },
    });
    expectProblem(await start(c.id), 409);
    // The skill in the path must be the campaign's.
    expectProblem(await call(`/api/cache/pause/${c.id}/1`, { method: "POST", session: tenant }), 400);
    const paused = await call(`/api/cache/pause/${c.id}/${skill}`, { method: "POST", session: tenant });
    expect(paused.json).toMatchObject({ status: "Paused", cache: { action: "pause" } });
    const reset = await call(`/api/cache/reset/${c.id}`, { method: "POST", session: tenant });
    expect(reset.json).toMatchObject({ status: "Paused", cache: { action: "reset" } });
    const restarted = await call(`/api/cache/restart/${c.id}/${skill}`, {
      method: "POST",
      body: { campaignId: c.id },
      session: tenant,
    });
    expect(restarted.json).toMatchObject({ status: "Active", cache: { action: "restart" } });

    // While Active its skill and segments stay; its ratio and name may change.
    const locked = await call(path, {
      method: "PUT",
      body: form({ skillId: skill + 1000, segments: [{ segmentId: segmentIds[2] }] }),
      session: tenant,
    });
    expectProblem(locked, 409);
    const ratio = await call(path, {
      method: "PUT",
      body: form({ name: "Live", skillId: skill, segments: [{ segmentId: segmentIds[2], segmentRatio: 7 }] }),
      session: tenant,
    });
    expect(ratio.status, ratio.text).toBe(200);
    expect(ratio.json).toMatchObject({ status: "Active", name: "Live" });

    const ended = await call(`/api/cache/delete/${c.id}/${skill}`, { method: "DELETE", session: tenant });
    expect(ended.json).toMatchObject({
      status: "Completed",
      cache: { action: "clear" },
      actions: { edit: false },
    });
    const edit = expectProblem(
      await call(path, { method: "PUT", body: form({ skillId: skill }), session: tenant }),
      409,
    );
    expect(edit.detail).toBe(EDIT_COMPLETED_MESSAGE);
    expectProblem(await start(c.id), 409);

    // Ended, it released its skill and segment: another campaign on them starts.
    const next = await create({ skillId: skill, segments: [{ segmentId: segmentIds[2] }] });
    expect((await start(next.id)).status).toBe(200);
    expect((await call(`/api/campaigns/${next.id}`, { method: "DELETE", session: tenant })).status).toBe(204);
    // Deleting the Active one released them too.
    const third = await create({ skillId: skill, segments: [{ segmentId: segmentIds[2] }] });
    expect((await start(third.id)).status).toBe(200);
    await call(`/api/cache/delete/${third.id}/${skill}`, { method: "DELETE", session: tenant });
  });

  it("refuses a start sharing a skill or a segment with an Active or Paused campaign", async () => {
    const a = await create({ segments: [{ segmentId: segmentIds[3] }, { segmentId: segmentIds[4] }] });
    expect((await start(a.id)).status).toBe(200);
    await call(`/api/cache/pause/${a.id}/${a.skillId}`, { method: "POST", session: tenant });
    const sameSegment = await create({ segments: [{ segmentId: segmentIds[4] }] });
    const refused = expectProblem(await start(sameSegment.id), 409);
    expect(refused.detail).toBe(IN_USE_MESSAGE);
    const sameSkill = await create({ skillId: a.skillId, segments: [{ segmentId: segmentIds[5] }] });
    expect(expectProblem(await start(sameSkill.id), 409).detail).toBe(IN_USE_MESSAGE);
    // State unchanged, no lock left behind by the refused ones.
    expect((await call(`/api/campaigns/${sameSegment.id}`, { session: tenant })).json.status).toBe("Pending");
    const free = await create({ segments: [{ segmentId: segmentIds[5] }] });
    expect((await start(free.id)).status).toBe(200);
    for (const c of [a, sameSegment, sameSkill, free])
      await call(`/api/campaigns/${c.id}`, { method: "DELETE", session: tenant });
  });

  it("of two simultaneous starts sharing a segment, exactly one wins, 15 times over", async () => {
    for (let round = 0; round < 15; round++) {
      const shared = segmentIds[6];
      const x = await create({ segments: [{ segmentId: shared }, { segmentId: segmentIds[7] }] });
      const y = await create({ segments: [{ segmentId: segmentIds[8] }, { segmentId: shared }] });
      const [rx, ry] = await Promise.all([start(x.id), start(y.id)]);
      const statuses = [rx.status, ry.status].sort();
      expect(statuses, `round ${round}: ${rx.text} ${ry.text}`).toEqual([200, 409]);
      const loser = rx.status === 409 ? rx : ry;
      expect(loser.json.detail).toBe(IN_USE_MESSAGE);
      const states = await Promise.all(
        [x, y].map(async (c) => (await call(`/api/campaigns/${c.id}`, { session: tenant })).json.status),
      );
      expect(states.sort()).toEqual(["Active", "Pending"]);
      for (const c of [x, y]) await call(`/api/campaigns/${c.id}`, { method: "DELETE", session: tenant });
    }
  }, 120_000);

  it("refuses to start an expired campaign and leaves it Pending", async () => {
    const c = await create({ segments: [{ segmentId: segmentIds[9] }] });
    const store = await testStore();
    const past = new Date(Date.now() - 60_000).toISOString();
    await store.entities.campaign.patch({ tenant: tenant.tenant, id: c.id }).set({ expireDate: past }).go();
    const refused = expectProblem(await start(c.id), 409);
    expect(refused.detail).toBe(`This campaign expired on ${past}. Edit its expiration date to start it.`);
    const after = await call(`/api/campaigns/${c.id}`, { session: tenant });
    expect(after.json).toMatchObject({ status: "Pending", expired: true, cache: null });
    await call(`/api/campaigns/${c.id}`, { method: "DELETE", session: tenant });
  });

  it("refuses to start a campaign whose segment was deleted since, and leaves it Pending", async () => {
    const seg = await call("/api/segments", {
      method: "POST",
      body: { name: "Short lived", query },
      session: tenant,
    });
    const c = await create({ segments: [{ segmentId: seg.json.id }] });
    await call(`/api/segments/${seg.json.id}`, { method: "DELETE", session: tenant });
    const refused = expectProblem(await start(c.id), 400);
    expect(refused.detail).toBe("The segment Short lived no longer exists. Edit the campaign to remove it.");
    expect((await call(`/api/campaigns/${c.id}`, { session: tenant })).json.status).toBe("Pending");
    // Nothing held: the segment lock was not taken.
    const store = await testStore();
    const lock = await store.entities.campaignLock
      .get({ tenant: tenant.tenant, resource: `segment#${seg.json.id}` })
      .go();
    expect(lock.data).toBeNull();
    await call(`/api/campaigns/${c.id}`, { method: "DELETE", session: tenant });
  });
});
