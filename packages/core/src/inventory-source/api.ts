import * as v from "valibot";

/**
 * Where campaigns take the records they dial: ReachCX's own contacts, or the tenant's Dynamics 365
 * records through its CRM connection (docs/decisions.md, Inventory source).
 */
export const INVENTORY_SOURCES = ["ReachCX", "Dynamics 365"] as const;
export type InventorySourceName = (typeof INVENTORY_SOURCES)[number];

export const InventorySourceInput = v.strictObject({
  source: v.picklist(INVENTORY_SOURCES, "Choose ReachCX or Dynamics 365."),
});
export type InventorySourceInput = v.InferOutput<typeof InventorySourceInput>;

export const InventorySource = v.strictObject({
  source: v.picklist(INVENTORY_SOURCES),
  /** Whether Dynamics 365 can be chosen: the tenant has a Dynamics connection. */
  dynamicsConnected: v.boolean(),
  updatedAt: v.nullable(v.string()),
});
export type InventorySource = v.InferOutput<typeof InventorySource>;

/** Refused when Dynamics 365 is chosen without a connection to dial it through. */
export const NEEDS_DYNAMICS_CONNECTION =
  "Dynamics 365 needs a Dynamics connection first: configure it under Dynamics CRM.";
