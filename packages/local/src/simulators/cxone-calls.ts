import { randomInt } from "node:crypto";
import type { StartedContact } from "./cxone.ts";

/**
 * The CXone simulator's calls: a contact a script start handed it is "dialed" for a while, ends with a
 * disposition drawn from a realistic mix, and its result is posted to the console's
 * POST /api/dialer/results with the tenant's API key, as the real platform's Studio script does with the
 * URL and key it is configured with (docs/dialer.md Driver). The script's value parameter is
 * `{campaignId}:{attemptKey}`; it comes back split into the result's two fields.
 */

/** Where a skill's Studio script posts its results: the console's endpoint and the tenant's key. */
export interface ResultsTarget {
  url: string;
  apiKey: string;
}
export type ResultsResolver = (skill: {
  businessUnitId: number;
  skillId: number;
}) => Promise<ResultsTarget | null>;

export interface CallOptions {
  resolve: ResultsResolver;
  /** How long a call lasts in real time, [min, max] ms (a demo's scale: 2-8 s). */
  callMs?: readonly [number, number];
  log?: (message: string, detail: Record<string, unknown>) => void;
}

export const DEFAULT_CALL_MS: readonly [number, number] = [2000, 8000];

/** Kinds of outcome, for the talk time and whether an agent spoke. */
type Kind = "live" | "machine" | "none";

/** The outcome mix, weights summing to 100 (codes of core/disposition). */
const MIX: readonly { code: number; weight: number; kind: Kind }[] = [
  { code: 20, weight: 35, kind: "none" }, // No Answer
  { code: 19, weight: 12, kind: "machine" }, // Answering Machine
  { code: 11, weight: 5, kind: "machine" }, // Retry - Answering Machine
  { code: 12, weight: 3, kind: "machine" }, // Final - Answering Machine
  { code: 15, weight: 8, kind: "none" }, // Busy
  { code: 1, weight: 7, kind: "live" }, // Positive w/Amount
  { code: 2, weight: 3, kind: "live" }, // Positive no Amount
  { code: 5, weight: 3, kind: "live" }, // Negative
  { code: 8, weight: 3, kind: "live" }, // Retry - Rescheduled Specified Date/Time - Any Agent
  { code: 9, weight: 2, kind: "live" }, // Retry - Rescheduled Later Date/Time Unspecified
  { code: 10, weight: 4, kind: "live" }, // Retry - Not Available
  { code: 24, weight: 2, kind: "none" }, // Abandon
  { code: 23, weight: 2, kind: "none" }, // Network Busy
  { code: 39, weight: 1, kind: "none" }, // No Ports
  { code: 22, weight: 3, kind: "none" }, // Disconnected
  { code: 18, weight: 2, kind: "none" }, // Invalid Number
  { code: 21, weight: 1, kind: "none" }, // Number Changed
  { code: 91, weight: 2, kind: "live" }, // Call Refused by Customer
  { code: 4, weight: 1, kind: "live" }, // Negative - DNC - BU
  { code: 6, weight: 1, kind: "live" }, // Other
];
const TOTAL = MIX.reduce((n, m) => n + m.weight, 0);

/** The simulated agents who take the connected calls. */
export const AGENTS = ["Maria Lopez", "James Carter", "Aisha Khan", "Tom Becker", "Li Wei", "Grace Okafor"];

/** One call's outcome as the platform reports it. */
export function playOutcome(now: Date, draw = (n: number) => randomInt(n)) {
  const pick = draw(TOTAL);
  let below = 0;
  const entry =
    MIX.find((m) => {
      below += m.weight;
      return pick < below;
    }) ?? (MIX[0] as (typeof MIX)[number]);
  const durationSec = entry.kind === "live" ? 30 + draw(570) : entry.kind === "machine" ? 5 + draw(25) : 0;
  return {
    disposition: entry.code,
    durationSec,
    ...(entry.kind === "live" ? { agent: AGENTS[draw(AGENTS.length)] as string } : {}),
    // Specified date/time: the person named a time, 1 to 48 hours out.
    ...(entry.code === 8
      ? { callbackAt: new Date(now.getTime() + (1 + draw(48)) * 3_600_000).toISOString() }
      : {}),
  };
}

/** The result of a started contact, or null when its parameters are not the driver's. */
export function resultOf(contact: StartedContact, now: Date, draw?: (n: number) => number) {
  const [, value, contactId] = contact.parameters.split("|");
  const split = value?.indexOf(":") ?? -1;
  if (!value || !contactId || split <= 0) return null;
  return {
    campaignId: value.slice(0, split),
    attemptKey: value.slice(split + 1),
    contactId,
    platformContactId: String(contact.contactId),
    ...playOutcome(now, draw),
  };
}

/** Plays started contacts; `stop` cancels the calls still ringing and waits for posts in flight. */
export function callPlayer(options: CallOptions) {
  const [min, max] = options.callMs ?? DEFAULT_CALL_MS;
  const timers = new Set<NodeJS.Timeout>();
  const posting = new Set<Promise<void>>();
  let stopped = false;

  async function post(contact: StartedContact) {
    const result = resultOf(contact, new Date());
    const target = result ? await options.resolve(contact) : null;
    if (!result || !target) {
      options.log?.("cxone simulator: a call's result has nowhere to go", {
        businessUnitId: contact.businessUnitId,
        skillId: contact.skillId,
      });
      return;
    }
    const answer = await fetch(target.url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": target.apiKey },
      body: JSON.stringify(result),
    }).catch((err: unknown) => ({ ok: false, status: 0, error: String(err) }) as const);
    if (!answer.ok)
      options.log?.("cxone simulator: the result was refused", {
        status: answer.status,
        contactId: result.contactId,
      });
  }

  return {
    play(contact: StartedContact) {
      if (stopped) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          const p = post(contact).finally(() => posting.delete(p));
          posting.add(p);
        },
        min + randomInt(Math.max(1, max - min + 1)),
      );
      timers.add(timer);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...posting]);
    },
  };
}

export type CallPlayer = ReturnType<typeof callPlayer>;
