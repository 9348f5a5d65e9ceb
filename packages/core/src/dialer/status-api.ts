import * as v from "valibot";

/**
 * The Campaign Status and Segment breakdown dialogs' calls (spec 002 §7: POST /cache/status and
 * POST /cache/status-breakdown): their bodies and answers. The numbers come from the list manager's
 * counters and hour buckets (docs/dialer.md), never from a recount.
 */

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** The dialog's toggle: the voice view, or the Agentless (SMS and Email) view. */
export const STATUS_CHANNELS = ["voice", "agentless"] as const;
export type StatusChannel = (typeof STATUS_CHANNELS)[number];
const Channel = v.picklist(STATUS_CHANNELS, "channel is voice or agentless");

/** Above this share of live answers abandoned the dialog warns (47 CFR 64.1200(a)(7): 3% over 30 days). */
export { ABANDON_LIMIT as ABANDON_WARNING } from "./compliance/abandon.ts";

export const StatusBody = v.strictObject({ campaignId: Id, channel: v.optional(Channel, "voice") });
export type StatusBody = v.InferInput<typeof StatusBody>;

const count = v.pipe(v.number(), v.integer());

/** One segment's row: spec 002 §7 campaignStats (both lanes' numbers; the toggle picks the columns). */
export const SegmentStats = v.strictObject({
  segment: v.string(),
  segmentId: v.string(),
  fresh: count,
  inDialer: count,
  retry: count,
  callBack: count,
  alFresh: count,
  alRetry: count,
  completed: count,
});
export type SegmentStats = v.InferOutput<typeof SegmentStats>;

export const AbandonRate = v.strictObject({
  /** abandoned / answered over the rolling 30 days; null when nothing was answered. */
  rate: v.nullable(v.number()),
  answered: count,
  abandoned: count,
  /** The rate is above 3%. */
  warning: v.boolean(),
});

export const CampaignStatusAnswer = v.strictObject({
  campaignId: v.string(),
  channel: Channel,
  /** Contacts in the list, in every state. */
  totalContacts: count,
  completedContacts: count,
  /** completed / total in percent, one decimal; 0 for an empty list. */
  percentComplete: v.number(),
  /** The segments in the campaign's order. */
  campaignStats: v.array(SegmentStats),
  abandonRate: AbandonRate,
  asOf: v.pipe(v.string(), v.isoTimestamp()),
});
export type CampaignStatusAnswer = v.InferOutput<typeof CampaignStatusAnswer>;

/** Offsets of real time zones, in minutes east of UTC: UTC-12:00 to UTC+14:00. */
export const UTC_OFFSET_RANGE = { min: -720, max: 840 } as const;

export const BreakdownBody = v.strictObject({
  campaignId: Id,
  segmentId: Id,
  channel: v.optional(Channel, "voice"),
  /**
   * The viewer's offset from UTC in minutes EAST of UTC (New York in winter is -300): the opposite sign of
   * the browser's Date.getTimezoneOffset(). Only labels the hours.
   */
  utcOffset: v.pipe(
    v.number(),
    v.integer("utcOffset is a whole number of minutes"),
    v.minValue(UTC_OFFSET_RANGE.min, "utcOffset is minutes east of UTC, -720 to 840"),
    v.maxValue(UTC_OFFSET_RANGE.max, "utcOffset is minutes east of UTC, -720 to 840"),
  ),
});
export type BreakdownBody = v.InferInput<typeof BreakdownBody>;

export const BREAKDOWN_HOURS = 24;

export const BreakdownAnswer = v.strictObject({
  campaignId: v.string(),
  segmentId: v.string(),
  segment: v.string(),
  channel: Channel,
  /** The epoch hour (UTC ms / 3,600,000) of the first bar: the current hour. */
  startHour: count,
  /** The 24 bars' labels in the viewer's local time (HH:MM). */
  labels: v.array(v.string()),
  /** How many retries and (voice only; zeros for agentless) callbacks become ready in each hour. */
  hourlyBreakdown: v.strictObject({ retries: v.array(count), callbacks: v.array(count) }),
  /** Ready now: the state's count minus those ready in a later hour (callbacks: voice only, else 0). */
  ready: v.strictObject({ retry: count, callbacks: count }),
  asOf: v.pipe(v.string(), v.isoTimestamp()),
});
export type BreakdownAnswer = v.InferOutput<typeof BreakdownAnswer>;
