import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * InventorySource — one per tenant: where campaigns take the records they dial (the inventory-control
 * accordion of /config/inventory-source; docs/decisions.md, Inventory source). Absent means ReachCX.
 * Access pattern: get by tenant.
 */
export const InventorySourceEntity = new Entity({
  model: { entity: "inventorySource", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    source: { type: ["ReachCX", "Dynamics 365"] as const, required: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: [] } },
  },
});

export type InventorySourceItem = EntityItem<typeof InventorySourceEntity>;
export type CreateInventorySourceItem = CreateEntityItem<typeof InventorySourceEntity>;
