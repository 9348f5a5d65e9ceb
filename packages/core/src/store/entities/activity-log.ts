import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { ACTIVITY_TYPES } from "../../contact/constants.ts";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * ActivityLog — what happened to a contact: System, Dial, Note, PromptPay, C2A (spec 003 §3).
 * Access patterns: a contact's activity newest first (gsi1 by tenant + contact, sorted by timestamp);
 * get by tenant + id.
 */
export const ActivityLogEntity = new Entity({
  model: { entity: "activityLog", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    type: { type: ACTIVITY_TYPES, required: true },
    disposition: { type: "string" },
    title: { type: "string" },
    body: { type: "string" },
    activityLogContactId: { type: "string", required: true },
    segment: { type: "string" },
    campaign: { type: "string" },
    agent: { type: "string" },
    contactStatus: { type: "string" },
    timestamp: { type: "string", required: true },
    metaData: { type: "any" },
    c2aId: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
    byContact: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["tenant", "activityLogContactId"] },
      sk: { field: "gsi1sk", composite: ["timestamp", "id"] },
    },
  },
});

export type ActivityLogItem = EntityItem<typeof ActivityLogEntity>;
export type CreateActivityLogItem = CreateEntityItem<typeof ActivityLogEntity>;
