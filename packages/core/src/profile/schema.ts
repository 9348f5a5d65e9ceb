import * as v from "valibot";
import { boundedArray } from "../bounds.ts";
import { DISPOSITIONS, isDispositionCode } from "../disposition/index.ts";

/**
 * Dialing profiles (spec 002 Dialing Profile page, §3 Dialing Profile / Profile channel / Custom retry,
 * §4-§5 Dialing profile, Custom retry dialog, Channel dialog, §9): how a campaign scrubs, orders, retries
 * and spreads its contacts over channels. What each number means to the engine: docs/dialing.md.
 */

/** Spec 002 §5, §8 and §9, verbatim. */
export const NAME_REQUIRED_MESSAGE = "A Profile name is required";
/** Spec 003 §5's sentence for a profile name without a letter or digit (spec 002 gives the rule, no words). */
export const NAME_INVALID_MESSAGE = "Please enter a valid profile name";
export const CREATED_MESSAGE = "Profile Created";
export const UPDATED_MESSAGE = "Profile Updated";
export const IN_USE_MESSAGE = "Cannot delete the profile. Campaigns are using it.";
export const ALL_CODES_USED_MESSAGE =
  "All Dispositions already have been configured with a custom retry setting";
export const TTL_NOTE = "Retries aren't activated till ttl has been met";
export const NO_PAYMENT_PROFILES_MESSAGE = "There are no C2A payment profiles configured";
/** Ours: the rules the spec states without words. */
export const PAYMENT_PROFILE_REQUIRED_MESSAGE =
  "A C2A payment profile is required for SMS and Email channels";
export const UNKNOWN_PAYMENT_PROFILE_MESSAGE = "This payment profile does not exist";
export const CHANNEL_TWICE_MESSAGE = "Each channel type can be added once";
export const CODE_TWICE_MESSAGE = "A disposition can be in one custom retry only";
export const UNKNOWN_CODE_MESSAGE = "Not a disposition code";
export const CHAIN_MESSAGE = "Each interval starts at the last end + 1, the first at 1";
export const END_BELOW_START_MESSAGE = "The end attempt cannot be below the start attempt";

/** 'Use {n} retries in a batch of 100 contacts.' (spec 002 §9). */
export const ratioText = (n: number) => `Use ${n} retries in a batch of ${100} contacts.`;

export const LIMITS = {
  nameMax: 100,
  ratio: { min: 0, max: 100 },
  maxAttempts: { min: 1, max: 300 },
  maxContacts: { min: 1, max: 300 },
  /** Minutes; a custom retry interval's minDuration (spec 002 §5: 1-10080, a week). */
  minDuration: { min: 1, max: 10_080 },
  /** The profile's default spacing between attempts may be 0 (redial as soon as the dialer can). */
  retryMinDuration: { min: 0, max: 10_080 },
  endAttempt: { max: 99 },
  /** Days 0-99, hours 0-23, minutes 0-59 (spec 002 §5), stored as minutes. */
  retryDelay: { days: 99, hours: 23, minutes: 59, max: 99 * 1440 + 23 * 60 + 59 },
  customRetries: 50,
  channels: 3,
} as const;

export const CHANNEL_TYPES = ["Voice", "SMS", "Email"] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Splits stored minutes into the dialog's days, hours and minutes, and back. */
export const splitDelay = (total: number) => ({
  days: Math.floor(total / 1440),
  hours: Math.floor((total % 1440) / 60),
  minutes: total % 60,
});
export const joinDelay = (d: { days: number; hours: number; minutes: number }) =>
  d.days * 1440 + d.hours * 60 + d.minutes;

const int = (min: number, max: number, label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );

const hasAlphanumeric = /[A-Za-z0-9]/;

export const ProfileName = v.pipe(
  v.string(NAME_REQUIRED_MESSAGE),
  v.trim(),
  v.minLength(1, NAME_REQUIRED_MESSAGE),
  v.maxLength(LIMITS.nameMax, `Profile name must be ${LIMITS.nameMax} characters or less`),
  v.check((name) => name.length === 0 || hasAlphanumeric.test(name), NAME_INVALID_MESSAGE),
);

export const RetryInterval = v.strictObject({
  start: int(1, LIMITS.endAttempt.max, "Start attempt"),
  end: int(1, LIMITS.endAttempt.max, "End attempt"),
  minDuration: int(LIMITS.minDuration.min, LIMITS.minDuration.max, "Minimum duration"),
  priority: v.optional(int(1, 100, "Priority"), 1),
});

/** start = previous end + 1 (the first 1), end >= start: the intervals tile attempts 1..max. */
export function chainProblem(intervals: readonly { start: number; end: number }[]): string | null {
  let next = 1;
  for (const interval of intervals) {
    if (interval.start !== next) return CHAIN_MESSAGE;
    if (interval.end < interval.start) return END_BELOW_START_MESSAGE;
    next = interval.end + 1;
  }
  return null;
}

export const CustomRetry = v.pipe(
  v.strictObject({
    name: v.pipe(
      v.string(NAME_REQUIRED_MESSAGE),
      v.trim(),
      v.minLength(1, "A custom retry name is required"),
      v.maxLength(50, "Custom retry name must be 50 characters or less"),
      v.check((n) => n.length === 0 || hasAlphanumeric.test(n), "Please enter a valid custom retry name"),
    ),
    codes: v.pipe(
      boundedArray(
        v.pipe(v.number(), v.check(isDispositionCode, UNKNOWN_CODE_MESSAGE)),
        DISPOSITIONS.length,
        "Too many codes",
      ),
      v.minLength(1, "Choose at least one disposition"),
      v.check((codes) => new Set(codes).size === codes.length, CODE_TWICE_MESSAGE),
    ),
    retriesbyattempt: v.pipe(
      boundedArray(RetryInterval, LIMITS.endAttempt.max, "At most 99 intervals"),
      v.minLength(1, "Add at least one interval"),
      v.check((intervals) => chainProblem(intervals) === null, CHAIN_MESSAGE),
    ),
    /** The last attempt the intervals reach; the server sets it from them. */
    max: v.optional(v.number()),
  }),
  v.transform((retry) => ({ ...retry, max: retry.retriesbyattempt.at(-1)?.end ?? 0 })),
);
export type CustomRetry = v.InferOutput<typeof CustomRetry>;

export const Channel = v.pipe(
  v.strictObject({
    type: v.picklist(CHANNEL_TYPES, "type is Voice, SMS or Email"),
    /** Renumbered from the list's order on save. */
    order: v.optional(v.number()),
    retryDelay: int(0, LIMITS.retryDelay.max, "Retry delay"),
    maxAttempts: int(LIMITS.maxAttempts.min, LIMITS.maxAttempts.max, "Max Attempts"),
    maxContacts: v.optional(v.nullable(int(LIMITS.maxContacts.min, LIMITS.maxContacts.max, "Max Contacts"))),
    paymentProfileId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
    paymentProfileName: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
    defaultTimeZone: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(60)))),
  }),
  v.forward(
    v.check((c) => c.type === "Voice" || Boolean(c.paymentProfileId), PAYMENT_PROFILE_REQUIRED_MESSAGE),
    ["paymentProfileId"],
  ),
  v.forward(
    v.check(
      (c) => c.type === "Voice" || c.maxContacts === undefined || c.maxContacts === null,
      "Max Contacts is for voice only",
    ),
    ["maxContacts"],
  ),
);
export type ChannelInput = v.InferOutput<typeof Channel>;

const flag = v.optional(v.boolean(), false);

export const Scrubber = v.strictObject({
  cell: flag,
  natDnc: flag,
  stateDnc: flag,
  orgDnc: v.optional(v.boolean(), true),
  phoneDup: flag,
  contactDup: flag,
});

export const Retry = v.strictObject({
  ratio: v.optional(int(LIMITS.ratio.min, LIMITS.ratio.max, "Retry ratio"), 20),
  minDuration: v.optional(
    int(LIMITS.retryMinDuration.min, LIMITS.retryMinDuration.max, "Minimum duration"),
    60,
  ),
  maxAttempts: v.optional(int(LIMITS.maxAttempts.min, LIMITS.maxAttempts.max, "Max Attempts"), 3),
  maxContacts: v.optional(int(LIMITS.maxContacts.min, LIMITS.maxContacts.max, "Max Contacts"), 1),
  custRetry: v.optional(
    v.pipe(
      boundedArray(CustomRetry, LIMITS.customRetries, `At most ${LIMITS.customRetries} custom retries`),
      v.check((retries) => {
        const codes = retries.flatMap((r) => r.codes);
        return new Set(codes).size === codes.length;
      }, CODE_TWICE_MESSAGE),
    ),
    [],
  ),
});

/**
 * Calling rules a tenant may switch: Reg F's call frequency (12 CFR 1006.14(b)(2): 7 attempts in 7 days,
 * none for 7 days after a conversation), on by default. The federal and state calling windows and state
 * caps have no switch (docs/compliance.md).
 */
export const Compliance = v.strictObject({ regF: v.optional(v.boolean(), true) });

/** POST /api/profiles and PUT /api/profiles/{id}: the whole page. */
export const ProfileBody = v.strictObject({
  name: v.optional(ProfileName, ""),
  useAi: flag,
  freshLIFO: flag,
  retryLIFO: flag,
  scrubber: v.optional(Scrubber, {}),
  retry: v.optional(Retry, {}),
  ai: v.optional(v.strictObject({ org: flag, system: flag }), {}),
  compliance: v.optional(Compliance, {}),
  channels: v.optional(
    v.pipe(
      boundedArray(Channel, LIMITS.channels, CHANNEL_TWICE_MESSAGE),
      v.check((list) => new Set(list.map((c) => c.type)).size === list.length, CHANNEL_TWICE_MESSAGE),
    ),
    [],
  ),
});
export type ProfileBody = v.InferOutput<typeof ProfileBody>;

/** A new profile as the page starts it (spec 002 §9: ratio 20, only orgDnc on). */
export const newProfile = (): ProfileBody => v.parse(ProfileBody, { name: "New profile" });
