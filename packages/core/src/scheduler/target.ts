import * as v from "valibot";

/**
 * What a schedule carries and does when it fires (a discriminated union on `kind`): a campaign
 * operation (docs/architecture.md, Workflows and schedules), an SFTP import's poll, a REST connection's
 * pull. The same payload goes to the AWS target Lambda and to the embedded scheduler, and both hand it to
 * dispatchScheduleTarget. A campaign payload written before `kind` existed has none and reads as one.
 */
/**
 * A campaign's schedule: an event of its Scheduling dialog (an action, or segmentRatio with the event's
 * ratios, read from the campaign by eventId) or its expiry (expire). Old payloads without eventId read.
 */
const CampaignTarget = v.object({
  kind: v.literal("campaign"),
  tenant: v.string(),
  campaignId: v.string(),
  action: v.picklist(["start", "pause", "restart", "reset", "stop", "segmentRatio", "expire"]),
  eventId: v.optional(v.number()),
});

const SftpPollTarget = v.object({
  kind: v.literal("sftpPoll"),
  tenant: v.string(),
  importId: v.string(),
});

const RestPullTarget = v.object({
  kind: v.literal("restPull"),
  tenant: v.string(),
  connectionId: v.string(),
});

export const ScheduleTarget = v.pipe(
  v.unknown(),
  v.transform((input) =>
    input && typeof input === "object" && !("kind" in input) && "campaignId" in input
      ? { ...input, kind: "campaign" }
      : input,
  ),
  v.variant("kind", [CampaignTarget, SftpPollTarget, RestPullTarget]),
);
export type ScheduleTarget = v.InferOutput<typeof ScheduleTarget>;
