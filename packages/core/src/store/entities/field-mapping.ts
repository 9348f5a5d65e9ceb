import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * FieldMapping — how an import file's headers become contact fields (spec 001 §3 FieldsMapping).
 * Access patterns: get by tenant + id; a tenant's mappings newest first (gsi1 by tenant, sorted by
 * createdAt then id, so mappings created in the same millisecond still page in one stable order).
 */
export const FieldMappingEntity = new Entity({
  model: { entity: "fieldMapping", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    /** The rows in the order the editor shows them: a file header and the contact field it fills. */
    mappings: {
      type: "list",
      required: true,
      items: {
        type: "map",
        properties: {
          fromField: { type: "string", required: true },
          toField: { type: "string", required: true },
        },
      },
    },
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

export type FieldMappingItem = EntityItem<typeof FieldMappingEntity>;
export type CreateFieldMappingItem = CreateEntityItem<typeof FieldMappingEntity>;
