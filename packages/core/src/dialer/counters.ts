import { randomInt } from "node:crypto";
import { useStore } from "../env.ts";
import { COUNTER_SHARDS } from "../store/entities/dialer.ts";
import { COUNTER_FIELDS, type CounterDelta, type CounterField, type HourKind } from "./model.ts";

/**
 * The list's counts (docs/dialer.md): sharded CampaignCounter items that every state change ADDs its
 * delta to, in the same transaction as the change, and CampaignHour buckets of when retries and callbacks
 * become ready. Nothing here recounts a list.
 */

type Store = ReturnType<typeof useStore>;
export type TxEntities = Parameters<Parameters<Store["transaction"]["write"]>[0]>[0];

export interface HourDelta {
  segmentId: string;
  kind: HourKind;
  hour: number;
  delta: number;
}

const nonZero = (delta: CounterDelta) =>
  Object.fromEntries(Object.entries(delta).filter(([, n]) => n !== 0)) as CounterDelta;

/** A random shard: concurrent writers of one segment rarely meet on one item. */
export const anyShard = () => randomInt(COUNTER_SHARDS);

/**
 * The transaction items that add `deltas` (by segment) to the campaign's counters, one shard per segment,
 * and `hours` to the hour buckets; none for a zero delta. Use inside `useStore().transaction.write`.
 */
export function counterWrites(
  tx: TxEntities,
  key: { tenant: string; campaignId: string },
  deltas: Map<string, CounterDelta> | Record<string, CounterDelta>,
  hours: HourDelta[] = [],
  shard = anyShard(),
) {
  const entries = deltas instanceof Map ? [...deltas.entries()] : Object.entries(deltas);
  const counters = entries.flatMap(([segmentId, delta]) => {
    const add = nonZero(delta);
    if (Object.keys(add).length === 0) return [];
    return [
      tx.campaignCounter
        .update({ ...key, segmentId, shard })
        .add(add)
        .commit(),
    ];
  });
  const merged = new Map<string, HourDelta>();
  for (const h of hours) {
    const k = `${h.segmentId}|${h.kind}|${h.hour}`;
    const had = merged.get(k);
    merged.set(k, had ? { ...had, delta: had.delta + h.delta } : { ...h });
  }
  const buckets = [...merged.values()]
    .filter((h) => h.delta !== 0)
    .map((h) =>
      tx.campaignHour
        .update({ ...key, segmentId: h.segmentId, kind: h.kind, hour: h.hour })
        .add({ count: h.delta })
        .commit(),
    );
  return [...counters, ...buckets];
}

/** Applies deltas outside any other write (the build's page counts): one transaction. */
export async function addCounters(
  key: { tenant: string; campaignId: string },
  deltas: Map<string, CounterDelta> | Record<string, CounterDelta>,
  hours: HourDelta[] = [],
) {
  const values = deltas instanceof Map ? [...deltas.values()] : Object.values(deltas);
  const empty =
    values.every((d) => Object.keys(nonZero(d)).length === 0) && hours.every((h) => h.delta === 0);
  if (empty) return;
  await useStore()
    .transaction.write((tx) => counterWrites(tx, key, deltas, hours))
    .go();
}

export type SegmentCounts = Record<CounterField, number>;
export const zeroCounts = (): SegmentCounts =>
  Object.fromEntries(COUNTER_FIELDS.map((f) => [f, 0])) as SegmentCounts;

/** The campaign's counts by segment: the sum of each segment's shards (one query). */
export async function readCounters(key: {
  tenant: string;
  campaignId: string;
}): Promise<Map<string, SegmentCounts>> {
  const { data } = await useStore().entities.campaignCounter.query.byCampaign(key).go({ pages: "all" });
  const out = new Map<string, SegmentCounts>();
  for (const shard of data) {
    const counts = out.get(shard.segmentId) ?? zeroCounts();
    for (const f of COUNTER_FIELDS) counts[f] += shard[f] ?? 0;
    out.set(shard.segmentId, counts);
  }
  return out;
}

/** A segment's hour buckets of one kind from `fromHour` on (the breakdown and the ready count). */
export async function readHours(
  key: { tenant: string; campaignId: string; segmentId: string; kind: HourKind },
  fromHour: number,
): Promise<Map<number, number>> {
  const { data } = await useStore()
    .entities.campaignHour.query.bySegment(key)
    .gte({ hour: fromHour })
    .go({ pages: "all" });
  return new Map(data.filter((h) => h.count !== 0).map((h) => [h.hour, h.count]));
}

/**
 * The transaction item that adds window classes to a segment's set (its counter shard 0): the build writes
 * one per page with the classes of that page; a set ADD is idempotent, so a rerun page adds nothing new.
 */
export const windowClassesWrite = (
  tx: TxEntities,
  key: { tenant: string; campaignId: string; segmentId: string },
  classes: readonly string[],
) =>
  tx.campaignCounter
    .update({ ...key, shard: 0 })
    .add({ windowClasses: [...new Set(classes)] })
    .commit();

/** A segment's counts and the window classes its contacts have (the queues that may hold them). */
export interface SegmentList {
  counts: SegmentCounts;
  classes: string[];
}

/** The campaign's counts and window classes by segment: the same single query as readCounters. */
export async function readList(key: {
  tenant: string;
  campaignId: string;
}): Promise<Map<string, SegmentList>> {
  const { data } = await useStore().entities.campaignCounter.query.byCampaign(key).go({ pages: "all" });
  const out = new Map<string, SegmentList>();
  for (const shard of data) {
    const seg = out.get(shard.segmentId) ?? { counts: zeroCounts(), classes: [] };
    for (const f of COUNTER_FIELDS) seg.counts[f] += shard[f] ?? 0;
    if (shard.windowClasses) seg.classes = [...new Set([...seg.classes, ...shard.windowClasses])].sort();
    out.set(shard.segmentId, seg);
  }
  return out;
}
