import { STATE_RULES } from "./states.ts";
import { callableWindow } from "./window.ts";

/**
 * Call frequency, per person across all of the tenant's campaigns (the ContactPace record):
 * - Reg F (12 CFR 1006.14(b)(2)), a profile option on by default: no more than 7 call attempts in any 7
 *   consecutive days, and none in the 7 days after a telephone conversation (a right-party contact);
 * - state caps (STATE_RULES `perDay`, e.g. Florida 3 calls in 24 hours), always on for the states the
 *   window class names.
 * All times are epoch milliseconds.
 */

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

export interface PaceState {
  attempts: number[];
  lastRpcAt?: number | null;
}
export interface PaceRules {
  regF: boolean;
  windowClass: string;
}
export type PaceRule = "regF7in7" | "regFAfterRpc" | "stateDaily";
export type PaceVerdict = { ok: true } | { ok: false; until: number; rule: PaceRule };

/** The smallest per-24-hours cap of the class's states, or null when none has one. */
export function dailyCapOf(windowClass: string): number | null {
  let cap: number | null = null;
  for (const state of callableWindow(windowClass).states) {
    const perDay = STATE_RULES[state]?.perDay;
    if (perDay !== undefined && (cap === null || perDay < cap)) cap = perDay;
  }
  return cap;
}

/**
 * When a rolling cap of `max` attempts per `span` lets one more in: null when it does now, else the
 * instant the oldest attempt that must age out leaves the window (now - span, now].
 */
function capUntil(attempts: readonly number[], now: number, span: number, max: number): number | null {
  const inWindow = attempts.filter((at) => at > now - span && at <= now).sort((a, b) => a - b);
  if (inWindow.length < max) return null;
  return (inWindow[inWindow.length - max] ?? now) + span;
}

/** Whether one more attempt is allowed at `now`; if not, the earliest instant it is and the rule that binds. */
export function paceAllows(pace: PaceState, now: number, rules: PaceRules): PaceVerdict {
  const refusals: { until: number; rule: PaceRule }[] = [];
  if (rules.regF) {
    const afterRpc = pace.lastRpcAt == null ? null : pace.lastRpcAt + WEEK_MS;
    if (afterRpc !== null && now < afterRpc) refusals.push({ until: afterRpc, rule: "regFAfterRpc" });
    const weekly = capUntil(pace.attempts, now, WEEK_MS, 7);
    if (weekly !== null) refusals.push({ until: weekly, rule: "regF7in7" });
  }
  const cap = dailyCapOf(rules.windowClass);
  const daily = cap === null ? null : capUntil(pace.attempts, now, DAY_MS, cap);
  if (daily !== null) refusals.push({ until: daily, rule: "stateDaily" });
  if (refusals.length === 0) return { ok: true };
  // Each rule stays satisfied once its time has come (no attempt is added meanwhile): the latest wins.
  const binding = refusals.reduce((a, b) => (b.until > a.until ? b : a));
  return { ok: false, ...binding };
}

/** The pace after an attempt at `now`: appended, attempts older than 7 days dropped. */
export function withAttempt(pace: PaceState, now: number): PaceState {
  const attempts = [...pace.attempts.filter((at) => at > now - WEEK_MS), now].sort((a, b) => a - b);
  return { ...pace, attempts };
}

/** The pace after a telephone conversation (a right-party contact) at `now`. */
export const withRpc = (pace: PaceState, now: number): PaceState => ({ ...pace, lastRpcAt: now });
