import { CONTACT_FIELDS, CONTACT_SEARCHABLE, CONTACT_SORTABLE } from "@reachcx/core/search/contact-fields";
import { decodeOffsetCursor, encodeOffsetCursor } from "@reachcx/core/search/cursor";
import { normalize } from "@reachcx/core/search/evaluate";
import type { Search, SearchDoc, SearchModel, SearchPage, SearchRequest } from "@reachcx/core/search/port";
import Database from "better-sqlite3";
import { activityIndex } from "./activity.ts";
import { type FtsSet, toFts } from "./fts.ts";
import { compile, drivenByText, fieldExpr, orderBy, quote } from "./sql.ts";

/** Built-in fields kept as columns (sortable, indexable); everything else is read from the JSON doc. */
const COLUMNS = Object.keys(CONTACT_FIELDS);
/** The columns the contact list sorts by, each with an index led by the tenant. */
const SORTED: readonly string[] = CONTACT_SORTABLE;
const NUMERIC = new Set(
  Object.entries(CONTACT_FIELDS)
    .filter(([, t]) => t === "date")
    .map(([f]) => f),
);
/**
 * Layout of the contact index; an index file of another version is rebuilt from the table (the index is
 * derived data). 2: rowids carry the tenant, text columns lower-cased, contentless FTS, prefix indexes;
 * 3: dateCreated.
 */
const LAYOUT = 3;
/** A contact's rowid is its tenant's number times SHIFT plus a sequence, so one tenant is one rowid range. */
const SHIFT = 2 ** 32;
/**
 * How a search-box page is found (textPage). `walk`: reading an entry of a sort index and testing it
 * against the match set costs about a tenth of looking a match up by rowid and sorting it (measured at 1M
 * contacts, bench/search.ts). The first, short walk reads up to `slack` times the entries it expects plus
 * `minWalk` before it gives up. `probe`: testing one entry in the full-text index costs about 150 times
 * gathering one match into the set the walk tests against; a walk that probes reads up to `probeSlack`
 * times the entries it expects plus `minProbe`.
 */
const PLAN = { walk: 10, slack: 16, minWalk: 1000, probeSlack: 4, minProbe: 64, probe: 150 };
export type SearchPlan = typeof PLAN;

/**
 * The embedded Search adapter: SQLite with FTS5 (better-sqlite3), one file under DATA_DIR. Free-text
 * terms go to an FTS5 table whose columns are the searchable fields, so a phrase must sit in one field,
 * as in the reference evaluator; every other rule compiles to SQL over columns or the JSON document.
 * The tenant is a condition of every statement: its name on the contact table, its rowid range in the
 * full-text index.
 */
export function sqliteSearch(
  file: string,
  /** Tests move the plan's thresholds to take every path on small data. */
  plan: SearchPlan = PLAN,
): Search & {
  close(): void;
  /** Whether the model's index was filled from the table once (openSearchIndex does it). */
  filled(model: SearchModel): boolean;
  markFilled(model: SearchModel): void;
} {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  // Reads go through the OS page cache without copies, and the hot pages of the indexes stay in memory.
  db.pragma("mmap_size = 4294967296");
  db.pragma("cache_size = -131072");
  // JavaScript's lower-casing for custom text fields, read from the document.
  db.function("jslower", { deterministic: true }, (s: unknown) =>
    typeof s === "string" ? s.toLowerCase() : s,
  );
  db.exec("CREATE TABLE IF NOT EXISTS filled (model TEXT PRIMARY KEY)");
  if (db.pragma("user_version", { simple: true }) !== LAYOUT) {
    db.exec(`
      DROP TABLE IF EXISTS contact_fts; DROP TABLE IF EXISTS contact; DROP TABLE IF EXISTS contact_counts;
      DROP TABLE IF EXISTS contact_tenant; DELETE FROM filled WHERE model = 'contact';
    `);
    db.pragma(`user_version = ${LAYOUT}`);
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS contact_tenant (
      tenant TEXT PRIMARY KEY, no INTEGER NOT NULL UNIQUE, seq INTEGER NOT NULL, n INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS contact (
      rid INTEGER PRIMARY KEY,
      tenant TEXT NOT NULL,
      id TEXT NOT NULL,
      doc TEXT NOT NULL,
      ${COLUMNS.map((c) => `${quote(c)} ${NUMERIC.has(c) ? "REAL" : c === "dnc" ? "INTEGER" : "TEXT"}`).join(",\n      ")}
    );
    CREATE UNIQUE INDEX IF NOT EXISTS contact_sort_id ON contact (tenant, id);
    ${SORTED.map((c) => `CREATE INDEX IF NOT EXISTS contact_sort_${c} ON contact (tenant, ${quote(c)}, id);`).join("\n    ")}
    CREATE VIRTUAL TABLE IF NOT EXISTS contact_fts USING fts5(
      ${CONTACT_SEARCHABLE.map(quote).join(", ")},
      content = '', contentless_delete = 1, prefix = '1 2 3',
      tokenize = 'unicode61 remove_diacritics 0'
    );
  `);

  const statements = new Map<string, Database.Statement>();
  const sql = (text: string) => {
    const statement = statements.get(text) ?? db.prepare(text);
    statements.set(text, statement);
    return statement;
  };

  const findRid = db.prepare<[string, string], { rid: number; updatedAt: number | null }>(
    "SELECT rid, updatedAt FROM contact WHERE tenant = ? AND id = ?",
  );
  const insert = db.prepare(
    `INSERT INTO contact (rid, tenant, id, doc, ${COLUMNS.map(quote).join(", ")}) VALUES (?, ?, ?, ?, ${COLUMNS.map(() => "?").join(", ")})`,
  );
  const update = db.prepare(
    `UPDATE contact SET doc = ?, ${COLUMNS.map((c) => `${quote(c)} = ?`).join(", ")} WHERE rid = ?`,
  );
  const deleteDoc = db.prepare("DELETE FROM contact WHERE rid = ?");
  const deleteFts = db.prepare("DELETE FROM contact_fts WHERE rowid = ?");
  const insertFts = db.prepare(
    `INSERT INTO contact_fts (rowid, ${CONTACT_SEARCHABLE.map(quote).join(", ")}) VALUES (?, ${CONTACT_SEARCHABLE.map(() => "?").join(", ")})`,
  );
  // Per tenant: its number (the high part of its rowids), the last sequence given and the live total,
  // kept with every write so an unfiltered list or a negated search never counts a million rows.
  const tenantOf = db.prepare<[string], { no: number; n: number }>(
    "SELECT no, n FROM contact_tenant WHERE tenant = ?",
  );
  const addTenant = db.prepare(
    "INSERT OR IGNORE INTO contact_tenant (tenant, no, seq, n) SELECT ?, coalesce(max(no), 0) + 1, 0, 0 FROM contact_tenant",
  );
  const nextRid = db.prepare<[string], { rid: number }>(
    `UPDATE contact_tenant SET seq = seq + 1, n = n + 1 WHERE tenant = ? RETURNING no * ${SHIFT} + seq AS rid`,
  );
  const dropOne = db.prepare("UPDATE contact_tenant SET n = n - 1 WHERE tenant = ?");
  const countFts = db.prepare<[string, number, number], { n: number }>(
    "SELECT count(*) AS n FROM contact_fts WHERE contact_fts MATCH ? AND rowid BETWEEN ? AND ?",
  );

  const columnValues = (doc: SearchDoc) =>
    COLUMNS.map((c) => {
      const value = normalizeStored(doc[c], CONTACT_FIELDS[c] ?? "text");
      return typeof value === "boolean" ? Number(value) : value;
    });

  const upsertMany = db.transaction((docs: SearchDoc[]) => {
    for (const doc of docs) {
      const json = JSON.stringify(doc);
      const existing = findRid.get(doc.tenant, doc.id);
      let rid: number;
      // An older image (a replayed or late record) never replaces a newer one.
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

  const removeMany = db.transaction((keys: { tenant: string; id: string }[]) => {
    for (const key of keys) {
      const existing = findRid.get(key.tenant, key.id);
      if (!existing) continue;
      deleteDoc.run(existing.rid);
      deleteFts.run(existing.rid);
      dropOne.run(key.tenant);
    }
  });

  /**
   * A search-box query, answered inside the full-text index. The total is an FTS5 count (or the tenant's
   * total less it, for a complement). A page is read from a sort index in order, keeping the entries in
   * the match set; the walk stops once it has the page, after about (offset + limit) * tenant size /
   * matches entries when the matches are spread over the sort order, much later when they bunch up away
   * from its start (a search for a city, sorted by city). So (PLAN): with a huge match set a short walk
   * that probes each entry goes first; while the whole index costs less to read than looking up every
   * match, the walk is taken; otherwise a short walk is tried and the matches are collected and sorted
   * when it comes back short. Null for a complement sorted by several keys: the general plan answers it.
   */
  function textPage(fts: FtsSet, tenant: Tenant, request: SearchRequest, offset: number) {
    const matched = (countFts.get(fts.match, ...tenant.range) as { n: number }).n;
    const total = fts.negated ? tenant.n - matched : matched;
    if (offset >= total) return { ids: [], total };
    const wanted = Math.min(request.limit, total - offset);
    const tail = [fts.match, ...tenant.range, request.limit, offset];
    // In index entries: what a walk expects to read, and what collecting the matches costs.
    const expected = ((offset + request.limit) * tenant.n) / total;
    const collecting = fts.negated ? Number.POSITIVE_INFINITY : plan.walk * matched;
    const index = sortIndex(tenant.name, request);
    if (index && expected < collecting) {
      // LIMIT -1 reads the whole index; either way the walk stops once it has the page.
      const read = (limit: number, probe: boolean) =>
        walker(index, request, inSet(fts, probe)).all(
          tenant.name,
          limit < tenant.n ? limit : -1,
          ...tail,
        ) as string[];
      // A huge match set costs more to gather than a short walk costs to probe entry by entry.
      const probing = Math.ceil(plan.probeSlack * expected) + plan.minProbe;
      if (probing * plan.probe < matched) {
        const ids = read(probing, true);
        if (ids.length === wanted || probing >= tenant.n) return { ids, total };
      }
      // Reading the whole index costs less than collecting: the walk goes as far as the page is.
      if (tenant.n < collecting) return { ids: read(-1, false), total };
      const short = Math.ceil(plan.slack * expected) + plan.minWalk;
      const ids = read(short, false);
      if (ids.length === wanted || short >= tenant.n) return { ids, total };
    }
    if (fts.negated) return null;
    // Collecting: the matches in rowid order, each looked up in the contact table (`CROSS JOIN` keeps
    // that order of the loops), the tenant checked again on the row.
    const collect = sql(`
      SELECT c.id FROM contact_fts f CROSS JOIN contact c ON c.rid = f.rowid
      WHERE c.tenant = ? AND f.contact_fts MATCH ? AND f.rowid BETWEEN ? AND ?
      ORDER BY ${orderBy(request.sort, request.types ?? {})} LIMIT ? OFFSET ?`);
    return { ids: collect.pluck().all(tenant.name, ...tail) as string[], total };
  }

  /**
   * The match set as a condition on `rid`: the matches gathered once (a cost per match), or each walked
   * entry probed in the full-text index (a cost per entry, far higher, worth it when a short walk meets a
   * huge match set).
   */
  function inSet(fts: FtsSet, probe: boolean) {
    const match = "contact_fts MATCH ? AND rowid BETWEEN ? AND ?";
    if (probe)
      return `${fts.negated ? "NOT " : ""}EXISTS (SELECT 1 FROM contact_fts WHERE ${match} AND rowid = rid)`;
    return `rid ${fts.negated ? "NOT IN" : "IN"} (SELECT rowid FROM contact_fts WHERE ${match})`;
  }

  /**
   * The statement that reads the first `?` entries of the sort index for this order and pages the ones in
   * the set.
   */
  function walker(index: SortIndex, request: SearchRequest, set: string) {
    const [key] = request.sort;
    const direction = key?.direction === "desc" ? "DESC" : "ASC";
    const types = request.types ?? {};
    return sql(`
      SELECT id FROM (
        SELECT c.rid, c.id, ${key ? fieldExpr(key.field, types).sql : "NULL"} AS k
        FROM contact c INDEXED BY ${index.name} WHERE ${index.where} ORDER BY ${orderBy(request.sort, types)} LIMIT ?
      ) WHERE ${set} ORDER BY ${key ? `k ${direction}, ` : ""}id ${direction} LIMIT ? OFFSET ?`).pluck();
  }

  /**
   * The index that reads a tenant's contacts in the requested order, and the WHERE that lets the planner
   * use it (`?` is the tenant). Built-in fields have one for all tenants; a custom field gets one for the
   * tenant the first time its list is sorted by it, partial to that tenant's rows, so a list of a million
   * contacts sorted by a custom column is an index walk too (made once: seconds at a million).
   */
  function sortIndex(tenant: string, request: SearchRequest): SortIndex | null {
    const [key, ...more] = request.sort;
    if (more.length > 0) return null;
    if (!key || SORTED.includes(key.field))
      return { name: `contact_sort_${key?.field ?? "id"}`, where: "c.tenant = ?" };
    // Other built-in fields are not the list's columns: their matches are collected and sorted.
    if (CONTACT_FIELDS[key.field]) return null;
    const types = request.types ?? {};
    const expr = fieldExpr(key.field, types, "").sql;
    const literal = `'${tenant.replaceAll("'", "''")}'`;
    const name = quote(`contact_sort_${Buffer.from(`${tenant}\0${expr}`).toString("hex")}`);
    if (!customIndexes.has(name)) {
      db.exec(
        `CREATE INDEX IF NOT EXISTS ${name} ON contact (tenant, ${expr}, id) WHERE tenant = ${literal}`,
      );
      customIndexes.add(name);
    }
    return { name, where: `c.tenant = ${literal} AND c.tenant = ?` };
  }
  const customIndexes = new Set<string>();

  /** Any query: the model compiled to SQL over the contact table. */
  function queryPage(tenant: Tenant, request: SearchRequest, offset: number) {
    const types = request.types ?? {};
    const cx = { params: [tenant.name] as unknown[], types, range: tenant.range };
    const order = `ORDER BY ${orderBy(request.sort, types)} LIMIT ? OFFSET ?`;
    if (!request.query) {
      // The whole list: a walk of the sort index.
      const index = sortIndex(tenant.name, request);
      const from = index
        ? `contact c INDEXED BY ${index.name} WHERE ${index.where}`
        : "contact c WHERE c.tenant = ?";
      const rows = sql(`SELECT c.id FROM ${from} ${order}`);
      return { ids: rows.pluck().all(tenant.name, request.limit, offset) as string[], total: tenant.n };
    }
    const where = compile(request.query, cx);
    // With a free-text term every match must have, the FTS match is the cheapest way in: `+tenant`
    // keeps the planner from walking the tenant's whole index instead.
    const tenantTerm = drivenByText(request.query) ? "+c.tenant" : "c.tenant";
    const count = sql(`SELECT count(*) AS n FROM contact c WHERE ${tenantTerm} = ? AND (${where})`);
    const total = (count.get(...cx.params) as { n: number }).n;
    const rows = sql(`SELECT c.id FROM contact c WHERE ${tenantTerm} = ? AND (${where}) ${order}`);
    return { ids: rows.pluck().all(...cx.params, request.limit, offset) as string[], total };
  }

  const activity = activityIndex(db);

  return {
    async upsert(model: SearchModel, docs) {
      if (model === "activitylog") activity.upsert(docs);
      else upsertMany(docs);
    },
    async remove(model: SearchModel, keys) {
      if (model === "activitylog") activity.remove(keys);
      else removeMany(keys);
    },
    async activity(tenant, request) {
      return activity.query(tenant, request);
    },
    async query(_model, name, request): Promise<SearchPage> {
      const offset = decodeOffsetCursor(request.cursor);
      const known = tenantOf.get(name);
      if (!known) return { ids: [], total: 0, nextCursor: null };
      const tenant: Tenant = { name, n: known.n, range: [known.no * SHIFT, known.no * SHIFT + SHIFT - 1] };
      const fts = request.query ? toFts(request.query) : null;
      const { ids, total } =
        (fts && textPage(fts, tenant, request, offset)) || queryPage(tenant, request, offset);
      const next = offset + ids.length;
      return { ids, total, nextCursor: ids.length > 0 && next < total ? encodeOffsetCursor(next) : null };
    },
    filled(model) {
      return Boolean(db.prepare("SELECT 1 FROM filled WHERE model = ?").get(model));
    },
    markFilled(model) {
      db.prepare("INSERT OR IGNORE INTO filled (model) VALUES (?)").run(model);
    },
    close() {
      db.close();
    },
  };
}

/** A sort index, and the WHERE that lets the planner use it (`?` is the tenant). */
interface SortIndex {
  name: string;
  where: string;
}

interface Tenant {
  name: string;
  /** Its contacts in the index. */
  n: number;
  /** Its rowids, inclusive. */
  range: readonly [number, number];
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
