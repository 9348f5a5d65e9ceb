import * as v from "valibot";
import { SegmentRatio } from "./schema.ts";

/**
 * A campaign's scheduled events (spec 002 Scheduling dialog, §3 Schedule event, §5 Schedule, §7
 * create-schedule, §9): the rules the dialog and POST /api/cache/create-schedule share. Each event is one
 * weekly schedule of the Scheduler port (core/campaign/schedule.ts); the campaign keeps the list
 * (campaignSchedule for actions, segmentSchedule for ratios) so the dialog can show it.
 */

/** Spec 002 §5 and §8, verbatim. */
export const FILL_ALL_FIELDS_MESSAGE = "Please fill out all fields";
export const DELETE_EVENT_TITLE = "Delete Event";
export const DELETE_EVENT_ERROR = "Error deleting event";
/** Ours: the spec names a timezone note without its words (docs/decisions.md, Campaigns). */
export const timezoneNote = (zone: string) => `Times are in your time zone (${zone}).`;
/** Ours: a ratio event's segments must be the campaign's, and not every ratio 0. */
export const RATIO_SEGMENTS_MESSAGE = "A ratio event sets a ratio for each of the campaign's segments.";
export const RATIO_ALL_ZERO_MESSAGE = "At least one segment needs a ratio above 0";

/** Spec 002 §9: the new-event form's first time, and the step after each add. */
export const DEFAULT_EVENT_TIME = "08:00";
export const EVENT_TIME_STEP_MINUTES = 5;
/** Spec 002 §9: days 0 (Sunday) to 6; the dialog's chips read SU..SA. */
export const DAY_LABELS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** Spec 002 §3 Schedule event: the actions an event may run; stop is the console's End Campaign. */
export const SCHEDULE_ACTIONS = ["start", "pause", "restart", "reset", "stop"] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];
export const SCHEDULE_ACTION_LABELS: Record<ScheduleAction, string> = {
  start: "Start",
  pause: "Pause",
  restart: "Restart",
  reset: "Reset",
  stop: "End Campaign",
};
export const EVENT_TYPES = ["campaignStatus", "segmentRatio"] as const;

/** The time a new-event form offers after `time` was added: +5 minutes, wrapping at midnight. */
export function nextEventTime(time: string): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const minutes = (h * 60 + m + EVENT_TIME_STEP_MINUTES) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Spec 002 §9: a random 6-digit number. */
export const randomEventId = (random = Math.random) => 100_000 + Math.floor(random() * 900_000);

/** The weekly cron of an event: minute hour * * days, read in the event's time zone. */
export function eventCron(event: { time: string; days: readonly number[] }): string {
  const [h, m] = event.time.split(":").map(Number) as [number, number];
  return `${m} ${h} * * ${[...new Set(event.days)].sort((a, b) => a - b).join(",")}`;
}

/** An IANA zone this runtime knows (Intl refuses an unknown one). */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const EventId = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(100_000, "An event id is a 6-digit number"),
  v.maxValue(999_999, "An event id is a 6-digit number"),
);

/**
 * The fields every event has; the server adds scheduleArn. A missing day, time or action takes an empty
 * default that its own rule refuses, so the answer is the spec's sentence rather than "missing key".
 */
const EventBase = {
  id: EventId,
  days: v.optional(
    v.pipe(
      v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)), FILL_ALL_FIELDS_MESSAGE),
      v.minLength(1, FILL_ALL_FIELDS_MESSAGE),
      v.maxLength(7),
      v.check((days) => new Set(days).size === days.length, "Each day once"),
    ),
    [],
  ),
  time: v.optional(
    v.pipe(v.string(FILL_ALL_FIELDS_MESSAGE), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, FILL_ALL_FIELDS_MESSAGE)),
    "",
  ),
  timeZone: v.pipe(
    v.string(),
    v.maxLength(64),
    v.check(knownTimeZone, "An IANA time zone such as America/New_York"),
  ),
};

export const ActionEventInput = v.strictObject({
  ...EventBase,
  action: v.optional(v.picklist(SCHEDULE_ACTIONS, FILL_ALL_FIELDS_MESSAGE), "" as ScheduleAction),
});
export const RatioEventInput = v.strictObject({
  ...EventBase,
  segments: v.pipe(
    v.array(v.strictObject({ segmentId: v.pipe(v.string(), v.maxLength(100)), segmentRatio: SegmentRatio })),
    v.minLength(1, RATIO_SEGMENTS_MESSAGE),
    v.maxLength(8, RATIO_SEGMENTS_MESSAGE),
    v.check((list) => list.some((s) => s.segmentRatio > 0), RATIO_ALL_ZERO_MESSAGE),
  ),
});

/** Events as the campaign keeps and answers them. */
export const ActionEvent = v.strictObject({ ...ActionEventInput.entries, scheduleArn: v.string() });
export type ActionEvent = v.InferOutput<typeof ActionEvent>;
export const RatioEvent = v.strictObject({ ...RatioEventInput.entries, scheduleArn: v.string() });
export type RatioEvent = v.InferOutput<typeof RatioEvent>;

/** The tenant in the body is the spec's field; the verified token's tenant is the one used. */
const BodyTenant = v.optional(v.pipe(v.string(), v.maxLength(100)));
const CampaignIdField = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/**
 * POST /api/cache/create-schedule (spec 002 §7): add an event (eventType and event), or its delete form
 * (delete true and the event, of which only the id is read).
 */
export const CreateScheduleBody = v.variant("eventType", [
  v.strictObject({
    delete: v.optional(v.literal(false)),
    tenant: BodyTenant,
    campaignId: CampaignIdField,
    eventType: v.literal("campaignStatus"),
    event: ActionEventInput,
  }),
  v.strictObject({
    delete: v.optional(v.literal(false)),
    tenant: BodyTenant,
    campaignId: CampaignIdField,
    eventType: v.literal("segmentRatio"),
    event: RatioEventInput,
  }),
]);
export const DeleteScheduleBody = v.object({
  delete: v.literal(true),
  tenant: BodyTenant,
  campaignId: CampaignIdField,
  eventType: v.optional(v.picklist(EVENT_TYPES)),
  event: v.object({ id: EventId }),
});
export const ScheduleRequest = v.variant("delete", [DeleteScheduleBody, CreateScheduleBody]);
export type ScheduleRequest = v.InferOutput<typeof ScheduleRequest>;

/** The answer: the schedule's ARN (spec 002 §7), of the event added or removed. */
export const ScheduleAnswer = v.strictObject({ ScheduleArn: v.string() });
