import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * Campaign — spec 002 §3 Campaign. Only what the dialing profile's delete guard needs today: the
 * campaign work (issue 13) adds segments, schedules, skill and status handling. campaignProfileId is
 * written only through core/profile/usage.ts, which keeps the profile's campaign count in the same
 * transaction.
 * Access patterns: get by tenant + id; a tenant's campaigns using a profile (gsi2 by tenant + profile).
 */
export const CampaignEntity = new Entity({
  model: { entity: "campaign", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    campaignProfileId: { type: "string", required: true },
    status: { type: "string", required: true, default: "Pending" },
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
