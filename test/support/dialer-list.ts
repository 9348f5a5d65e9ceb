import { windowClassOf } from "../../packages/core/src/dialer/compliance/window.ts";
import {
  addCounters,
  readCounters,
  type SegmentCounts,
  windowClassesWrite,
  zeroCounts,
} from "../../packages/core/src/dialer/counters.ts";
import {
  COUNTER_FIELDS,
  counterField,
  epochHour,
  HOUR_KINDS,
  hourKindOf,
  queueOf,
  seqRank,
} from "../../packages/core/src/dialer/model.ts";
import { useStore } from "../../packages/core/src/env.ts";
import type { CampaignContactItem } from "../../packages/core/src/store/entities/dialer.ts";

/**
 * A running campaign's list written straight into the Store, the way the build writes it (docs/dialer.md
 * Records): CampaignContact records fresh in their queues, the segments' counters and window classes, an
 * Active campaign and its profile. For the dispense / results / sweeper tests; call inside asTenant.
 */

export interface SeedContact {
  timeZone: string;
  state?: string;
}

export interface SeedList {
  tenant: string;
  campaignId: string;
  profile: {
    freshLIFO?: boolean;
    retryLIFO?: boolean;
    retry?: { ratio?: number; minDuration?: number; maxAttempts?: number; maxContacts?: number };
    regF?: boolean;
    scrubber?: { stateDnc?: boolean; natDnc?: boolean };
  };
  /** Segments in order with their ratio and contacts. */
  segments: { ratio: number; contacts: SeedContact[] }[];
  exhaustion?: "None" | "End Campaign" | "Reset Campaign";
  now: Date;
}

/** A valid toll-free number (no area code state: the class comes from the time zone), unique per contact. */
export const phoneOf = (segment: number, i: number) => `800${2 + segment}${String(i).padStart(6, "0")}`;

/** Writes the profile, the Active campaign and its list; answers the campaign's contacts by id. */
export async function seedList(seed: SeedList) {
  const store = useStore();
  const { tenant, campaignId } = seed;
  const profileId = `${campaignId}-profile`;
  await store.entities.profile
    .create({
      tenant,
      id: profileId,
      name: "Engine test",
      useAi: false,
      freshLIFO: seed.profile.freshLIFO ?? false,
      retryLIFO: seed.profile.retryLIFO ?? false,
      scrubber: {
        cell: false,
        natDnc: seed.profile.scrubber?.natDnc ?? false,
        stateDnc: seed.profile.scrubber?.stateDnc ?? false,
        orgDnc: true,
        phoneDup: false,
        contactDup: false,
      },
      retry: {
        ratio: 20,
        minDuration: 60,
        maxAttempts: 3,
        maxContacts: 1,
        custRetry: [],
        ...seed.profile.retry,
      },
      ai: { org: false, system: false },
      channels: [],
      ...({ compliance: { regF: seed.profile.regF ?? true } } as object),
    })
    .go();
  const segments = seed.segments.map((s, i) => ({
    segmentId: `seg${i}`,
    segmentName: `Segment ${i}`,
    segmentRatio: s.ratio,
  }));
  await store.entities.campaign
    .create({
      tenant,
      id: campaignId,
      name: `Campaign ${campaignId}`,
      campaignProfileId: profileId,
      status: "Active",
      segments: JSON.stringify(segments),
      stopOnCompletion: seed.exhaustion === "End Campaign",
      resetOnCompletion: seed.exhaustion === "Reset Campaign",
    })
    .go();
  // The locks an Active campaign holds (so its end releases them as operateCampaign expects).
  for (const s of segments)
    await store.entities.campaignLock.put({ tenant, resource: `segment#${s.segmentId}`, campaignId }).go();
  const nowIso = seed.now.toISOString();
  const contacts: CampaignContactItem[] = [];
  for (const [si, segment] of seed.segments.entries()) {
    const segmentId = `seg${si}`;
    const records = segment.contacts.map((c, i) => {
      const windowClass = windowClassOf({ timeZone: c.timeZone, state: c.state, phone: phoneOf(si, i) });
      return {
        tenant,
        campaignId,
        contactId: `c${si}-${i}`,
        segmentId,
        seq: i,
        status: "fresh" as const,
        channel: "Voice" as const,
        queue: queueOf("Voice", "fresh", windowClass),
        rank: seqRank(i),
        firstName: "Test",
        lastName: `C${si}-${i}`,
        phone: phoneOf(si, i),
        timeZone: c.timeZone,
        ...(c.state ? { state: c.state } : {}),
        windowClass,
        readyAt: nowIso,
        attempts: 0,
        totalAttempts: 0,
        rpcCount: 0,
      };
    });
    for (let i = 0; i < records.length; i += 25)
      await store.entities.campaignContact.put(records.slice(i, i + 25)).go();
    contacts.push(...(records as CampaignContactItem[]));
    await addCounters({ tenant, campaignId }, { [segmentId]: { fresh: records.length } });
    const classes = [...new Set(records.map((r) => r.windowClass))];
    await store.transaction
      .write((tx) => [windowClassesWrite(tx, { tenant, campaignId, segmentId }, classes)])
      .go();
  }
  return { contacts: new Map(contacts.map((c) => [c.contactId, c])), segments };
}

/** Every contact of the campaign's list as it is now (one query, all pages). */
export async function listContacts(key: { tenant: string; campaignId: string }) {
  const { data } = await useStore().entities.campaignContact.query.byCampaign(key).go({ pages: "all" });
  return data;
}

/** Counts by segment from the records themselves, and the hour buckets they imply. */
export function recount(contacts: CampaignContactItem[]) {
  const counts = new Map<string, SegmentCounts>();
  const hours = new Map<string, number>();
  for (const c of contacts) {
    const seg = counts.get(c.segmentId) ?? zeroCounts();
    seg[counterField(c.status, c.channel)] += 1;
    counts.set(c.segmentId, seg);
    const kind = hourKindOf(c.status, c.channel);
    if (kind) {
      const k = `${c.segmentId}|${kind}|${epochHour(c.readyAt)}`;
      hours.set(k, (hours.get(k) ?? 0) + 1);
    }
  }
  return { counts, hours };
}

/** The counters and hour buckets as the Store holds them, in recount's shape (zero buckets left out). */
export async function storedCounts(key: { tenant: string; campaignId: string }, segmentIds: string[]) {
  const counts = await readCounters(key);
  const hours = new Map<string, number>();
  for (const segmentId of segmentIds)
    for (const kind of HOUR_KINDS) {
      const { data } = await useStore()
        .entities.campaignHour.query.bySegment({ ...key, segmentId, kind })
        .go({ pages: "all" });
      for (const h of data) if (h.count !== 0) hours.set(`${segmentId}|${kind}|${h.hour}`, h.count);
    }
  const out = new Map<string, SegmentCounts>();
  for (const [segmentId, c] of counts) if (COUNTER_FIELDS.some((f) => c[f] !== 0)) out.set(segmentId, c);
  return { counts: out, hours };
}
