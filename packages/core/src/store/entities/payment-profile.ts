import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * PaymentProfile — spec 003 §3 PaymentProfile, as far as dialing profiles need it: a non-voice channel
 * names one (id and name). The C3 work adds the rest of the fields and the screens that create them.
 * Access patterns: get by tenant + id; a tenant's payment profiles newest first.
 */
export const PaymentProfileEntity = new Entity({
  model: { entity: "paymentProfile", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
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

export type PaymentProfileItem = EntityItem<typeof PaymentProfileEntity>;
export type CreatePaymentProfileItem = CreateEntityItem<typeof PaymentProfileEntity>;
