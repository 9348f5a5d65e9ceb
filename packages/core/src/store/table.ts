/**
 * The single table's shape, used by the embedded runtime (CreateTable against DynamoDB Local)
 * and by stacks/Storage.ts (CDK). Keys are generic; ElectroDB entities give them meaning.
 */
export const TABLE_KEYS = { partitionKey: "pk", sortKey: "sk" } as const;

export const GSI_NAMES = ["gsi1", "gsi2", "gsi3", "gsi4"] as const;
export type GsiName = (typeof GSI_NAMES)[number];

export const gsiKeys = (name: GsiName) => ({ partitionKey: `${name}pk`, sortKey: `${name}sk` });

/** Attribute written on items that the change stream must not broadcast (none yet; kept for the indexer). */
export const STREAM_VIEW = "NEW_AND_OLD_IMAGES" as const;
