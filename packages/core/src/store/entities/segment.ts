import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * Segment — a named contact query (spec 002 §3 Segment, spec 000 Segment). The query is the typed query
 * model (core/search/ast.ts), kept as JSON text: its depth varies and ElectroDB maps are fixed shapes; the
 * API validates it on the way in and speaks objects. externalId and fieldsMappingId are the spec's fields
 * for segments made by an import (issue 12); the editor does not set them.
 * Access patterns: get by tenant + id; a tenant's segments newest first (gsi1 by tenant, createdAt, id).
 */
export const SegmentEntity = new Entity({
  model: { entity: "segment", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    description: { type: "string", required: true, default: "" },
    /** The root group of the query model, as JSON text. */
    query: { type: "string", required: true },
    sortField: { type: "string" },
    sortDirection: { type: ["asc", "desc"] as const },
    externalId: { type: "string" },
    fieldsMappingId: { type: "string" },
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

export type SegmentItem = EntityItem<typeof SegmentEntity>;
export type CreateSegmentItem = CreateEntityItem<typeof SegmentEntity>;
