import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * Fees — a vendor's pricing (spec 003 §3 "Fees record"): the pricing type and the values of the
 * Visa/MC/Discover, Amex (absent when disabled) and all-card groups, as maps of field -> number (the spec's
 * JSON strings become structured attributes). One per vendor, in the provider partition.
 * Access patterns: get by vendor (get-fees/{id}).
 */
export const FeesEntity = new Entity({
  model: { entity: "fees", version: "1", service: SERVICE },
  attributes: {
    vendor: { type: "string", required: true, readOnly: true },
    /** The row id save-fees answers. */
    id: { type: "string", required: true },
    type: { type: ["ERR", "Tiered", "Interchange", "Flat"] as const, required: true },
    vmdPricing: { type: "any", required: true },
    amexPricing: { type: "any" },
    fees: { type: "any", required: true },
    internalExempt: { type: "boolean", required: true, default: false },
    ...timestamps,
  },
  indexes: {
    byVendor: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["vendor"] } },
  },
});

export type FeesItem = EntityItem<typeof FeesEntity>;
export type CreateFeesItem = CreateEntityItem<typeof FeesEntity>;
