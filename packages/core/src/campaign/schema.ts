import * as v from "valibot";

/**
 * Campaigns (spec 002 Campaigns screen, Campaign dialog, §3 Campaign, §4 statuses and operations, §5
 * Campaign form, §8 Campaign messages, §9): a skill plus a dialing profile plus up to 8 weighted segments.
 * These are the dialog's rules, shared by the console's form and the API.
 */

/** Spec 002 §5 (and spec 000 §5 Campaign), verbatim. */
export const NAME_REQUIRED_MESSAGE = "A Campaign name is required";
export const NAME_INVALID_MESSAGE = "Please enter a valid campaign name";
export const SKILL_REQUIRED_MESSAGE = "A skill is required";
export const PROFILE_REQUIRED_MESSAGE = "A profile is required";
export const DATE_REQUIRED_MESSAGE = "A date is required";
export const DATE_PAST_MESSAGE = "Expire date must be after today";
export const SEGMENTS_REQUIRED_MESSAGE = "At least one segment is required.";
export const SEGMENTS_MAX_MESSAGE = "Campaigns cannot have more than 8 segments.";
/** Spec 002 §5 tooltips of the segment picker, verbatim. */
export const SELECT_SEGMENT_TOOLTIP = "Select a segment";
export const RATIO_INVALID_MESSAGE = "Segment Ratio Is Invalid";
export const SEGMENTS_MAX_TOOLTIP = "A campaign cannot have more than 8 segments.";
/** Spec 002 §5 states the rule in these words. */
export const SEGMENT_TWICE_MESSAGE = "Each segment may be used only once.";
/** Spec 002 §8, verbatim. */
export const IN_USE_MESSAGE = "The skill and/or one or more segments are in use by another campaign";
export const EDIT_COMPLETED_MESSAGE = "Unable to edit a campaign in a completed state.";
export const EDIT_EXPIRED_MESSAGE = "Unable to edit an expired campaign.";
export const CREATED_MESSAGE = "Campaign Created";
export const UPDATED_MESSAGE = "Campaign Updated";
export const PAUSED_MESSAGE = "Campaign successfully paused";
export const RESTARTED_MESSAGE = "Campaign successfully restarted";
export const startedMessage = (name: string) => `Campaign ${name} Started`;
export const stoppedMessage = (name: string) => `Campaign ${name} Stopped`;
/** Ours: why an Active or Paused campaign's dialog locks its skill and segments (the API's 409 too). */
export const LOCKED_CHANGE_MESSAGE =
  "The skill and the segments of an Active or Paused campaign cannot change. End the campaign to change them.";
/** Spec 002 §4: a clone's name. */
export const CLONE_SUFFIX = " - Clone";

/** Ours: rules the spec states without words (docs/decisions.md, Campaigns). */
export const ALL_RATIOS_ZERO_MESSAGE = "At least one segment needs a ratio above 0";
export const NAME_LONG_MESSAGE = "Campaign name must be 100 characters or less";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address";
export const SKILL_NAME_REQUIRED_MESSAGE = "The skill's name is required";

export const LIMITS = {
  nameMax: 100,
  segmentsMax: 8,
  ratio: { min: 0, max: 100, default: 1 },
} as const;
/** Spec 002 §9: the campaign table pages 10. */
export const CAMPAIGN_PAGE_SIZE = 10;

/** Spec 002 §4 Exhaustion action: the dialog's choice and the two flags it maps to. */
export const EXHAUSTION_ACTIONS = ["None", "End Campaign", "Reset Campaign"] as const;
export type ExhaustionAction = (typeof EXHAUSTION_ACTIONS)[number];
export const exhaustionFlags = (action: ExhaustionAction) => ({
  stopOnCompletion: action === "End Campaign",
  resetOnCompletion: action === "Reset Campaign",
});
export const exhaustionOf = (flags: { stopOnCompletion: boolean; resetOnCompletion: boolean }) =>
  flags.stopOnCompletion ? "End Campaign" : flags.resetOnCompletion ? "Reset Campaign" : "None";

/** Spec 002 §3: a new campaign expires one month from now. */
export function defaultExpiry(now = new Date()): Date {
  const d = new Date(now);
  d.setMonth(d.getMonth() + 1);
  return d;
}

/** A segment's share of the campaign, as the dialog shows it: its ratio over the sum of ratios, in %. */
export function shareOf(ratio: number, ratios: readonly number[]): number {
  const sum = ratios.reduce((a, b) => a + b, 0);
  return sum > 0 ? Math.round((ratio / sum) * 1000) / 10 : 0;
}

/**
 * Letters, numbers and spaces (spec 002 §5), with at least one letter or digit, and hyphens: a clone is
 * named '{name} - Clone' (spec 002 §4), which must pass the dialog it opens in (docs/decisions.md). Empty is
 * "required".
 */
const NAME_PATTERN = /^$|^[A-Za-z0-9 -]*[A-Za-z0-9][A-Za-z0-9 -]*$/;

export const CampaignName = v.pipe(
  v.string(NAME_REQUIRED_MESSAGE),
  v.trim(),
  v.minLength(1, NAME_REQUIRED_MESSAGE),
  v.maxLength(LIMITS.nameMax, NAME_LONG_MESSAGE),
  v.regex(NAME_PATTERN, NAME_INVALID_MESSAGE),
);

export const SegmentRatio = v.pipe(
  v.number(RATIO_INVALID_MESSAGE),
  v.integer(RATIO_INVALID_MESSAGE),
  v.minValue(LIMITS.ratio.min, RATIO_INVALID_MESSAGE),
  v.maxValue(LIMITS.ratio.max, RATIO_INVALID_MESSAGE),
);

/** One entry of the Selected Segments list; the server fills in the segment's name. */
export const CampaignSegmentInput = v.strictObject({
  segmentId: v.pipe(
    v.string(SELECT_SEGMENT_TOOLTIP),
    v.minLength(1, SELECT_SEGMENT_TOOLTIP),
    v.maxLength(100),
  ),
  segmentRatio: v.optional(SegmentRatio, LIMITS.ratio.default),
});
export type CampaignSegmentInput = v.InferOutput<typeof CampaignSegmentInput>;

/**
 * The Selected Segments list, in its order (drag reorder): 1 to 8, each segment once, and not every ratio
 * 0 (a campaign whose ratios are all 0 could never dispense). A 9th is refused, not cut.
 */
export const CampaignSegments = v.pipe(
  v.array(CampaignSegmentInput, SEGMENTS_REQUIRED_MESSAGE),
  v.minLength(1, SEGMENTS_REQUIRED_MESSAGE),
  v.maxLength(LIMITS.segmentsMax, SEGMENTS_MAX_MESSAGE),
  v.check((list) => new Set(list.map((s) => s.segmentId)).size === list.length, SEGMENT_TWICE_MESSAGE),
  v.check((list) => list.some((s) => s.segmentRatio > 0), ALL_RATIOS_ZERO_MESSAGE),
);

/** An ISO timestamp that is required and after `now` (checked when the body is parsed). */
const ExpireDate = v.pipe(
  v.string(DATE_REQUIRED_MESSAGE),
  v.trim(),
  v.minLength(1, DATE_REQUIRED_MESSAGE),
  v.check((s) => s === "" || !Number.isNaN(Date.parse(s)), DATE_REQUIRED_MESSAGE),
  v.check((s) => Number.isNaN(Date.parse(s)) || Date.parse(s) > Date.now(), DATE_PAST_MESSAGE),
  v.transform((s) => new Date(s).toISOString()),
);

/** The platform's skill id (a positive whole number); the dialog sends the chosen skill's id and name. */
const SkillId = v.pipe(
  v.number(SKILL_REQUIRED_MESSAGE),
  v.integer(SKILL_REQUIRED_MESSAGE),
  v.minValue(1, SKILL_REQUIRED_MESSAGE),
);

/**
 * POST /api/campaigns and PUT /api/campaigns/{id}: the dialog's whole form (spec 002 §7: the save input
 * carries skillName and skillSource from the chosen skill). A missing field takes an empty default, so it
 * is refused with the spec's sentence rather than valibot's "missing key".
 */
export const CampaignBody = v.strictObject({
  name: v.optional(CampaignName, ""),
  skillId: v.optional(SkillId, 0),
  skillName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ""),
  skillSource: v.optional(v.pipe(v.string(), v.maxLength(20)), "NiC"),
  campaignProfileId: v.optional(
    v.pipe(v.string(PROFILE_REQUIRED_MESSAGE), v.minLength(1, PROFILE_REQUIRED_MESSAGE), v.maxLength(100)),
    "",
  ),
  expireDate: v.optional(ExpireDate, ""),
  exhaustionAction: v.optional(v.picklist(EXHAUSTION_ACTIONS), "None"),
  updatesEmail: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), EMAIL_INVALID_MESSAGE),
      v.maxLength(254, EMAIL_INVALID_MESSAGE),
    ),
    "",
  ),
  static: v.optional(v.boolean(), false),
  sort: v.optional(v.boolean(), false),
  segments: v.optional(CampaignSegments, []),
});

/**
 * The body with its skill required: the optional defaults above exist only so a missing field is refused
 * with its sentence (the default fails the field's own rule).
 */
export const CampaignForm = v.pipe(
  CampaignBody,
  v.forward(
    v.check((b) => b.skillName.length > 0, SKILL_NAME_REQUIRED_MESSAGE),
    ["skillName"],
  ),
);
export type CampaignForm = v.InferOutput<typeof CampaignForm>;
