import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * MobileConfiguration — a mobile application and its push channels (spec 001 §3). The channel credentials
 * (androidApiKey, certificate, privateKey) are write-only and kept by the push platform only; the item
 * records whether each was given, so the editor can say "set" or "not set".
 * Access patterns: get by tenant + id; a tenant's applications newest first (gsi1 by tenant, createdAt, id).
 */
export const MobileConfigurationEntity = new Entity({
  model: { entity: "mobileConfiguration", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    /** Fixed after creation (spec 001 §4). */
    name: { type: "string", required: true, readOnly: true },
    description: { type: "string", required: true },
    /** The push platform's project (Pinpoint ApplicationId), also claimed in pushProject. */
    projectId: { type: "string", required: true, readOnly: true },
    androidEnabled: { type: "boolean", required: true },
    iosEnabled: { type: "boolean", required: true },
    androidApiKeySet: { type: "boolean", required: true },
    iosCredentialsSet: { type: "boolean", required: true },
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

export type MobileConfigurationItem = EntityItem<typeof MobileConfigurationEntity>;
export type CreateMobileConfigurationItem = CreateEntityItem<typeof MobileConfigurationEntity>;
