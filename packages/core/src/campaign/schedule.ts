import * as v from "valibot";
import { useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { type Scheduler, scheduleName } from "../scheduler/port.ts";
import type { ScheduleTarget } from "../scheduler/target.ts";
import type { CampaignItem } from "../store/entities.ts";
import type { CampaignSegment } from "./api.ts";
import {
  ActionEvent,
  eventCron,
  RATIO_SEGMENTS_MESSAGE,
  RatioEvent,
  type ScheduleRequest,
} from "./schedule-schema.ts";
import { TERMINAL } from "./state.ts";

/**
 * A campaign's schedules (spec 002 Scheduling dialog, §7 create-schedule; docs/architecture.md, Workflows
 * and schedules): each event of the dialog is one weekly schedule of the Scheduler port, named
 * campaign-{campaignId}-{eventId}, whose target runs the campaign operation (scheduler/dispatch.ts); the
 * campaign keeps the events with their ARN (campaignSchedule, segmentSchedule) so the dialog lists them.
 * A campaign with an expiry date has a one-time schedule at that instant (expiry-{campaignId}) that
 * expires it: no poll of every campaign. The Scheduler fires; the campaign's lists are what the console
 * shows.
 */

const SCHEDULE_DISABLED_MESSAGE = "A Completed campaign cannot be scheduled.";
const OTHER_TENANT_MESSAGE = "The tenant in the body is not the signed-in tenant.";

function scheduler(): Scheduler {
  const found = useEnv().scheduler;
  if (!found) throw new Error("This process has no scheduler (Env.scheduler).");
  return found;
}

const notFound = (id: string) =>
  new VisibleError("not_found", "campaign.not_found", `Campaign ${id} does not exist.`);
const eventMissing = (id: number) =>
  new VisibleError("not_found", "campaign.event_not_found", `Scheduled event ${id} does not exist.`);
const changedMeanwhile = () =>
  new VisibleError(
    "conflict",
    "campaign.changed",
    "The campaign was changed by someone else meanwhile; reload it and try again.",
  );

/** The schedule name of one event of a campaign (at most 9 + 100 + 7 characters: campaign ids are UUIDs). */
export const eventScheduleName = (campaignId: string, eventId: number) =>
  scheduleName("campaign", `${campaignId}-${eventId}`);
export const expiryScheduleName = (campaignId: string) => scheduleName("expiry", campaignId);

/** The events a campaign keeps (absent lists are empty; a malformed entry is dropped, not fatal). */
export function eventsOf(item: Pick<CampaignItem, "campaignSchedule" | "segmentSchedule">) {
  const parse = <T>(text: string | undefined, schema: v.GenericSchema<unknown, T>): T[] =>
    (JSON.parse(text ?? "[]") as unknown[]).flatMap((e) => {
      const read = v.safeParse(schema, e);
      return read.success ? [read.output] : [];
    });
  return {
    campaignSchedule: parse(item.campaignSchedule, ActionEvent),
    segmentSchedule: parse(item.segmentSchedule, RatioEvent),
  };
}

async function read(id: string): Promise<CampaignItem> {
  const { data } = await useStore().entities.campaign.get({ tenant: useTenant(), id }).go();
  if (!data) throw notFound(id);
  return data;
}

type ListField = "campaignSchedule" | "segmentSchedule";

/** Writes one event list, on condition it is still the text it was read as (two dialogs cannot lose an add). */
async function writeList(item: CampaignItem, field: ListField, list: unknown[]): Promise<boolean> {
  const before = item[field];
  try {
    await useStore()
      .entities.campaign.patch({ tenant: item.tenant, id: item.id })
      .set({ [field]: JSON.stringify(list) })
      .where((a, op) => (before === undefined ? op.notExists(a[field]) : op.eq(a[field], before)))
      .go();
    return true;
  } catch (err) {
    if ((err as { cause?: { name?: string } }).cause?.name === "ConditionalCheckFailedException")
      return false;
    throw err;
  }
}

/** The segment ids of a ratio event must be the campaign's, each once. */
function checkRatioSegments(item: CampaignItem, segments: { segmentId: string }[]) {
  const own = new Set((JSON.parse(item.segments) as CampaignSegment[]).map((s) => s.segmentId));
  const given = new Set(segments.map((s) => s.segmentId));
  if (given.size !== segments.length || given.size !== own.size || [...given].some((id) => !own.has(id)))
    throw new VisibleError("input", "campaign.ratio_segments", RATIO_SEGMENTS_MESSAGE, [
      { path: "event.segments", message: RATIO_SEGMENTS_MESSAGE },
    ]);
}

type AddRequest = Exclude<ScheduleRequest, { delete: true }>;

/**
 * Adds an event: its schedule first (the ARN is the Scheduler's answer), then the campaign's list; a list
 * changed meanwhile (another add or delete) removes the schedule again and answers 409. Refused for a
 * Completed campaign (spec 002 §4: Schedule is disabled for Completed) and for an id already used.
 */
async function addEvent(body: AddRequest): Promise<{ ScheduleArn: string }> {
  const item = await read(body.campaignId);
  if (item.status === "Completed")
    throw new VisibleError("conflict", "campaign.not_allowed", SCHEDULE_DISABLED_MESSAGE);
  const events = eventsOf(item);
  const { event } = body;
  if ([...events.campaignSchedule, ...events.segmentSchedule].some((e) => e.id === event.id))
    throw new VisibleError("conflict", "campaign.event_exists", `Event ${event.id} already exists.`);
  if (body.eventType === "segmentRatio") checkRatioSegments(item, body.event.segments);

  const name = eventScheduleName(item.id, event.id);
  const target: ScheduleTarget = {
    kind: "campaign",
    tenant: item.tenant,
    campaignId: item.id,
    action: body.eventType === "segmentRatio" ? "segmentRatio" : body.event.action,
    eventId: event.id,
  };
  const { arn } = await scheduler().put({
    name,
    expression: { cron: eventCron(event) },
    timezone: event.timeZone,
    target,
  });
  const field: ListField = body.eventType === "segmentRatio" ? "segmentSchedule" : "campaignSchedule";
  const list = [...events[field], { ...event, scheduleArn: arn }];
  if (!(await writeList(item, field, list))) {
    await scheduler().delete(name);
    throw changedMeanwhile();
  }
  return { ScheduleArn: arn };
}

/**
 * Deletes an event: its schedule, then its entry (read again and written on condition, a few times, as
 * other events may be added meanwhile). A failure here is the dialog's 'Error deleting event'.
 */
async function deleteEvent(campaignId: string, eventId: number): Promise<{ ScheduleArn: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const item = await read(campaignId);
    const events = eventsOf(item);
    const field = (["campaignSchedule", "segmentSchedule"] as const).find((f) =>
      events[f].some((e) => e.id === eventId),
    );
    if (!field) throw eventMissing(eventId);
    const list: { id: number; scheduleArn: string }[] = events[field];
    const gone = list.find((e) => e.id === eventId) as { scheduleArn: string };
    if (attempt === 0) await scheduler().delete(eventScheduleName(campaignId, eventId));
    const rest = list.filter((e) => e.id !== eventId);
    if (await writeList(item, field, rest)) return { ScheduleArn: gone.scheduleArn };
  }
  throw changedMeanwhile();
}

/**
 * POST /api/cache/create-schedule (spec 002 §7), both forms. The tenant is the verified token's; a body
 * naming another tenant is refused (403), so the spec's field can never reach past the signed-in tenant.
 */
export async function scheduleCampaignEvent(body: ScheduleRequest): Promise<{ ScheduleArn: string }> {
  if (body.tenant !== undefined && body.tenant !== useTenant())
    throw new VisibleError("forbidden", "campaign.other_tenant", OTHER_TENANT_MESSAGE);
  if (body.delete === true) return deleteEvent(body.campaignId, body.event.id);
  return addEvent(body);
}

/**
 * The campaign's expiry schedule: once, at its expiry date, expiring it (Pending, Active or Paused ->
 * Expired). Put on create and on a save that changes the date (it replaces the one before); none
 * without a date.
 */
export async function putExpirySchedule(item: Pick<CampaignItem, "tenant" | "id" | "expireDate">) {
  const name = expiryScheduleName(item.id);
  if (!item.expireDate) {
    await scheduler().delete(name);
    return;
  }
  await scheduler().put({
    name,
    expression: { at: item.expireDate },
    timezone: "UTC",
    target: { kind: "campaign", tenant: item.tenant, campaignId: item.id, action: "expire" },
  });
}

/** Removes every schedule of a deleted campaign: its events' and its expiry's. */
export async function deleteCampaignSchedules(
  item: Pick<CampaignItem, "id" | "campaignSchedule" | "segmentSchedule">,
) {
  const events = eventsOf(item);
  const names = [
    ...[...events.campaignSchedule, ...events.segmentSchedule].map((e) => eventScheduleName(item.id, e.id)),
    expiryScheduleName(item.id),
  ];
  for (const name of names) await scheduler().delete(name);
}

/**
 * A ratio event's firing: the campaign's segments take the event's ratios (segments, order and names
 * stay; a segment the event does not name keeps its ratio). Allowed while Pending, Active or Paused, on
 * condition the segments are still the ones read. Answers false when the campaign no longer allows it.
 */
export async function applyRatioEvent(campaignId: string, eventId: number): Promise<boolean> {
  const item = await read(campaignId);
  if (TERMINAL.has(item.status)) return false;
  const event = eventsOf(item).segmentSchedule.find((e) => e.id === eventId);
  if (!event) throw eventMissing(eventId);
  const ratios = new Map(event.segments.map((s) => [s.segmentId, s.segmentRatio]));
  const segments = (JSON.parse(item.segments) as CampaignSegment[]).map((s) => ({
    ...s,
    segmentRatio: ratios.get(s.segmentId) ?? s.segmentRatio,
  }));
  if (!segments.some((s) => s.segmentRatio > 0)) return false;
  await useStore()
    .entities.campaign.patch({ tenant: item.tenant, id: item.id })
    .set({ segments: JSON.stringify(segments) })
    .where((a, op) => `${op.eq(a.segments, item.segments)} AND ${op.eq(a.status, item.status)}`)
    .go();
  return true;
}
