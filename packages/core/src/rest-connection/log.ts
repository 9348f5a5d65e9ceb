import * as v from "valibot";

/**
 * A Test's log entry (spec 001 §2.5 Logs tab, §4 "Test logs accumulate locally only (not stored)"): what
 * the API answers for one Test and the editor keeps in the browser.
 */
export const RestTestLog = v.strictObject({
  at: v.pipe(v.string(), v.isoTimestamp()),
  method: v.picklist(["GET", "POST"]),
  /** The answer's HTTP status; null when none came (refused, unreachable, timed out, too large). */
  status: v.nullable(v.number()),
  ms: v.number(),
  /** The answer's first characters, at most EXCERPT_CHARS. */
  excerpt: v.string(),
  /** Why no answer came, in a sentence; null when one came. */
  error: v.nullable(v.string()),
  /** What a 2xx answer holds at the list path: the number of contacts found, or why there are none. */
  note: v.nullable(v.string()),
});
export type RestTestLog = v.InferOutput<typeof RestTestLog>;

export const EXCERPT_CHARS = 2000;
/** The editor keeps this many entries; older ones drop off. */
export const MAX_LOG_ENTRIES = 50;

/** Spec 001 §4: logs are coloured by response class; no answer at all is an error too. */
export type StatusClass = "info" | "success" | "redirect" | "client_error" | "server_error" | "failure";

export function statusClass(status: number | null): StatusClass {
  if (status === null) return "failure";
  if (status < 200) return "info";
  if (status < 300) return "success";
  if (status < 400) return "redirect";
  if (status < 500) return "client_error";
  return "server_error";
}

/** The colour of each class in the console: info blue, success green, warning yellow, errors orange/red. */
export const STATUS_COLORS: Record<StatusClass, string> = {
  info: "blue",
  success: "green",
  redirect: "yellow",
  client_error: "orange",
  server_error: "red",
  failure: "red",
};
