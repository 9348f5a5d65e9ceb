import { CONTACT_FIELDS, CONTACT_SEARCHABLE } from "@reachcx/core/search/contact-fields";
import { normalize } from "@reachcx/core/search/evaluate";
import type { SearchDoc, SearchModel } from "@reachcx/core/search/port";
import type Database from "better-sqlite3";
import { COLUMNS, quote, SHIFT } from "./layout.ts";
import { srcJson } from "./rows.ts";

type Key = { tenant: string; id: string };

/** Each column's place in a row's values (the writer looks them up for every document). */
const COLUMN_AT = new Map(COLUMNS.map((c, i) => [c, i]));

/**
 * Index writes, a batch in one transaction. An older image (a replayed or late record) never replaces a
 * newer one: the document's updatedAt is compared with the stored one.
 */
export function sqliteWriter(db: Database.Database) {
  const contacts = contactWriter(db);
  const activity = activityWriter(db);
  return {
    upsert(model: SearchModel, docs: SearchDoc[]) {
      (model === "activitylog" ? activity : contacts).upsert(docs);
    },
    remove(model: SearchModel, keys: Key[]) {
      (model === "activitylog" ? activity : contacts).remove(keys);
    },
  };
}

function contactWriter(db: Database.Database) {
  const findRid = db.prepare<[string, string], { rid: number; updatedAt: number | null }>(
    "SELECT rid, updatedAt FROM contact WHERE tenant = ? AND id = ?",
  );
  const insert = db.prepare(
    `INSERT INTO contact (rid, tenant, id, cf, src, ${COLUMNS.map(quote).join(", ")}) VALUES (?, ?, ?, jsonb(?), jsonb(?), ${COLUMNS.map(() => "?").join(", ")})`,
  );
  const update = db.prepare(
    `UPDATE contact SET cf = jsonb(?), src = jsonb(?), ${COLUMNS.map((c) => `${quote(c)} = ?`).join(", ")} WHERE rid = ?`,
  );
  const deleteDoc = db.prepare("DELETE FROM contact WHERE rid = ?");
  const deleteFts = db.prepare("DELETE FROM contact_fts WHERE rowid = ?");
  const insertFts = db.prepare(
    `INSERT INTO contact_fts (rowid, ${CONTACT_SEARCHABLE.map(quote).join(", ")}) VALUES (?, ${CONTACT_SEARCHABLE.map(() => "?").join(", ")})`,
  );
  // Per tenant: its number (the high part of its rowids), the last sequence given and the live total,
  // kept with every write so an unfiltered list or a negated search never counts a million rows.
  const addTenant = db.prepare(
    "INSERT OR IGNORE INTO contact_tenant (tenant, no, seq, n) SELECT ?, coalesce(max(no), 0) + 1, 0, 0 FROM contact_tenant",
  );
  const nextRid = db.prepare<[string], { rid: number }>(
    `UPDATE contact_tenant SET seq = seq + 1, n = n + 1 WHERE tenant = ? RETURNING no * ${SHIFT} + seq AS rid`,
  );
  const dropOne = db.prepare("UPDATE contact_tenant SET n = n - 1 WHERE tenant = ?");

  /** The row's columns, and `src`: the originals they cannot give back (rows.ts). */
  const columnValues = (doc: SearchDoc) => {
    const values = COLUMNS.map((c) => {
      const value = normalizeStored(doc[c], CONTACT_FIELDS[c] ?? "text");
      return typeof value === "boolean" ? Number(value) : value;
    });
    const src = srcJson(doc, (field) => values[COLUMN_AT.get(field) as number]);
    return [src, ...values];
  };

  const upsert = db.transaction((docs: SearchDoc[]) => {
    for (const doc of docs) {
      const json = customJson(doc);
      const existing = findRid.get(doc.tenant, doc.id);
      let rid: number;
      if (existing && isOlder(doc.updatedAt, existing.updatedAt)) continue;
      if (existing) {
        rid = existing.rid;
        update.run(json, ...columnValues(doc), rid);
        deleteFts.run(rid);
      } else {
        addTenant.run(doc.tenant);
        rid = (nextRid.get(doc.tenant) as { rid: number }).rid;
        insert.run(rid, doc.tenant, doc.id, json, ...columnValues(doc));
      }
      insertFts.run(rid, ...CONTACT_SEARCHABLE.map((f) => (typeof doc[f] === "string" ? doc[f] : null)));
    }
  });

  const remove = db.transaction((keys: Key[]) => {
    for (const key of keys) {
      const existing = findRid.get(key.tenant, key.id);
      if (!existing) continue;
      deleteDoc.run(existing.rid);
      deleteFts.run(existing.rid);
      dropOne.run(key.tenant);
    }
  });
  return { upsert, remove };
}

/** One row per log with the columns its lists filter and sort on; the older image loses in the upsert. */
function activityWriter(db: Database.Database) {
  const put = db.prepare(`
    INSERT INTO activitylog (tenant, id, contact, type, timestamp, updatedAt, doc)
    VALUES (@tenant, @id, @contact, @type, @timestamp, @updatedAt, @doc)
    ON CONFLICT (tenant, id) DO UPDATE SET
      contact = excluded.contact, type = excluded.type, timestamp = excluded.timestamp,
      updatedAt = excluded.updatedAt, doc = excluded.doc
    WHERE excluded.updatedAt IS NULL OR activitylog.updatedAt IS NULL OR excluded.updatedAt >= activitylog.updatedAt
  `);
  const del = db.prepare("DELETE FROM activitylog WHERE tenant = ? AND id = ?");
  const upsert = db.transaction((docs: SearchDoc[]) => {
    for (const doc of docs)
      put.run({
        tenant: doc.tenant,
        id: doc.id,
        contact: typeof doc.activityLogContactId === "string" ? doc.activityLogContactId : null,
        type: typeof doc.type === "string" ? doc.type : null,
        timestamp: String(doc.timestamp ?? doc.createdAt ?? ""),
        updatedAt: normalize(doc.updatedAt, "date") as number | null,
        doc: JSON.stringify(doc),
      });
  });
  const remove = db.transaction((keys: Key[]) => {
    for (const key of keys) del.run(key.tenant, key.id);
  });
  return { upsert, remove };
}

/**
 * A contact's custom fields (`custom:{name}` keys) as the JSON the row's `cf` JSONB is made from, text
 * lower-cased the way JavaScript does (as the evaluator compares it), or null without any. Other values
 * are kept as they are: a rule reads them typed by the tenant's definitions (compile.ts).
 */
function customJson(doc: SearchDoc): string | null {
  const custom: Record<string, unknown> = {};
  let any = false;
  for (const [key, value] of Object.entries(doc))
    if (key.startsWith("custom:") && value !== undefined) {
      custom[key] = typeof value === "string" ? value.toLowerCase() : value;
      any = true;
    }
  return any ? JSON.stringify(custom) : null;
}

/** True when `incoming` (a document's updatedAt) is older than what the index holds. */
function isOlder(incoming: unknown, stored: number | string | null | undefined) {
  const a = normalize(incoming, "date");
  const b = typeof stored === "string" ? normalize(stored, "date") : stored;
  return typeof a === "number" && typeof b === "number" && a < b;
}

/**
 * What the index stores for a built-in field: as the evaluator normalizes it, text lower-cased the way
 * JavaScript does (so comparisons and the sort order agree with the evaluator beyond ASCII, with no
 * function call per row); the document keeps the original.
 */
function normalizeStored(value: unknown, type: string) {
  if (type === "text")
    return value === null || value === undefined || value === "" ? null : String(value).toLowerCase();
  return normalize(value, type as "number");
}
