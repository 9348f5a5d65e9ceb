import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * Login — the embedded Identity's credential, one per email across all tenants (emails are unique
 * sign-in names, as in a Cognito user pool). Not tenant-owned: sign-in happens before a tenant is known.
 * Access pattern: get by email.
 */
export const LoginEntity = new Entity({
  model: { entity: "login", version: "1", service: SERVICE },
  attributes: {
    email: { type: "string", required: true, readOnly: true },
    tenant: { type: "string", required: true },
    userId: { type: "string", required: true },
    passwordHash: { type: "string", required: true },
    /** Set while the password is a temporary one (Create User): sign-in answers NEW_PASSWORD_REQUIRED. */
    mustChangePassword: { type: "boolean" },
    ...timestamps,
  },
  indexes: {
    byEmail: { pk: { field: "pk", composite: ["email"] }, sk: { field: "sk", composite: [] } },
  },
});

export type LoginItem = EntityItem<typeof LoginEntity>;
export type CreateLoginItem = CreateEntityItem<typeof LoginEntity>;
