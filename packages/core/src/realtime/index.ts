import { entityOf } from "../store/image.ts";
import type { ChangeEvent } from "./protocol.ts";

export * from "./protocol.ts";

export interface ChangeRecord {
  eventName: "INSERT" | "MODIFY" | "REMOVE";
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
}

/**
 * Entities whose changes are not a tenant's business (credentials, connections), or that no screen shows
 * (a push project's claim: the mobile application record's own change refreshes the screens; a job's slot:
 * the job's own change does; a campaign's lock: the campaign's own change does), and the list manager's
 * per-contact records (a campaign build writes a million of them; screens follow the counters instead).
 */
const PRIVATE_ENTITIES = new Set([
  "login",
  "connection",
  "pushProject",
  "jobSlot",
  "campaignLock",
  "campaignContact",
  "contactPace",
  "campaignHour",
  "dispenseBatch",
  "queueCursor",
  "dialerLease",
  "activeCampaign",
  "campaignPhone",
]);

/** Records that belong to a campaign and are announced under its id (the status dialog follows them). */
const CAMPAIGN_PARTS = new Set(["campaignCounter", "campaignDay"]);

/**
 * Maps a change-stream record of the single table to the tenant it concerns and the event to send.
 * Shared by the embedded live feed and the AWS WebSocket fan-out so both say the same thing.
 */
export function toChangeEvent(record: ChangeRecord): { tenant: string; event: ChangeEvent } | undefined {
  const image = record.newImage ?? record.oldImage;
  const entity = entityOf(image);
  if (!image || !entity || PRIVATE_ENTITIES.has(entity)) return undefined;
  const tenant = entity === "tenant" ? image.id : image.tenant;
  if (typeof tenant !== "string") return undefined;
  const id = CAMPAIGN_PARTS.has(entity)
    ? (image.campaignId as string)
    : typeof image.id === "string"
      ? image.id
      : entity === "tenantSettings"
        ? tenant
        : null;
  return { tenant, event: { entity, op: record.eventName === "REMOVE" ? "remove" : "upsert", id } };
}
