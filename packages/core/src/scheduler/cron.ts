import type { ScheduleExpression } from "./port.ts";

/**
 * A five-field Unix cron (minute hour day-of-month month day-of-week) in the six-field form EventBridge
 * Scheduler reads (minute hour day-of-month month day-of-week year): one of the two day fields must be
 * `?`, and days of the week are named (Unix counts Sunday 0 or 7, EventBridge 1), so they are written as
 * SUN..SAT. A cron that names both a day of the month and a day of the week has no EventBridge form and is
 * refused. Pure; tested in cron.test.ts.
 */

const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

function weekday(field: string): string {
  return field.replace(/\d+/g, (digits) => {
    const day = DAYS[Number(digits)];
    if (!day) throw new Error(`Day of week ${digits} is not 0-7.`);
    return day;
  });
}

export function eventBridgeCron(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`A schedule's cron has five fields; got "${cron}".`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  const anyDom = dayOfMonth === "*" || dayOfMonth === "?";
  const anyDow = dayOfWeek === "*" || dayOfWeek === "?";
  if (!anyDom && !anyDow)
    throw new Error("EventBridge Scheduler cannot fire on both a day of the month and a day of the week.");
  const dom = anyDow ? (dayOfMonth === "?" ? "*" : dayOfMonth) : "?";
  const dow = anyDow ? "?" : weekday(dayOfWeek);
  return `cron(${minute} ${hour} ${dom} ${month} ${dow} *)`;
}

/**
 * A one-time instant as EventBridge's at(yyyy-mm-ddThh:mm:ss), in UTC (the schedule's timezone must be
 * UTC for it: eventBridgeTimezone). Seconds are kept, fractions dropped.
 */
export function eventBridgeAt(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`A one-time schedule's instant is an ISO timestamp; got "${iso}".`);
  return `at(${new Date(ms).toISOString().slice(0, 19)})`;
}

/** The ScheduleExpression EventBridge Scheduler takes. */
export function eventBridgeExpression(expression: ScheduleExpression): string {
  if ("cron" in expression) return eventBridgeCron(expression.cron);
  if ("at" in expression) return eventBridgeAt(expression.at);
  const { value, unit } = expression.rate;
  if (!Number.isInteger(value) || value < 1) throw new Error("A rate is a whole number of at least 1.");
  return `rate(${value} ${value === 1 ? unit.replace(/s$/, "") : unit})`;
}
