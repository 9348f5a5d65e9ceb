import type { ChangeRecord } from "../realtime/index.ts";
import type { EntityName } from "../store/entities.ts";
import { entityOf, isIdentifier } from "../store/image.ts";
import type { Search, SearchDoc, SearchModel } from "./port.ts";

/** Attributes of the table item that are storage plumbing (keys, ElectroDB's identifiers), not fields. */
const KEYS = /^(pk|sk|gsi\d+pk|gsi\d+sk|externalKey)$/;
const isInternal = (attribute: string) => KEYS.test(attribute) || isIdentifier(attribute);

/** A stored contact as the search engine holds it: flat, custom fields as their `custom:{name}` keys. */
export function contactDoc(image: Record<string, unknown>): SearchDoc {
  const doc: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(image)) {
    if (isInternal(key) || key === "customFields") continue;
    doc[key] = value;
  }
  const custom = image.customFields;
  if (custom && typeof custom === "object") Object.assign(doc, custom);
  return doc as SearchDoc;
}

/** A stored activity log as the search engine holds it: flat, metaData kept as written. */
export function activityDoc(image: Record<string, unknown>): SearchDoc {
  const doc: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(image)) if (!isInternal(key)) doc[key] = value;
  return doc as SearchDoc;
}

interface Indexed {
  model: SearchModel;
  doc: (image: Record<string, unknown>) => SearchDoc;
}

/** Table entities that have a search index, with the document each becomes. */
export const INDEXED: Partial<Record<EntityName, Indexed>> = {
  contact: { model: "contact", doc: contactDoc },
  activityLog: { model: "activitylog", doc: activityDoc },
};

/**
 * The one indexer: turns change-stream records into index writes, contacts and activity logs. Within a
 * batch the last change of each item wins and the adapters never let an older image replace a newer one
 * (by updatedAt), so replaying records leaves the index as it was (idempotent). A failed write throws:
 * the caller (the change feed, or Lambda's stream retry) delivers the batch again, nothing is skipped.
 */
export async function indexChanges(search: Search, records: ChangeRecord[]) {
  const latest = new Map<string, { record: ChangeRecord; indexed: Indexed }>();
  for (const record of records) {
    const image = record.newImage ?? record.oldImage;
    const entity = entityOf(image);
    const indexed = entity && INDEXED[entity];
    if (!indexed) continue;
    latest.set(`${entity}\u0000${image?.tenant}\u0000${image?.id}`, { record, indexed });
  }
  const upserts = new Map<SearchModel, SearchDoc[]>();
  const removes = new Map<SearchModel, { tenant: string; id: string }[]>();
  const add = <T>(map: Map<SearchModel, T[]>, model: SearchModel, item: T) => {
    const items = map.get(model);
    if (items) items.push(item);
    else map.set(model, [item]);
  };
  for (const { record, indexed } of latest.values()) {
    const image = (record.newImage ?? record.oldImage) as Record<string, unknown>;
    const { model, doc } = indexed;
    if (record.eventName === "REMOVE" || !record.newImage)
      add(removes, model, { tenant: image.tenant as string, id: image.id as string });
    else add(upserts, model, doc(record.newImage));
  }
  for (const [model, docs] of upserts) await search.upsert(model, docs);
  for (const [model, keys] of removes) await search.remove(model, keys);
  const count = (map: Map<SearchModel, unknown[]>) => [...map.values()].reduce((n, l) => n + l.length, 0);
  return { upserts: count(upserts), removes: count(removes) };
}
