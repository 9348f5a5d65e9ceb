import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * User — a person of a tenant with the claims of their token.
 * Access patterns: get by tenant + id; list a tenant's users.
 */
export const UserEntity = new Entity({
  model: { entity: "user", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    email: { type: "string", required: true },
    name: { type: "string", required: true },
    company: { type: "string", required: true },
    tenantRole: { type: "string", required: true },
    securityRights: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
  },
});

export type UserItem = EntityItem<typeof UserEntity>;
export type CreateUserItem = CreateEntityItem<typeof UserEntity>;
