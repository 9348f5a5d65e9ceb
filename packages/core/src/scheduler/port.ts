import type { ScheduleTarget } from "./target.ts";

/**
 * How often a schedule fires: every `value` minutes, hours or days, a five-field Unix cron
 * (minute hour day-of-month month day-of-week) read in the schedule's timezone, or once `at` an ISO
 * instant (a campaign's expiry). The AWS adapter writes rate(...), cron(...) or at(...) for EventBridge
 * Scheduler (cron.ts converts them; a one-time schedule deletes itself after it fired); the embedded
 * adapter gives the same to croner, and fires at start a one-time schedule whose instant passed while
 * the process was down.
 */
export type ScheduleExpression =
  | { rate: { value: number; unit: "minutes" | "hours" | "days" } }
  | { cron: string }
  | { at: string };

export interface Schedule {
  /** Unique in the instance (EventBridge: 1-64 of [0-9A-Za-z_.-]); scheduleName() builds one per owner. */
  name: string;
  expression: ScheduleExpression;
  /** An IANA zone (America/New_York) the cron is read in; rates ignore it. */
  timezone: string;
  /** What the firing does: dispatch.ts runs it, the same way on AWS (the target Lambda) and embedded. */
  target: ScheduleTarget;
  /** A disabled schedule is kept but does not fire. Default true. */
  enabled?: boolean;
}

/**
 * The Scheduler port (docs/architecture.md, Workflows and schedules): EventBridge Scheduler on AWS
 * (adapters/eventbridge-scheduler.ts), croner jobs persisted in the Store and reloaded at start in
 * embedded mode (packages/local/src/scheduler.ts). Both fire the same target payloads through
 * dispatchScheduleTarget.
 */
export interface Scheduler {
  /** Creates the schedule, or replaces the one of the same name; answers its ARN. */
  put(schedule: Schedule): Promise<{ arn: string }>;
  /** Removes the schedule; a name that does not exist is not an error. */
  delete(name: string): Promise<void>;
}

const NAME = /^[0-9A-Za-z_.-]{1,64}$/;

/**
 * The schedule of one owner (an SFTP import, a REST connection, a campaign's event `{campaignId}-{eventId}`,
 * a campaign's expiry): its kind and id make the name.
 */
export function scheduleName(kind: "sftp" | "rest" | "campaign" | "expiry", id: string): string {
  const name = `${kind}-${id}`;
  if (!NAME.test(name)) throw new Error(`Schedule name ${name} is not one EventBridge Scheduler takes.`);
  return name;
}

/** The expression's length in milliseconds for a rate, undefined for a cron. */
export function rateMs(expression: ScheduleExpression): number | undefined {
  if (!("rate" in expression)) return undefined;
  const unit = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 }[expression.rate.unit];
  return expression.rate.value * unit;
}
