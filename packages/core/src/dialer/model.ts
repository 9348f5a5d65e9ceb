import type { CampaignContactStatus, DialChannel } from "../store/entities/dialer.ts";

/**
 * The list manager's shared vocabulary (docs/dialer.md): which counter a contact's state counts in, the
 * queue (gsi1 partition) it sits in and its rank there. Every writer of CampaignContact uses these, so
 * the counters always agree with a recount.
 */

export const COUNTER_FIELDS = [
  "fresh",
  "inDialer",
  "retry",
  "callBack",
  "alFresh",
  "alRetry",
  "completed",
] as const;
export type CounterField = (typeof COUNTER_FIELDS)[number];
export type CounterDelta = Partial<Record<CounterField, number>>;

export type Lane = "voice" | "agentless";
export const laneOf = (channel: DialChannel): Lane => (channel === "Voice" ? "voice" : "agentless");

/** The counter a contact in `status` on `channel` is counted in. */
export function counterField(status: CampaignContactStatus, channel: DialChannel): CounterField {
  const agentless = channel !== "Voice";
  switch (status) {
    case "fresh":
      return agentless ? "alFresh" : "fresh";
    case "retry":
      return agentless ? "alRetry" : "retry";
    default:
      return status;
  }
}

export const HOUR_KINDS = ["retry", "alRetry", "callBack"] as const;
export type HourKind = (typeof HOUR_KINDS)[number];

/**
 * The CampaignHour bucket a contact in `status` on `channel` is counted in while it waits: voice retries,
 * agentless (SMS, Email) retries and callbacks apart, so each view of the breakdown reads its own; none
 * for the other states.
 */
export function hourKindOf(status: CampaignContactStatus, channel: DialChannel): HourKind | null {
  if (status === "callBack") return "callBack";
  if (status === "retry") return channel === "Voice" ? "retry" : "alRetry";
  return null;
}

/** The gsi1 queue a contact sits in: `{lane}#{status}#{windowClass}`. */
export const queueOf = (channel: DialChannel, status: CampaignContactStatus, windowClass: string) =>
  `${laneOf(channel)}#${status}#${windowClass}`;

/** A fresh contact's rank: its build sequence, zero-padded so text order is number order. */
export const seqRank = (seq: number) => String(seq).padStart(12, "0");

/** The epoch hour of an instant (the CampaignHour bucket of a readyAt). */
export const epochHour = (at: Date | string | number) => Math.floor(new Date(at).getTime() / 3_600_000);

/** Adds `b` into `a` (counter deltas of several changes, written once). */
export function addDelta(a: CounterDelta, b: CounterDelta): CounterDelta {
  const out: CounterDelta = { ...a };
  for (const [k, n] of Object.entries(b) as [CounterField, number][]) out[k] = (out[k] ?? 0) + n;
  return out;
}

/** The delta of one contact moving from one state to another (`null` = not in the list). */
export function moveDelta(
  from: { status: CampaignContactStatus; channel: DialChannel } | null,
  to: { status: CampaignContactStatus; channel: DialChannel } | null,
): CounterDelta {
  const delta: CounterDelta = {};
  if (from) delta[counterField(from.status, from.channel)] = -1;
  if (to) {
    const field = counterField(to.status, to.channel);
    delta[field] = (delta[field] ?? 0) + 1;
  }
  return delta;
}
