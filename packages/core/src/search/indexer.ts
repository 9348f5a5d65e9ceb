import type { ChangeRecord } from "../realtime/index.ts";
import type { Search, SearchDoc } from "./port.ts";

/** Attributes of the table item that are storage plumbing, not contact fields. */
const INTERNAL = /^(pk|sk|gsi\d+pk|gsi\d+sk|__edb_.*|externalKey)$/;

/** A stored contact as the search engine holds it: flat, custom fields as their `custom:{name}` keys. */
export function contactDoc(image: Record<string, unknown>): SearchDoc {
  const doc: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(image)) {
    if (INTERNAL.test(key) || key === "customFields") continue;
    doc[key] = value;
  }
  const custom = image.customFields;
  if (custom && typeof custom === "object") Object.assign(doc, custom);
  return doc as SearchDoc;
}

/**
 * The one indexer: turns change-stream records into index writes. Within a batch the last change of
 * each contact wins, so replaying a batch leaves the index as it was (idempotent).
 */
export async function indexChanges(search: Search, records: ChangeRecord[]) {
  const latest = new Map<string, ChangeRecord>();
  for (const record of records) {
    const image = record.newImage ?? record.oldImage;
    if (image?.__edb_e__ !== "contact") continue;
    latest.set(`${image.tenant}\u0000${image.id}`, record);
  }
  const upserts: SearchDoc[] = [];
  const removes: { tenant: string; id: string }[] = [];
  for (const record of latest.values()) {
    if (record.eventName === "REMOVE" || !record.newImage) {
      const old = record.oldImage as { tenant: string; id: string };
      removes.push({ tenant: old.tenant, id: old.id });
    } else upserts.push(contactDoc(record.newImage));
  }
  if (upserts.length > 0) await search.upsert("contact", upserts);
  if (removes.length > 0) await search.remove("contact", removes);
  return { upserts: upserts.length, removes: removes.length };
}
