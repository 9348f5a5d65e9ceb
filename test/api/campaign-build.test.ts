import { beforeAll, describe, expect, it } from "vitest";
import { readCounters } from "../../packages/core/src/dialer/counters.ts";
import { counterField } from "../../packages/core/src/dialer/model.ts";
import { call, eventually, newTenant, type Session, testStore } from "../support/api.ts";
import { asTenant } from "../support/core-env.ts";

/**
 * The campaign build over HTTP against the embedded runtime (docs/dialer.md, Build): a start builds the
 * list of two segments through the job, every scrubber rule drops what it must (org and national DNC, a
 * contact flagged dnc, a phone seen earlier, a contact already listed by the first segment, an expired
 * contact, a voice opt-out, a cell-only contact with cell scrubbing on), a state listing is ignored when
 * stateDnc is off, the counters equal a recount of the records, and a reset rebuilds while an end clears.
 */

let tenant: Session;
const source = `build-${Date.now()}`;
const rule = (field: string, value: unknown) => ({ type: "rule", field, operator: "eq", value });
const group = (rules: unknown[], combinator = "and") => ({ type: "group", combinator, not: false, rules });

/** Segment A: Texas (and the contact named Both); segment B: the Eastern time zone. */
const texas = group([rule("source", source), group([rule("state", "TX"), rule("lastName", "Both")], "or")]);
const eastern = group([rule("source", source), rule("timeZone", "Eastern")]);

const yesterday = new Date(Date.now() - 86_400_000).toISOString();
const tx = (lastName: string, phone: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Tex",
  lastName,
  phone,
  state: "TX",
  timeZone: "Central",
  source,
  ...extra,
});
const fl = (lastName: string, phone: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Flo",
  lastName,
  phone,
  state: "FL",
  timeZone: "Eastern",
  source,
  ...extra,
});

const CONTACTS = {
  a01: tx("A01", "5125550101"),
  a02orgDnc: tx("A02", "5125550102"),
  a03flagged: tx("A03", "5125550103", { dnc: true }),
  a04samePhone: tx("A04", "5125550101"),
  a05expired: tx("A05", "5125550105", { expireDt: yesterday }),
  a06optout: tx("A06", "5125550106", { optout: { Voice: true } }),
  a07cellOnly: tx("A07", undefined as unknown as string, { cell: "5125550107" }),
  a08national: tx("A08", "5125550108"),
  a09stateListed: tx("A09", "5125550109"),
  both: fl("Both", "3055550100"),
  b01: fl("B01", "3055550101"),
  b02samePhone: fl("B02", "5125550101"),
};
type Key = keyof typeof CONTACTS;
const ids = {} as Record<Key, string>;

const profileBody = {
  name: `Build ${source}`,
  scrubber: { orgDnc: true, natDnc: true, stateDnc: false, cell: true, phoneDup: true, contactDup: true },
};

async function waitJob(id: string) {
  const res = await eventually(
    () => call(`/api/jobs/${id}`, { session: tenant }),
    (r) => ["done", "failed", "cancelled"].includes(r.json?.state),
    60_000,
  );
  expect(res.json.state, res.text).toBe("done");
  return res.json as { counters: Record<string, number>; kind: string };
}

async function campaignItem(id: string) {
  const store = await testStore();
  const { data } = await store.entities.campaign.get({ tenant: tenant.tenant, id }).go({ consistent: true });
  return data;
}

async function records(campaignId: string) {
  const store = await testStore();
  const { data } = await store.entities.campaignContact.query
    .byCampaign({ tenant: tenant.tenant, campaignId })
    .go({ pages: "all" });
  return data;
}

/** The counters as the status dialog reads them, and the same counts recounted from the records. */
async function countsAndRecount(campaignId: string) {
  const counted = await asTenant(tenant.tenant, () => readCounters({ tenant: tenant.tenant, campaignId }));
  const recount = new Map<string, Record<string, number>>();
  for (const r of await records(campaignId)) {
    const seg = recount.get(r.segmentId) ?? {};
    const field = counterField(r.status, r.channel);
    seg[field] = (seg[field] ?? 0) + 1;
    recount.set(r.segmentId, seg);
  }
  const nonZero = (m: Map<string, Record<string, number>>) =>
    Object.fromEntries(
      [...m].map(([s, c]) => [s, Object.fromEntries(Object.entries(c).filter(([, n]) => n !== 0))]),
    );
  return { counted: nonZero(counted as Map<string, Record<string, number>>), recount: nonZero(recount) };
}

let segmentA: string;
let segmentB: string;
let profileId: string;

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  for (const [key, body] of Object.entries(CONTACTS) as [Key, Record<string, unknown>][]) {
    const res = await call("/api/contacts", { method: "POST", body, session: tenant });
    expect(res.status, res.text).toBe(201);
    ids[key] = res.json.id;
  }
  for (const phone of ["5125550102"]) {
    const res = await call("/api/dnc", { method: "POST", body: { phone }, session: tenant });
    expect(res.status, res.text).toBe(201);
  }
  const store = await testStore();
  const listed = (phone: string, from: "national" | "state") =>
    store.entities.doNotCall
      .put({
        tenant: tenant.tenant,
        phone,
        source: from,
        ...(from === "state" ? { region: "TX" } : {}),
        addedBy: "loader",
        addedAt: new Date().toISOString(),
      })
      .go();
  await listed("5125550108", "national");
  await listed("5125550109", "state");
  const profile = await call("/api/profiles", { method: "POST", body: profileBody, session: tenant });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
  const segment = async (name: string, query: unknown) => {
    const res = await call("/api/segments", {
      method: "POST",
      body: { name, query, sort: { field: "lastName", direction: "asc" } },
      session: tenant,
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  segmentA = await segment("Texas", texas);
  segmentB = await segment("Eastern", eastern);
  // The index has them all before a build reads them.
  for (const [query, want] of [
    [texas, 10],
    [eastern, 3],
  ] as const)
    await eventually(
      () => call("/api/contacts/query", { method: "POST", body: { query, limit: 1 }, session: tenant }),
      (r) => r.json?.total === want,
      20_000,
    );
}, 120_000);

let skillId = 9100;
async function newCampaign() {
  const res = await call("/api/campaigns", {
    method: "POST",
    body: {
      name: `Build ${skillId}`,
      skillId: skillId++,
      skillName: "Outbound PC",
      skillSource: "NiC",
      campaignProfileId: profileId,
      expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      exhaustionAction: "None",
      updatesEmail: "ops@example.com",
      segments: [
        { segmentId: segmentA, segmentRatio: 1 },
        { segmentId: segmentB, segmentRatio: 1 },
      ],
    },
    session: tenant,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; skillId: number };
}

/** Waits for the campaign's current build to end and answers its job. */
async function built(campaignId: string) {
  const item = await campaignItem(campaignId);
  expect(item?.buildJobId).toBeTruthy();
  const job = await waitJob(item?.buildJobId as string);
  expect(job.kind).toBe("campaignBuild");
  const after = await campaignItem(campaignId);
  expect(after?.listState).toBe("ready");
  expect(after?.listBuiltAt).toBeTruthy();
  return job;
}

describe("campaign build", () => {
  it("builds the list of a started campaign, scrubbed by the profile, its counters equal to a recount", async () => {
    const campaign = await newCampaign();
    const start = await call("/api/cache/create", {
      method: "POST",
      body: { campaignId: campaign.id, dataSource: "beast" },
      session: tenant,
    });
    expect(start.status, start.text).toBe(200);
    const store = await testStore();
    const active = await store.entities.activeCampaign
      .get({ tenant: tenant.tenant, campaignId: campaign.id })
      .go();
    expect(active.data).not.toBeNull();

    const job = await built(campaign.id);
    expect(job.counters).toMatchObject({
      read: 13,
      listed: 4,
      orgDnc: 2,
      natDnc: 1,
      stateDnc: 0,
      phoneDup: 2,
      contactDup: 1,
      expired: 1,
      optout: 1,
      cell: 1,
    });

    const list = await records(campaign.id);
    const bySegment = (s: string) =>
      list
        .filter((r) => r.segmentId === s)
        .sort((a, b) => a.seq - b.seq)
        .map((r) => r.contactId);
    // Segment A in its sort (last name): A01, A09, Both; segment B: B01 (Both is A's, B02's phone is A01's).
    expect(bySegment(segmentA)).toEqual([ids.a01, ids.a09stateListed, ids.both]);
    expect(bySegment(segmentB)).toEqual([ids.b01]);
    for (const r of list) {
      expect(r).toMatchObject({ status: "fresh", channel: "Voice", attempts: 0 });
      expect(r.queue).toBe(`voice#fresh#${r.windowClass}`);
      expect(r.rank).toBe(String(r.seq).padStart(12, "0"));
    }
    expect(list.map((r) => r.seq).sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
    const a01 = list.find((r) => r.contactId === ids.a01);
    expect(a01).toMatchObject({ firstName: "Tex", lastName: "A01", phone: "5125550101", state: "TX" });

    const { counted, recount } = await countsAndRecount(campaign.id);
    expect(counted).toEqual(recount);
    expect(counted).toEqual({ [segmentA]: { fresh: 3 }, [segmentB]: { fresh: 1 } });

    // Reset: cleared and built again, the same list and counts (never doubled).
    const reset = await call(`/api/cache/reset/${campaign.id}`, { method: "POST", session: tenant });
    expect(reset.status, reset.text).toBe(200);
    const again = await built(campaign.id);
    expect(again.counters).toMatchObject({ read: 13, listed: 4 });
    expect((await records(campaign.id)).length).toBe(4);
    const afterReset = await countsAndRecount(campaign.id);
    expect(afterReset.counted).toEqual({ [segmentA]: { fresh: 3 }, [segmentB]: { fresh: 1 } });

    // End Campaign: out of the registry at once, its list cleared by the clear job.
    const end = await call(`/api/cache/delete/${campaign.id}/${campaign.skillId}`, {
      method: "DELETE",
      session: tenant,
    });
    expect(end.status, end.text).toBe(200);
    const gone = await store.entities.activeCampaign
      .get({ tenant: tenant.tenant, campaignId: campaign.id })
      .go();
    expect(gone.data).toBeNull();
    await eventually(
      () => campaignItem(campaign.id),
      (c) => c?.listState === "cleared",
      30_000,
    );
    expect(await records(campaign.id)).toEqual([]);
    const cleared = await countsAndRecount(campaign.id);
    expect(cleared.counted).toEqual({});
  }, 180_000);

  it("a pause takes the campaign out of the registry and a restart puts it back; a delete clears its list", async () => {
    const campaign = await newCampaign();
    const start = await call("/api/cache/create", {
      method: "POST",
      body: { campaignId: campaign.id, dataSource: "beast" },
      session: tenant,
    });
    expect(start.status, start.text).toBe(200);
    await built(campaign.id);
    const store = await testStore();
    const registered = async () =>
      (await store.entities.activeCampaign.get({ tenant: tenant.tenant, campaignId: campaign.id }).go())
        .data !== null;
    const op = (name: string) =>
      call(`/api/cache/${name}/${campaign.id}/${campaign.skillId}`, { method: "POST", session: tenant });
    expect((await op("pause")).status).toBe(200);
    expect(await registered()).toBe(false);
    expect((await op("restart")).status).toBe(200);
    expect(await registered()).toBe(true);

    expect((await call(`/api/campaigns/${campaign.id}`, { method: "DELETE", session: tenant })).status).toBe(
      204,
    );
    expect(await registered()).toBe(false);
    // The clear job deletes the records and the counters in partition order: wait for both to be gone.
    const left = await eventually(
      () => countsAndRecount(campaign.id),
      ({ counted, recount }) => Object.keys(counted).length === 0 && Object.keys(recount).length === 0,
      30_000,
    );
    expect(left).toEqual({ counted: {}, recount: {} });
  }, 180_000);
});
