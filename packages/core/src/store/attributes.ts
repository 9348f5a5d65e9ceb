import type { Attribute } from "electrodb";

/** createdAt/updatedAt as ElectroDB recommends: set on create, refreshed on every write. */
export const timestamps = {
  createdAt: {
    type: "string",
    readOnly: true,
    required: true,
    default: () => new Date().toISOString(),
    set: () => new Date().toISOString(),
  },
  updatedAt: {
    type: "string",
    readOnly: true,
    required: true,
    watch: "*",
    default: () => new Date().toISOString(),
    set: () => new Date().toISOString(),
  },
} satisfies Record<string, Attribute>;

export const SERVICE = "reachcx";
