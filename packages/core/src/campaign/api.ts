import * as v from "valibot";
import { PageQuery, pageOf } from "../paging.ts";
import { ActionEvent, RatioEvent } from "./schedule-schema.ts";
import { EXHAUSTION_ACTIONS } from "./schema.ts";
import { CAMPAIGN_STATUSES, ROW_ACTIONS } from "./state.ts";

/**
 * The campaigns API's answers and parameters (spec 002 §7: campaignsByTenant, createCampaign,
 * updateCampaign, deleteCampaign as REST resources /api/campaigns; the dialer's REST calls under
 * /api/cache/*), apart from schema.ts so the console can import the form's rules without these.
 */

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

export const CampaignSegment = v.strictObject({
  segmentId: v.string(),
  segmentName: v.string(),
  segmentRatio: v.number(),
});
export type CampaignSegment = v.InferOutput<typeof CampaignSegment>;

export const CACHE_ACTIONS = ["build", "pause", "restart", "reset", "clear"] as const;

/** A campaign as the API answers it. */
export const Campaign = v.strictObject({
  tenant: v.string(),
  id: v.string(),
  name: v.string(),
  skillId: v.nullable(v.number()),
  skillName: v.string(),
  skillSource: v.string(),
  campaignProfileId: v.string(),
  /** The dialing profile's name as it is now (the table's Profile column). */
  profileName: v.string(),
  segments: v.array(CampaignSegment),
  sort: v.boolean(),
  static: v.boolean(),
  status: v.picklist(CAMPAIGN_STATUSES),
  expireDate: v.nullable(timestamp),
  /** The expiry date has passed (a start is refused; the expiry schedule moves it to Expired). */
  expired: v.boolean(),
  stopOnCompletion: v.boolean(),
  resetOnCompletion: v.boolean(),
  exhaustionAction: v.picklist(EXHAUSTION_ACTIONS),
  updatesEmail: v.string(),
  /**
   * The list-manager work the last operation asked for and when (build on start, pause, restart, reset,
   * clear on end); the engine that does it is a later slice of issue 13 (docs/decisions.md, Campaigns).
   */
  cache: v.nullable(v.strictObject({ action: v.picklist(CACHE_ACTIONS), requestedAt: timestamp })),
  /** Which row actions the Campaigns screen enables for this status (spec 002 §4). */
  actions: v.strictObject(
    Object.fromEntries(ROW_ACTIONS.map((a) => [a, v.boolean()])) as Record<
      (typeof ROW_ACTIONS)[number],
      v.BooleanSchema<undefined>
    >,
  ),
  /** The Scheduling dialog's events (spec 002 §3): actions, and segment ratios. */
  campaignSchedule: v.array(ActionEvent),
  segmentSchedule: v.array(RatioEvent),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Campaign = v.InferOutput<typeof Campaign>;

export const CampaignPage = pageOf(Campaign);
export const CampaignListQuery = PageQuery;
export const CampaignIdParam = v.object({ id: Id });

/** POST /api/cache/create (spec 002 §7: campaignId, dataSource 'beast'). */
export const CacheCreateBody = v.strictObject({
  campaignId: Id,
  dataSource: v.optional(v.literal("beast"), "beast"),
});
/** /api/cache/{pause,restart,delete}/{campaignId}/{skillId}. */
export const CacheSkillParams = v.object({
  campaignId: Id,
  skillId: v.pipe(v.string(), v.regex(/^\d{1,20}$/, "skillId is a whole number"), v.transform(Number)),
});
/** /api/cache/reset/{campaignId}. */
export const CacheCampaignParam = v.object({ campaignId: Id });
