import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { API_KEY_PLACES, AUTH_TYPES, REST_METHODS } from "../../rest-connection/schema.ts";
import { SERVICE, timestamps } from "../attributes.ts";

const keyValueRows = {
  type: "list",
  required: true,
  items: {
    type: "map",
    properties: {
      key: { type: "string", required: true },
      value: { type: "string", required: true },
      description: { type: "string", required: true },
    },
  },
} as const;

/**
 * RestConnection — an outside REST API contacts are pulled from (spec 001 §3 RestConnection).
 * Access patterns: get by tenant + id; a tenant's connections newest first (gsi1 by tenant, sorted by
 * createdAt then id, so connections created in the same millisecond still page in one stable order).
 * The auth info's secrets (value, token, password) are sealed by the Secrets port before they get here.
 */
export const RestConnectionEntity = new Entity({
  model: { entity: "restConnection", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    endpoint: { type: "string", required: true },
    method: { type: REST_METHODS, required: true },
    headers: keyValueRows,
    params: keyValueRows,
    /** Spec 001 §3 auth {type, info}: info holds the chosen type's fields only. */
    auth: {
      type: "map",
      required: true,
      properties: {
        type: { type: AUTH_TYPES, required: true },
        info: {
          type: "map",
          properties: {
            key: { type: "string" },
            value: { type: "string" },
            addTo: { type: API_KEY_PLACES },
            token: { type: "string" },
            username: { type: "string" },
            password: { type: "string" },
            loginUrl: { type: "string" },
            issuer: { type: "string" },
          },
        },
      },
    },
    enabled: { type: "boolean", required: true },
    /** How often its schedule pulls, in minutes; absent: pulled only with 'Run now' (core/rest-connection/pull-schedule.ts). */
    pullEveryMinutes: { type: "number" },
    listPath: { type: "string", required: true },
    /** Which answer field fills which contact field, in the editor's order. */
    mapping: {
      type: "list",
      required: true,
      items: {
        type: "map",
        properties: { from: { type: "string", required: true }, to: { type: "string", required: true } },
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

export type RestConnectionItem = EntityItem<typeof RestConnectionEntity>;
export type CreateRestConnectionItem = CreateEntityItem<typeof RestConnectionEntity>;
