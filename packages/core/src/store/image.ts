import { type EntityName, entities } from "./entities.ts";

/**
 * The attributes ElectroDB writes on every item to say whose it is (its default identifier names, which
 * this service keeps). Only this module reads them: the rest of the code asks entityOf.
 */
const IDENTIFIER = { entity: "__edb_e__", version: "__edb_v__" } as const;

const byName = new Map(
  (Object.keys(entities) as EntityName[]).map((name) => [entities[name].schema.model.entity, name]),
);

/**
 * The entity a raw table item belongs to, such as a change-stream image; undefined for an item no entity
 * of this service wrote. Every entity is at version 1, so the name alone tells them apart.
 */
export function entityOf(image: Record<string, unknown> | undefined): EntityName | undefined {
  const entity = image?.[IDENTIFIER.entity];
  return typeof entity === "string" ? byName.get(entity) : undefined;
}

/** Whether a table attribute is ElectroDB's bookkeeping rather than data (the identifiers above). */
export const isIdentifier = (attribute: string) =>
  attribute === IDENTIFIER.entity || attribute === IDENTIFIER.version;
