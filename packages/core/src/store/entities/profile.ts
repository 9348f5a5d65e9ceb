import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * Profile — a dialing profile (spec 002 §3 Dialing Profile). scrubber, retry (with its custom retries),
 * ai, compliance and channels are structured attributes validated by core/profile/schema.ts on the way in.
 * `campaigns` counts the campaigns that name the profile: every campaign write that sets or changes
 * campaignProfileId moves it in the same transaction (core/profile/usage.ts), and a profile's delete is
 * conditional on it being 0, so a delete and a campaign create can never both succeed.
 * Access patterns: get by tenant + id; a tenant's profiles newest first (gsi1 by tenant, createdAt, id).
 */
export const ProfileEntity = new Entity({
  model: { entity: "profile", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    useAi: { type: "boolean", required: true },
    freshLIFO: { type: "boolean", required: true },
    retryLIFO: { type: "boolean", required: true },
    scrubber: {
      type: "map",
      required: true,
      properties: {
        cell: { type: "boolean", required: true },
        natDnc: { type: "boolean", required: true },
        stateDnc: { type: "boolean", required: true },
        orgDnc: { type: "boolean", required: true },
        phoneDup: { type: "boolean", required: true },
        contactDup: { type: "boolean", required: true },
      },
    },
    /** {ratio, minDuration, maxAttempts, maxContacts, custRetry[]} (schema.ts Retry). */
    retry: { type: "any", required: true },
    ai: {
      type: "map",
      required: true,
      properties: { org: { type: "boolean", required: true }, system: { type: "boolean", required: true } },
    },
    /** The switchable calling rules (schema.ts Compliance); absent on profiles saved before it: Reg F on. */
    compliance: { type: "map", properties: { regF: { type: "boolean" } } },
    /** Profile channels in order (schema.ts Channel). */
    channels: { type: "any", required: true },
    campaigns: { type: "number", required: true, default: 0 },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
    byCreated: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["tenant"] },
      sk: { field: "gsi1sk", composite: ["createdAt", "id"] },
    },
  },
});

export type ProfileItem = EntityItem<typeof ProfileEntity>;
export type CreateProfileItem = CreateEntityItem<typeof ProfileEntity>;
