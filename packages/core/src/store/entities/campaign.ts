import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * Campaign — spec 002 §3 Campaign: a skill plus a dialing profile plus up to 8 weighted segments.
 * campaignProfileId is written only in a transaction that moves the profile's `campaigns` count with it
 * (core/profile/usage.ts, core/campaign), so a profile in use cannot be deleted. The status changes only
 * through core/campaign's state machine, in a conditional write on the status it was read with; Active
 * and Paused hold campaign locks on the skill and the segments (CampaignLockEntity).
 * segments is JSON text of [{segmentId, segmentName, segmentRatio}] in the dialog's order.
 * cacheAction/cacheActionAt record the list-manager work an operation asks for (build on start, pause,
 * restart, reset, clear on end): the list-manager engine (issue 13, later slice) takes it from there.
 * Access patterns: get by tenant + id; a tenant's campaigns newest first (gsi1); a tenant's campaigns
 * using a profile (gsi2 by tenant + profile).
 */
export const CampaignEntity = new Entity({
  model: { entity: "campaign", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    campaignProfileId: { type: "string", required: true },
    status: {
      type: ["Pending", "Active", "Paused", "Completed", "Expired"] as const,
      required: true,
      default: "Pending",
    },
    skillId: { type: "number" },
    skillName: { type: "string" },
    skillSource: { type: "string" },
    segments: { type: "string", required: true, default: "[]" },
    sort: { type: "boolean", required: true, default: false },
    static: { type: "boolean", required: true, default: false },
    expireDate: { type: "string" },
    stopOnCompletion: { type: "boolean", required: true, default: false },
    resetOnCompletion: { type: "boolean", required: true, default: false },
    updatesEmail: { type: "string", required: true, default: "" },
    cacheAction: { type: ["build", "pause", "restart", "reset", "clear"] as const },
    cacheActionAt: { type: "string" },
    /**
     * The list manager's state of the campaign's list (docs/dialer.md): building while the build job
     * runs (buildJobId), ready once built, exhausted when nothing is left to dial, cleared after an end.
     */
    listState: { type: ["building", "ready", "exhausted", "cleared"] as const },
    buildJobId: { type: "string" },
    listBuiltAt: { type: "string" },
    /**
     * The Scheduling dialog's events (spec 002 §3 campaignSchedule, segmentSchedule): JSON text of
     * [{id, days, time, timeZone, action | segments, scheduleArn}]; each is a Scheduler schedule
     * (core/campaign/schedule.ts). Absent: none.
     */
    campaignSchedule: { type: "string" },
    segmentSchedule: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
    byCreated: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["tenant"] },
      sk: { field: "gsi1sk", composite: ["createdAt", "id"] },
    },
    byProfile: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["tenant", "campaignProfileId"] },
      sk: { field: "gsi2sk", composite: ["id"] },
    },
  },
});

export type CampaignItem = EntityItem<typeof CampaignEntity>;
export type CreateCampaignItem = CreateEntityItem<typeof CampaignEntity>;

/**
 * A campaign's hold on a skill or a segment (spec 002 §4: a campaign starts only if no other Active or
 * Paused campaign uses the same skill or any of the same segments). resource is `skill#{skillId}` or
 * `segment#{segmentId}`. Taken in the start's transaction on condition that it is absent or already this
 * campaign's; deleted, on condition that it is this campaign's, in the transaction that ends, expires or
 * deletes the campaign. Access pattern: get by tenant + resource.
 */
export const CampaignLockEntity = new Entity({
  model: { entity: "campaignLock", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    resource: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["resource"] } },
  },
});

export type CampaignLockItem = EntityItem<typeof CampaignLockEntity>;
