import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE } from "../attributes.ts";

/**
 * DoNotCall — a phone number a tenant must not dial (spec 000 DoNotCall: tenant, phone, sources), one item
 * per number and source, so each source's loader writes and expires its own entries without touching the
 * others (docs/compliance.md). phone is 10 digits (a US number without its country code).
 * Access patterns: get by tenant + phone + source (the batch check reads 3 keys a number); a tenant's
 * numbers in phone order, optionally by prefix (the screen's search).
 */
export const DoNotCallEntity = new Entity({
  model: { entity: "doNotCall", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    phone: { type: "string", required: true, readOnly: true },
    source: { type: ["org", "state", "national"] as const, required: true, readOnly: true },
    /** For state lists: the state whose registry listed it. */
    region: { type: "string" },
    /** ISO date (YYYY-MM-DD): from that day on the entry no longer blocks. */
    expiresAt: { type: "string" },
    /** Who added it: a user's email, `import:{file}`, `loader:{source}` or `disposition:{code}`. */
    addedBy: { type: "string", required: true },
    addedAt: { type: "string", required: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byTenant: {
      pk: { field: "pk", composite: ["tenant"] },
      sk: { field: "sk", composite: ["phone", "source"] },
    },
  },
});

export type DoNotCallItem = EntityItem<typeof DoNotCallEntity>;
export type CreateDoNotCallItem = CreateEntityItem<typeof DoNotCallEntity>;
