import { type DispositionClass, dispositionOf } from "../../disposition/index.ts";
import { VisibleError } from "../../error/index.ts";
import type { ProfileBody } from "../../profile/schema.ts";
import type { DialChannel } from "../../store/entities/dialer.ts";
import { nextCallable } from "../compliance/window.ts";

/**
 * What a disposition does to a campaign contact (docs/dialing.md, docs/dispositions.md): the next status,
 * channel and ready time, the attempt and right-party counts, and what else the result writes (org DNC,
 * the abandon-rate counts). Pure: the results path (docs/dialer.md, Results) applies it.
 */

/** The profile as the policy reads it: ProfileBody's retry rules and channels, and the Reg F option. */
export type DialProfile = Pick<ProfileBody, "retry" | "channels" | "freshLIFO" | "retryLIFO"> & {
  compliance?: { regF: boolean };
};

export interface ContactDialState {
  channel: DialChannel;
  /** Attempts on the current channel. */
  attempts: number;
  /** Attempts on every channel of this campaign. */
  totalAttempts: number;
  rpcCount: number;
}

export interface DispositionInput {
  contact: ContactDialState;
  profile: DialProfile;
  code: number;
  now: Date;
  /** When the contact asked to be called back (callback codes). */
  callbackAt?: Date | null;
  windowClass: string;
}

export type CompletedReason =
  | "Right party contact"
  | "Do not call"
  | "Max attempts"
  | "Channels exhausted"
  | "Final disposition"
  | "No callable window";

export interface DispositionOutcome {
  status: "fresh" | "retry" | "callBack" | "completed";
  channel: DialChannel;
  readyAt: Date | null;
  attempts: number;
  totalAttempts: number;
  rpcCount: number;
  /** The catalogue class of the code. */
  classification: DispositionClass;
  completedReason: CompletedReason | null;
  /** A right-party contact: a telephone conversation for Reg F (ContactPace.lastRpcAt). */
  rpc: boolean;
  /** The code puts the number on the tenant's org DNC list (catalogue `dnc: "tenant"`). */
  addOrgDnc: boolean;
  /** A live person answered (the abandon rate's denominator). */
  answered: boolean;
  /** A live person answered and no agent came (47 CFR 64.1200(a)(7)): code 24 Abandon. */
  abandoned: boolean;
}

export const unknownDispositionMessage = (code: number) => `Unknown disposition code ${code}`;

/** Code 24 Abandon: the platform hung up on a person it had no agent for. */
export const ABANDON_CODE = 24;

/** Classes whose codes an agent sets after speaking with someone: a live person answered. */
const ANSWERED_CLASSES: ReadonlySet<DispositionClass> = new Set([
  "rightPartyContact",
  "callback",
  "doNotCall",
]);

const MINUTE = 60_000;

/** The profile's channels in their order; none configured: the contact stays on its channel. */
const channelsInOrder = (profile: DialProfile) =>
  profile.channels
    .map((channel, index) => ({ channel, index }))
    .sort((a, b) => (a.channel.order ?? a.index) - (b.channel.order ?? b.index) || a.index - b.index)
    .map(({ channel }) => channel);

/**
 * The next state after a result. Throws VisibleError 400 `dialer.unknown_disposition` for a code the
 * catalogue does not know (never redial, nor complete, on a guess). The rules:
 * - every code counts an attempt on the current channel;
 * - rightPartyContact: +1 right-party contact; completed at the Voice channel's maxContacts (if set) or
 *   retry.maxContacts, else retried like a retryable code;
 * - doNotCall: completed (`addOrgDnc` for `dnc: "tenant"` codes); final: completed;
 * - callback: callBack at `callbackAt` (now + retry.minDuration when none), honoured even past the
 *   attempt limit (the person asked for it; the frequency rules still apply at dispense);
 * - retryable: retry after the custom retry's interval for this attempt number (the custom retry naming
 *   the code), else retry.minDuration. The channel's limit is its maxAttempts (channel entry; without
 *   channels retry.maxAttempts), and a custom retry's `max` too: reached, the contact goes fresh on the
 *   next channel of the profile after the finished channel's retryDelay, or completes ("Channels
 *   exhausted", "Max attempts" without channels).
 * Every readyAt is pushed to the contact's next callable time (nextCallable); a class that is never
 * callable completes ("No callable window").
 */
export function afterDisposition(input: DispositionInput): DispositionOutcome {
  const { contact, profile, code, now } = input;
  const disposition = dispositionOf(code);
  if (!disposition) {
    throw new VisibleError("input", "dialer.unknown_disposition", unknownDispositionMessage(code));
  }
  const cls = disposition.class;
  const rpc = cls === "rightPartyContact";
  const base = {
    channel: contact.channel,
    attempts: contact.attempts + 1,
    totalAttempts: contact.totalAttempts + 1,
    rpcCount: contact.rpcCount + (rpc ? 1 : 0),
    classification: cls,
    rpc,
    addOrgDnc: disposition.dnc === "tenant",
    answered: ANSWERED_CLASSES.has(cls) || code === ABANDON_CODE,
    abandoned: code === ABANDON_CODE,
  };
  const completed = (completedReason: CompletedReason): DispositionOutcome => ({
    ...base,
    status: "completed",
    readyAt: null,
    completedReason,
  });
  /** Ready at the first callable minute from `from`. */
  const waiting = (
    status: "fresh" | "retry" | "callBack",
    from: number,
    extra: Partial<DispositionOutcome> = {},
  ) => {
    const readyAt = nextCallable(input.windowClass, new Date(from));
    if (!readyAt) return completed("No callable window");
    return { ...base, ...extra, status, readyAt, completedReason: null } satisfies DispositionOutcome;
  };

  if (cls === "doNotCall") return completed("Do not call");
  if (cls === "final") return completed("Final disposition");
  if (cls === "callback") {
    const at = input.callbackAt?.getTime() ?? now.getTime() + profile.retry.minDuration * MINUTE;
    return waiting("callBack", Math.max(at, now.getTime()));
  }

  const channels = channelsInOrder(profile);
  const entry = channels.find((c) => c.type === contact.channel);
  if (rpc) {
    const voiceMax = contact.channel === "Voice" ? entry?.maxContacts : null;
    if (base.rpcCount >= (voiceMax ?? profile.retry.maxContacts)) return completed("Right party contact");
  }
  const custom =
    cls === "retryable" ? profile.retry.custRetry.find((r) => r.codes.includes(code)) : undefined;
  const interval = custom?.retriesbyattempt.find((i) => base.attempts >= i.start && base.attempts <= i.end);
  const limit = Math.min(
    entry?.maxAttempts ?? profile.retry.maxAttempts,
    custom ? custom.max : Number.POSITIVE_INFINITY,
  );
  if (base.attempts < limit && (!custom || interval)) {
    const spacing = interval ? interval.minDuration : profile.retry.minDuration;
    return waiting("retry", now.getTime() + spacing * MINUTE);
  }

  const at = entry ? channels.indexOf(entry) : -1;
  const next = at >= 0 ? channels[at + 1] : undefined;
  if (!next) return completed(channels.length ? "Channels exhausted" : "Max attempts");
  return waiting("fresh", now.getTime() + (entry?.retryDelay ?? 0) * MINUTE, {
    channel: next.type,
    attempts: 0,
  });
}
