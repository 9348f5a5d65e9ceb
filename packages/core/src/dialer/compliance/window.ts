import { FEDERAL_WINDOW, STATE_RULES } from "./states.ts";
import { STATE_ZONES, stateOfPhone, stateOfZip, US_ZONES, zoneOfTimeZone } from "./zones.ts";

/**
 * The calling window (47 CFR 64.1200(c)(1): 08:00-21:00 in the called party's local time, narrowed by
 * state rules). A contact's window class is every zone it may be in: the union of what its timeZone, its
 * zip's state, its state and its phone's and cell's area codes say. When they disagree the person could be
 * in any of them, so the contact is callable only when the window is open in all of them (the "safe
 * window", their overlap). The class also names the states with rules of their own any source points at.
 * Key: `zone,zone|STATE,STATE` (sorted; no `|` part when no state rule applies), e.g.
 * `America/Chicago,America/New_York|FL`.
 */

export interface ContactWhereabouts {
  timeZone?: string | null;
  zip?: string | null;
  state?: string | null;
  phone?: string | null;
  cell?: string | null;
}

export interface CallableWindow {
  zones: string[];
  /** Local time the window opens, "HH:MM" (inclusive). */
  start: string;
  /** Local time the window closes, "HH:MM" (exclusive). */
  end: string;
  /** The states whose rules apply (STATE_RULES keys). */
  states: string[];
}

/** The window class of a contact; nothing known: every US zone, Eastern to Hawaii, and every state rule. */
export function windowClassOf(contact: ContactWhereabouts): string {
  const zones = new Set<string>();
  const states = new Set<string>();
  const fromTimeZone = zoneOfTimeZone(contact.timeZone);
  if (fromTimeZone) zones.add(fromTimeZone);
  const stateFields = [
    stateOfZip(contact.zip),
    contact.state?.trim().toUpperCase() || null,
    stateOfPhone(contact.phone),
    stateOfPhone(contact.cell),
  ];
  for (const state of stateFields) {
    const spans = state ? STATE_ZONES[state] : undefined;
    if (!state || !spans) continue;
    for (const zone of spans) zones.add(zone);
    if (STATE_RULES[state]) states.add(state);
  }
  if (zones.size === 0) {
    for (const zone of US_ZONES) zones.add(zone);
    for (const state of Object.keys(STATE_RULES)) states.add(state);
  }
  const key = [...zones].sort().join(",");
  return states.size ? `${key}|${[...states].sort().join(",")}` : key;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface ParsedClass extends CallableWindow {
  startMin: number;
  endMin: number;
}

const parsed = new Map<string, ParsedClass>();
function parse(windowClass: string): ParsedClass {
  let out = parsed.get(windowClass);
  if (out) return out;
  const [zonePart = "", statePart = ""] = windowClass.split("|");
  const zones = zonePart.split(",").filter(Boolean);
  const states = statePart.split(",").filter((s) => STATE_RULES[s]);
  let start: string = FEDERAL_WINDOW.start;
  let end: string = FEDERAL_WINDOW.end;
  for (const state of states) {
    const rule = STATE_RULES[state];
    if (rule && rule.start > start) start = rule.start;
    if (rule && rule.end < end) end = rule.end;
  }
  out = { zones, start, end, states, startMin: toMinutes(start), endMin: toMinutes(end) };
  parsed.set(windowClass, out);
  return out;
}

/** The zones of a class and the tightest window over the federal rule and its state rules. */
export function callableWindow(windowClass: string): CallableWindow {
  const { zones, start, end, states } = parse(windowClass);
  return { zones: [...zones], start, end, states: [...states] };
}

const MINUTE = 60_000;
const BLOCK = 15 * MINUTE;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, { block: number; offsetMin: number }>();

/**
 * A zone's UTC offset in minutes at `ms`. Every zone changes offset on a 15-minute UTC boundary, so the
 * offset is cached per zone per 15-minute block.
 */
function offsetMinutes(zone: string, ms: number): number {
  const block = Math.floor(ms / BLOCK);
  const cached = offsets.get(zone);
  if (cached?.block === block) return cached.offsetMin;
  let fmt = formatters.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(zone, fmt);
  }
  const at = block * BLOCK;
  const p = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of fmt.formatToParts(at))
    if (part.type in p) p[part.type as keyof typeof p] = Number(part.value);
  const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  const offsetMin = Math.round((local - at) / MINUTE);
  offsets.set(zone, { block, offsetMin });
  return offsetMin;
}

/** The local minute of the day (0..1439) in `zone` at `ms`. */
export function localMinuteOfDay(zone: string, ms: number): number {
  const minute = Math.floor(ms / MINUTE) + offsetMinutes(zone, ms);
  return ((minute % 1440) + 1440) % 1440;
}

/** Minutes of local wall time from `minute` until `startMin` (0 when already open). */
const wallMinutesUntil = (minute: number, startMin: number) => (startMin - minute + 1440) % 1440;

const memo = new Map<string, { minute: number; open: boolean }>();

/** True iff the local time is within [start, end) in every zone of the class. Memoized per class per minute. */
export function isCallable(windowClass: string, now: Date): boolean {
  const minute = Math.floor(now.getTime() / MINUTE);
  const hit = memo.get(windowClass);
  if (hit?.minute === minute) return hit.open;
  const open = openAt(parse(windowClass), now.getTime());
  memo.set(windowClass, { minute, open });
  return open;
}

function openAt(w: ParsedClass, ms: number): boolean {
  if (w.zones.length === 0 || w.startMin >= w.endMin) return false;
  for (const zone of w.zones) {
    const m = localMinuteOfDay(zone, ms);
    if (m < w.startMin || m >= w.endMin) return false;
  }
  return true;
}

/** How far nextCallable looks: past a week, an empty overlap is certain (and DST seasons do not matter). */
const HORIZON = 8 * 24 * 60 * MINUTE;

/**
 * The first instant >= now when the class is callable (minute resolution: `now` itself, or a whole
 * minute), or null when its zones' windows never overlap (such contacts are never callable). Memoized
 * per class per minute, as isCallable is (the build asks it for every contact).
 */
export function nextCallable(windowClass: string, now: Date): Date | null {
  const w = parse(windowClass);
  if (w.zones.length === 0 || w.startMin >= w.endMin) return null;
  if (isCallable(windowClass, now)) return now;
  // Closed now: the answer is the same for any instant of this minute (windows open on whole minutes).
  const minute = Math.floor(now.getTime() / MINUTE);
  const hit = nextMemo.get(windowClass);
  if (hit?.minute === minute) return hit.next === null ? null : new Date(hit.next);
  const next = searchOpen(w, now.getTime());
  nextMemo.set(windowClass, { minute, next });
  return next === null ? null : new Date(next);
}

const nextMemo = new Map<string, { minute: number; next: number | null }>();

/**
 * The first whole minute after `ms` (itself closed) when `w` is open, or null within the horizon. Jumps
 * ahead by the wall-clock time until the latest closed zone opens, less an hour (a DST change may shorten
 * it), so it takes a few dozen steps, never one per minute of the day.
 */
function searchOpen(w: ParsedClass, ms: number): number | null {
  let t = Math.ceil(ms / MINUTE) * MINUTE;
  const until = t + HORIZON;
  while (t <= until) {
    let wait = 0;
    for (const zone of w.zones) {
      const m = localMinuteOfDay(zone, t);
      if (m >= w.startMin && m < w.endMin) continue;
      wait = Math.max(wait, wallMinutesUntil(m, w.startMin));
    }
    if (wait === 0) return t;
    t += Math.max(1, wait - 60) * MINUTE;
  }
  return null;
}

/** The classes callable at `now`. */
export const openClasses = (classes: readonly string[], now: Date): string[] =>
  classes.filter((windowClass) => isCallable(windowClass, now));
