import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/** A disabled tenant's users are refused at every call (the API's access gate and the live feed). */
export const TENANT_STATUSES = ["Active", "Disabled"] as const;

/**
 * Tenant — provider-level record in the reserved provider partition.
 * Access patterns: list all tenants (admin Tenants list); get by id (token check, settings merge);
 * find by api key (server-to-server calls that carry only the key).
 */
export const TenantEntity = new Entity({
  model: { entity: "tenant", version: "1", service: SERVICE },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    status: { type: TENANT_STATUSES, required: true, default: "Active" },
    licenses: { type: "list", items: { type: "string" }, required: true, default: () => [] },
    apiKey: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    // The reserved provider partition: no tenant owns it, so its key has no composite (STYLE.md allows
    // this only for provider-level records). A few thousand tenants fit one partition comfortably.
    byId: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["id"] } },
    byApiKey: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["apiKey"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});

export type TenantItem = EntityItem<typeof TenantEntity>;
export type CreateTenantItem = CreateEntityItem<typeof TenantEntity>;
