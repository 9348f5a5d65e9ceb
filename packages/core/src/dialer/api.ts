import * as v from "valibot";
import { DIAL_CHANNELS } from "../store/entities/dialer.ts";

/**
 * The list manager's boundary (docs/dialer.md): what a dispense hands out and what a contact's result
 * carries back. `dispense` (dispense.ts) answers Dispensed items; the driver starts a script per item
 * with `attemptKey` in its parameters; the platform posts a ContactResult for it to
 * POST /api/dialer/results, which `applyResult` (results.ts) applies once.
 */

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

export const Dispensed = v.strictObject({
  /** `{batchId}`: names this attempt; a result must quote it. */
  attemptKey: id,
  campaignId: id,
  segmentId: id,
  contactId: id,
  channel: v.picklist(DIAL_CHANNELS),
  /** The attempt this is on the contact's current channel (1 = first). */
  attempt: v.number(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  cell: v.nullable(v.string()),
  email: v.nullable(v.string()),
});
export type Dispensed = v.InferOutput<typeof Dispensed>;

/** POST /api/dialer/results: one attempt's outcome, as the platform reports it. */
export const ContactResult = v.strictObject({
  campaignId: id,
  contactId: id,
  attemptKey: id,
  /** A code of the disposition catalogue (core/disposition), as a number or its digits. */
  disposition: v.union([
    v.pipe(v.number(), v.integer()),
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, "The disposition is a catalogue code")),
  ]),
  /** Seconds the call lasted (0 when not connected). */
  durationSec: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(86_400)), 0),
  agent: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /** For a callback disposition: when the person asked to be called back (ISO). */
  callbackAt: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  /** The platform's own id of the call, kept on the Dial activity. */
  platformContactId: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type ContactResult = v.InferInput<typeof ContactResult>;

/** What a result did to the contact: its new state, and whether this post was a repeat. */
export const ResultOutcome = v.strictObject({
  contactId: id,
  status: v.picklist(["fresh", "retry", "callBack", "completed"]),
  channel: v.picklist(DIAL_CHANNELS),
  classification: v.string(),
  readyAt: v.nullable(v.string()),
  completedReason: v.nullable(v.string()),
  /** true when this attempt's result had been applied before: nothing changed now. */
  repeated: v.boolean(),
});
export type ResultOutcome = v.InferOutput<typeof ResultOutcome>;
