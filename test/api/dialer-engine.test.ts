import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getCampaign } from "../../packages/core/src/campaign/index.ts";
import type { Dispensed } from "../../packages/core/src/dialer/api.ts";
import { isCallable } from "../../packages/core/src/dialer/compliance/window.ts";
import { dispense } from "../../packages/core/src/dialer/dispense.ts";
import { queueOf } from "../../packages/core/src/dialer/model.ts";
import { applyResult } from "../../packages/core/src/dialer/results.ts";
import { sweep } from "../../packages/core/src/dialer/sweep.ts";
import { inFlight } from "../../packages/core/src/dialer/tx.ts";
import { DISPOSITIONS, dispositionOf } from "../../packages/core/src/disposition/index.ts";
import { useStore } from "../../packages/core/src/env.ts";
import { VisibleError } from "../../packages/core/src/error/index.ts";
import type { CampaignContactItem } from "../../packages/core/src/store/entities/dialer.ts";
import { asTenant } from "../support/core-env.ts";
import { listContacts, recount, seedList, storedCounts } from "../support/dialer-list.ts";

/**
 * The list manager against DynamoDB Local (docs/dialer.md): random profiles, segment ratios, time zones,
 * dispositions and clocks; each round 8 dispense calls run at once, then every dispensed contact's result
 * comes back (some twice). After every step the counters and hour buckets equal a recount of the records.
 */

const ZONES = ["Eastern", "Central", "Mountain", "Pacific", "Alaska", "Hawaii"] as const;
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A small deterministic generator: the scenario's seed decides codes, wants and clock steps. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

async function refusal(run: () => Promise<unknown>): Promise<VisibleError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof VisibleError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

/** The result the platform would post for a dispensed contact. */
const resultOf = (d: Dispensed, disposition: number) => ({
  campaignId: d.campaignId,
  contactId: d.contactId,
  attemptKey: d.attemptKey,
  disposition,
});

let dispensedInAll = 0;

const byId = (items: CampaignContactItem[]) => new Map(items.map((c) => [c.contactId, c]));

async function expectCountsTrue(key: { tenant: string; campaignId: string }, segmentIds: string[]) {
  const records = await listContacts(key);
  const expected = recount(records);
  const stored = await storedCounts(key, segmentIds);
  expect(stored.counts).toEqual(expected.counts);
  expect(stored.hours).toEqual(expected.hours);
  return records;
}

/** No 8 attempts within a rolling 7 days; none within 7 days after a right-party contact; FL 3 in 24 h. */
function expectPaceKept(times: number[], rpcs: number[], florida: boolean, regF: boolean) {
  const sorted = [...times].sort((a, b) => a - b);
  if (regF) {
    for (let i = 7; i < sorted.length; i++)
      expect(sorted[i]! - sorted[i - 7]!, "8 attempts in 7 days").toBeGreaterThanOrEqual(7 * DAY);
    for (const rpc of rpcs)
      for (const t of sorted)
        if (t > rpc) expect(t - rpc, "an attempt within 7 days of an RPC").toBeGreaterThanOrEqual(7 * DAY);
  }
  if (florida)
    for (let i = 3; i < sorted.length; i++)
      expect(sorted[i]! - sorted[i - 3]!, "4 attempts in 24 h (FL)").toBeGreaterThanOrEqual(DAY);
}

const scenario = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  segments: fc.array(
    fc.record({ ratio: fc.integer({ min: 0, max: 100 }), size: fc.integer({ min: 30, max: 80 }) }),
    { minLength: 1, maxLength: 3 },
  ),
  zones: fc.subarray([...ZONES], { minLength: 1 }),
  florida: fc.boolean(),
  profile: fc.record({
    freshLIFO: fc.boolean(),
    retryLIFO: fc.boolean(),
    regF: fc.boolean(),
    retry: fc.record({
      ratio: fc.integer({ min: 0, max: 100 }),
      minDuration: fc.integer({ min: 0, max: 180 }),
      maxAttempts: fc.integer({ min: 1, max: 9 }),
      maxContacts: fc.integer({ min: 1, max: 2 }),
    }),
  }),
  start: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 1) }),
});

describe("dialer engine against the Store", { timeout: 900_000 }, () => {
  it("never dispenses a contact twice at once, outside its window, beyond its pace or max attempts, or on DNC; counters equal a recount; results apply once", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        const tenant = `t-eng-${Date.now()}-${sc.seed}`;
        const campaignId = `camp${sc.seed}`;
        const key = { tenant, campaignId };
        const pick = rng(sc.seed);
        if (sc.segments.every((s) => s.ratio === 0)) sc.segments[0]!.ratio = 50;
        await asTenant(tenant, async () => {
          const { segments } = await seedList({
            ...key,
            profile: sc.profile,
            segments: sc.segments.map((s) => ({
              ratio: s.ratio,
              contacts: Array.from({ length: s.size }, () => ({
                timeZone: sc.zones[pick(sc.zones.length)]!,
                ...(sc.florida && pick(3) === 0 ? { state: "FL" } : {}),
              })),
            })),
            now: new Date(sc.start),
          });
          const segmentIds = segments.map((s) => s.segmentId);
          const times = new Map<string, number[]>();
          const rpcs = new Map<string, number[]>();
          const blocked = new Set<string>();
          let clock = sc.start;
          let records = await expectCountsTrue(key, segmentIds);

          for (let round = 0; round < 6; round++) {
            const now = new Date(clock);
            if (round === 2) {
              // Numbers put on the org list after the build: active ones are never dialed; an expired
              // entry does not block.
              const fresh = records.filter((c) => c.status !== "completed").slice(0, 6);
              for (const [i, c] of fresh.entries()) {
                const expired = i % 3 === 2;
                await useStore()
                  .entities.doNotCall.put({
                    tenant,
                    phone: c.phone!,
                    source: "org",
                    addedBy: "test",
                    addedAt: now.toISOString(),
                    ...(expired ? { expiresAt: "2020-01-01" } : {}),
                  })
                  .go();
                if (!expired) blocked.add(c.contactId);
              }
            }
            const before = byId(records);
            const wants = Array.from({ length: 8 }, () => 5 + pick(30));
            const batches = await Promise.all(wants.map((w) => dispense(campaignId, w, { now })));
            for (const [i, b] of batches.entries()) expect(b.length).toBeLessThanOrEqual(wants[i]!);
            const out = batches.flat();
            dispensedInAll += out.length;
            const ids = out.map((d) => d.contactId);
            expect(new Set(ids).size, "a contact dispensed twice at once").toBe(ids.length);
            for (const d of out) {
              const c = before.get(d.contactId)!;
              expect(["fresh", "retry", "callBack"]).toContain(c.status);
              expect(isCallable(c.windowClass, now), `${c.windowClass} at ${now.toISOString()}`).toBe(true);
              expect(blocked.has(d.contactId), "dialed on an active DNC entry").toBe(false);
              if (c.status !== "fresh") expect(c.readyAt <= now.toISOString()).toBe(true);
              if (c.status === "retry") expect(c.attempts).toBeLessThan(sc.profile.retry.maxAttempts);
              times.set(d.contactId, [...(times.get(d.contactId) ?? []), clock]);
            }
            records = await expectCountsTrue(key, segmentIds);
            for (const id of blocked) expect(byId(records).get(id)?.status).not.toBe("inDialer");

            // A result for a contact not dispensed, and an unknown code: refused, nothing changes.
            const idle = records.find((c) => c.status !== "inDialer");
            if (idle) {
              const err = await refusal(() =>
                applyResult(
                  { campaignId, contactId: idle.contactId, attemptKey: "never-dispensed", disposition: 20 },
                  now,
                ),
              );
              expect(err.code).toBe("dialer.not_dispensed");
            }
            if (out[0]) {
              const err = await refusal(() => applyResult(resultOf(out[0]!, 999), now));
              expect(err.kind).toBe("input");
            }
            expect(await listContacts(key)).toEqual(records);

            const later = new Date(clock + 60_000);
            const contact = (contactId: string) =>
              useStore()
                .entities.campaignContact.get({ ...key, contactId })
                .go();
            const posts = out.map((d) => ({
              d,
              code: DISPOSITIONS[pick(DISPOSITIONS.length)]!.code,
              callbackAt: new Date(clock + (1 + pick(48)) * HOUR).toISOString(),
              twice: pick(5) === 0,
            }));
            await inFlight(posts, 8, async ({ d, code, callbackAt, twice }) => {
              const result = { ...resultOf(d, code), callbackAt };
              const outcome = await applyResult(result, later);
              expect(outcome.repeated).toBe(false);
              if (dispositionOf(code)?.class === "rightPartyContact")
                rpcs.set(d.contactId, [...(rpcs.get(d.contactId) ?? []), later.getTime()]);
              if (twice) {
                const { data: was } = await contact(d.contactId);
                const again = await applyResult(result, later);
                expect(again).toEqual({ ...outcome, repeated: true });
                const { data: is } = await contact(d.contactId);
                expect(is).toEqual(was);
              }
            });
            records = await expectCountsTrue(key, segmentIds);
            for (const c of records) {
              expect(c.status).not.toBe("inDialer");
              // No retry beyond max attempts (a callback the person asked for is kept past it: the
              // policy's decision, docs/decisions.md).
              if (c.status === "retry") expect(c.attempts).toBeLessThan(sc.profile.retry.maxAttempts);
            }
            const { data: days } = await useStore()
              .entities.campaignDay.query.byCampaign(key)
              .go({ pages: "all" });
            expect(days.reduce((n, d) => n + d.dials, 0)).toBe([...times.values()].flat().length);
            clock += (1 + pick(30)) * HOUR;
          }
          const florida = new Set(
            records.filter((c) => c.windowClass.includes("FL")).map((c) => c.contactId),
          );
          for (const [id, t] of times)
            expectPaceKept(t, rpcs.get(id) ?? [], florida.has(id), sc.profile.regF);
        });
      }),
      { numRuns: Number(process.env.ENGINE_RUNS ?? 5) },
    );
    // The runs dialed at all (their clocks opened some windows).
    expect(dispensedInAll).toBeGreaterThan(0);
  });

  it("honours the segments' ratios (75/25) over 160 dispensed contacts", async () => {
    const tenant = `t-ratio-${Date.now()}`;
    const key = { tenant, campaignId: "ratio" };
    await asTenant(tenant, async () => {
      const now = new Date("2026-06-10T17:00:00Z");
      await seedList({
        ...key,
        profile: { retry: { ratio: 0 } },
        segments: [
          { ratio: 75, contacts: Array.from({ length: 200 }, () => ({ timeZone: "Eastern" })) },
          { ratio: 25, contacts: Array.from({ length: 200 }, () => ({ timeZone: "Eastern" })) },
        ],
        now,
      });
      const got = [];
      for (let i = 0; i < 8; i++) got.push(...(await dispense(key.campaignId, 20, { now })));
      expect(got).toHaveLength(160);
      const first = got.filter((d) => d.segmentId === "seg0").length;
      // The allocator's tolerance (policy/allocate.ts): within 1 contact of the share.
      expect(Math.abs(first - 120)).toBeLessThanOrEqual(1);
      await expectCountsTrue(key, ["seg0", "seg1"]);
    });
  });

  it("runs the exhaustion action once nothing is left: End Campaign completes the campaign", async () => {
    const tenant = `t-exh-${Date.now()}`;
    const key = { tenant, campaignId: "exh" };
    await asTenant(tenant, async () => {
      const now = new Date("2026-06-10T17:00:00Z");
      await seedList({
        ...key,
        profile: {},
        segments: [{ ratio: 100, contacts: Array.from({ length: 5 }, () => ({ timeZone: "Central" })) }],
        exhaustion: "End Campaign",
        now,
      });
      const out = await dispense(key.campaignId, 10, { now });
      expect(out).toHaveLength(5);
      for (const d of out) await applyResult(resultOf(d, 6), now);
      expect((await getCampaign(key.campaignId)).status).toBe("Completed");
      expect(await dispense(key.campaignId, 10, { now })).toEqual([]);
    });
  });
});

describe("the sweeper", { timeout: 300_000 }, () => {
  it("takes back contacts past the lease: an applied batch's with the counters and the attempt kept, a missing batch's written void with none and the attempt dropped", async () => {
    const tenant = `t-sweep-${Date.now()}`;
    const key = { tenant, campaignId: "sweep" };
    await asTenant(tenant, async () => {
      const now = new Date("2026-06-10T17:00:00Z");
      await seedList({
        ...key,
        profile: {},
        segments: [{ ratio: 100, contacts: Array.from({ length: 8 }, () => ({ timeZone: "Eastern" })) }],
        now,
      });
      const out = await dispense(key.campaignId, 3, { now });
      expect(out).toHaveLength(3);
      // A claim whose dispenser died before its batch was written (written here by hand).
      const ghost = (await listContacts(key)).find((c) => c.status === "fresh")!;
      const claimedAt = now.toISOString();
      await useStore()
        .entities.campaignContact.patch({ ...key, contactId: ghost.contactId })
        .set({
          segmentId: ghost.segmentId,
          status: "inDialer",
          queue: queueOf("Voice", "inDialer", ghost.windowClass),
          rank: claimedAt,
          claim: "ghost-batch",
          prevStatus: "fresh",
          claimedAt,
        })
        .go();
      await useStore()
        .entities.contactPace.put({
          tenant,
          contactId: ghost.contactId,
          attempts: [now.getTime()],
          busy: "ghost-batch",
          busyUntil: now.getTime() + 600_000,
          version: 1,
        })
        .go();

      expect(await sweep(key.campaignId, new Date(now.getTime() + 5 * 60_000))).toBe(0);
      expect(await sweep(key.campaignId, new Date(now.getTime() + 11 * 60_000))).toBe(4);
      const records = await expectCountsTrue(key, ["seg0"]);
      expect(records.every((c) => c.status === "fresh" && !c.claim)).toBe(true);
      const batch = async (batchId: string) =>
        (
          await useStore()
            .entities.dispenseBatch.get({ ...key, batchId })
            .go()
        ).data?.state;
      expect(await batch("ghost-batch")).toBe("void");
      expect(await batch(out[0]!.attemptKey)).toBe("applied");
      const pace = async (contactId: string) =>
        (await useStore().entities.contactPace.get({ tenant, contactId }).go()).data;
      expect(await pace(ghost.contactId)).toMatchObject({ attempts: [] });
      expect((await pace(ghost.contactId))?.busy).toBeUndefined();
      for (const d of out) {
        const p = await pace(d.contactId);
        expect(p?.attempts).toEqual([now.getTime()]);
        expect(p?.busy).toBeUndefined();
      }
      // A result for an attempt the sweeper took back is refused.
      const err = await refusal(() => applyResult(resultOf(out[0]!, 20), now));
      expect(err.code).toBe("dialer.not_dispensed");
    });
  });
});

describe("one person in two campaigns", { timeout: 300_000 }, () => {
  it("is held by one campaign's dispense at a time (the pace record is the person's)", async () => {
    const tenant = `t-two-${Date.now()}`;
    await asTenant(tenant, async () => {
      const now = new Date("2026-06-10T17:00:00Z");
      for (const campaignId of ["one", "two"])
        await seedList({
          tenant,
          campaignId,
          profile: {},
          segments: [{ ratio: 100, contacts: Array.from({ length: 30 }, () => ({ timeZone: "Eastern" })) }],
          now,
        });
      const [one, two] = await Promise.all(
        ["one", "two"].map(async (id) =>
          (await Promise.all([1, 2, 3].map(() => dispense(id, 10, { now })))).flat(),
        ),
      );
      const first = new Set(one!.map((d) => d.contactId));
      expect(two!.filter((d) => first.has(d.contactId))).toEqual([]);
      expect(first.size + two!.length).toBe(30);
    });
  });
});
