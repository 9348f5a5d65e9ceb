import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * Mail — a message kept in the embedded outbox (mail/outbox.ts): the embedded Mail adapter's whole
 * delivery, read through GET /api/outbox and the console's /outbox page. On AWS SES delivers and nothing
 * is kept here.
 * Access patterns: get by tenant + id; a tenant's outbox newest first (gsi1 by tenant, createdAt, id).
 */
export const MailEntity = new Entity({
  model: { entity: "mail", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    to: { type: "list", items: { type: "string" }, required: true },
    subject: { type: "string", required: true },
    text: { type: "string", required: true },
    html: { type: "string" },
    tag: { type: "string" },
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

export type MailItem = EntityItem<typeof MailEntity>;
export type CreateMailItem = CreateEntityItem<typeof MailEntity>;
