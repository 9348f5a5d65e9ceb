import * as v from "valibot";

/**
 * The disposition catalogue (spec 002 §3 "Disposition catalogue"): the outcome codes a dial can end with,
 * as the contact-center platform numbers them, each classed for the campaign engine. Sources and the
 * product's own calls are in docs/dispositions.md.
 *
 * - final: no further attempt on this number (bad number, suppressed, finished without a right party).
 * - retryable: try again after the retry delay (default rules or a custom retry), within maxAttempts.
 * - callback: the contact asked to be called back; the engine schedules it as a callback.
 * - rightPartyContact: the agent spoke with the contact: final, and it counts toward maxContacts.
 * - doNotCall: final, and the number goes on a do-not-call list (`dnc` says which).
 */
export const DISPOSITION_CLASSES = [
  "final",
  "retryable",
  "callback",
  "rightPartyContact",
  "doNotCall",
] as const;
export type DispositionClass = (typeof DISPOSITION_CLASSES)[number];

export interface Disposition {
  code: number;
  name: string;
  class: DispositionClass;
  /** For doNotCall codes: the tenant's org list, or only the campaign's skill (the number stays callable elsewhere). */
  dnc?: "tenant" | "skill";
}

const d = (code: number, name: string, cls: DispositionClass, dnc?: "tenant" | "skill"): Disposition =>
  dnc ? { code, name, class: cls, dnc } : { code, name, class: cls };

/** In code order. Names of the spec's eight codes are verbatim (spec 002 §3). */
export const DISPOSITIONS: readonly Disposition[] = [
  d(1, "Positive w/Amount", "rightPartyContact"),
  d(2, "Positive no Amount", "rightPartyContact"),
  d(3, "Negative - DNC - Skill", "doNotCall", "skill"),
  d(4, "Negative - DNC - BU", "doNotCall", "tenant"),
  d(5, "Negative", "rightPartyContact"),
  d(6, "Other", "final"),
  d(7, "Retry - Rescheduled Agent Specific", "callback"),
  d(8, "Retry - Rescheduled Specified Date/Time - Any Agent", "callback"),
  d(9, "Retry - Rescheduled Later Date/Time Unspecified", "callback"),
  d(10, "Retry - Not Available", "retryable"),
  d(11, "Retry - Answering Machine", "retryable"),
  d(12, "Final - Answering Machine", "final"),
  d(13, "Fax Machine", "retryable"),
  d(14, "Answering Machine Message", "retryable"),
  d(15, "Busy", "retryable"),
  d(16, "Error", "final"),
  d(17, "Fax", "retryable"),
  d(18, "Invalid Number", "final"),
  d(19, "Answering Machine", "retryable"),
  d(20, "No Answer", "retryable"),
  d(21, "Number Changed", "final"),
  d(22, "Disconnected", "final"),
  d(23, "Network Busy", "retryable"),
  d(24, "Abandon", "retryable"),
  d(25, "Agent Abandon", "retryable"),
  d(26, "Manual Suppression", "final"),
  d(27, "Webservice Suppression", "final"),
  d(39, "No Ports", "retryable"),
  d(43, "Third Party - DNC", "doNotCall", "tenant"),
  d(91, "Call Refused by Customer", "retryable"),
];

const BY_CODE = new Map(DISPOSITIONS.map((entry) => [entry.code, entry]));

export const dispositionOf = (code: number): Disposition | undefined => BY_CODE.get(code);
export const isDispositionCode = (code: number) => BY_CODE.has(code);

/** What the engine asks of a code (a result with an unknown code is refused: dialer/policy/disposition.ts). */
export const retries = (code: number) => BY_CODE.get(code)?.class === "retryable";
export const isCallback = (code: number) => BY_CODE.get(code)?.class === "callback";
export const countsAsContact = (code: number) => BY_CODE.get(code)?.class === "rightPartyContact";
export const addsToDnc = (code: number) => BY_CODE.get(code)?.dnc === "tenant";
export const isFinal = (code: number) => !retries(code) && !isCallback(code);

/** GET /api/dispositions. */
export const DispositionList = v.strictObject({
  items: v.array(
    v.strictObject({
      code: v.number(),
      name: v.string(),
      class: v.picklist(DISPOSITION_CLASSES),
      dnc: v.optional(v.picklist(["tenant", "skill"])),
    }),
  ),
});
