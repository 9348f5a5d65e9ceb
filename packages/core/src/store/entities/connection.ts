import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE } from "../attributes.ts";

/**
 * Connection — a browser's WebSocket connection on AWS (the Realtime stack). Expires after a day (TTL).
 * Access patterns: a tenant's connections (fan-out); find by connection id (disconnect).
 */
export const ConnectionEntity = new Entity({
  model: { entity: "connection", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    connectionId: { type: "string", required: true, readOnly: true },
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    byTenant: {
      pk: { field: "pk", composite: ["tenant"] },
      sk: { field: "sk", composite: ["connectionId"] },
    },
    byConnection: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["connectionId"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});

export type ConnectionItem = EntityItem<typeof ConnectionEntity>;
export type CreateConnectionItem = CreateEntityItem<typeof ConnectionEntity>;
