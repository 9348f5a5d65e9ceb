import type { API, Client, Types } from "@opensearch-project/opensearch";
import { CONTACT_FIELDS } from "../../search/contact-fields.ts";
import { normalize } from "../../search/evaluate.ts";
import type { SearchDoc, SearchModel } from "../../search/port.ts";
import { fieldName } from "./layout.ts";

type Key = { tenant: string; id: string };

/** Index writes as one bulk request a batch; `ensure` creates the model's index first. */
export function opensearchWriter(
  client: Client,
  index: (model: SearchModel) => string,
  ensure: (model: SearchModel) => Promise<void>,
) {
  return {
    async upsert(model: SearchModel, docs: SearchDoc[]) {
      if (docs.length === 0) return;
      await ensure(model);
      const res = await client.bulk({ body: indexActions(index(model), model, docs), refresh: false });
      const failed = firstFailure(res.body.items);
      if (failed) throw new Error(`OpenSearch bulk index failed: ${JSON.stringify(failed)}`);
    },
    async remove(model: SearchModel, keys: Key[]) {
      if (keys.length === 0) return;
      await ensure(model);
      await client.bulk({ body: deleteActions(index(model), keys), refresh: false });
    },
  };
}

/** A document's id in a shared index: its tenant and its id. */
const docId = (key: Key) => `${key.tenant}:${key.id}`;

/**
 * The bulk body that indexes docs. The document's updatedAt is its external version: an older image (a
 * replayed or late record) is refused by OpenSearch instead of replacing a newer one.
 */
export function indexActions(index: string, model: SearchModel, docs: SearchDoc[]): API.Bulk_RequestBody {
  return docs.flatMap((doc) => {
    const version = normalize(doc.updatedAt, "date");
    return [
      {
        index: {
          _index: index,
          _id: docId(doc),
          ...(typeof version === "number" ? { version, version_type: "external_gte" as const } : {}),
        },
      },
      model === "activitylog" ? toIndexedActivity(doc) : toIndexed(doc),
    ];
  });
}

export function deleteActions(index: string, keys: Key[]): API.Bulk_RequestBody {
  return keys.map((key) => ({ delete: { _index: index, _id: docId(key) } }));
}

/** The first write that failed, a stale image refused by its version aside (that is the point of it). */
export function firstFailure(items: Types.Core_Bulk.Item[]) {
  return items
    .map((item) => item.index?.error)
    .find((error) => error && error.type !== "version_conflict_engine_exception");
}

/** Dates become epoch milliseconds; booleans stay; text stays as written (the `.lc` subfield folds case). */
function toIndexed(doc: SearchDoc) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    const type = CONTACT_FIELDS[key];
    out[fieldName(key)] = type === "date" ? normalize(value, "date") : value;
  }
  return out;
}

/** metaData is free-form JSON: kept in the source as text, not mapped (its keys differ by type). */
function toIndexedActivity(doc: SearchDoc) {
  const { metaData, ...rest } = doc;
  return { ...rest, ...(metaData === undefined ? {} : { metaData: JSON.stringify(metaData) }) };
}
