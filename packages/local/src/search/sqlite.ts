import type { Node, Rule, TextTerm } from "@reachcx/core/search/ast";
import { CONTACT_FIELDS, CONTACT_SEARCHABLE } from "@reachcx/core/search/contact-fields";
import { decodeOffsetCursor, encodeOffsetCursor } from "@reachcx/core/search/cursor";
import { normalize } from "@reachcx/core/search/evaluate";
import type {
  ActivityRequest,
  Search,
  SearchDoc,
  SearchModel,
  SearchPage,
  SearchRequest,
} from "@reachcx/core/search/port";
import Database from "better-sqlite3";

/** Built-in fields kept as columns (sortable, indexable); everything else is read from the JSON doc. */
const COLUMNS = Object.keys(CONTACT_FIELDS);
const NUMERIC = new Set(
  Object.entries(CONTACT_FIELDS)
    .filter(([, t]) => t === "date")
    .map(([f]) => f),
);
const quote = (name: string) => `"${name}"`;

/**
 * The embedded Search adapter: SQLite with FTS5 (better-sqlite3), one file under DATA_DIR. Free-text
 * terms go to an FTS5 table whose columns are the searchable fields, so a phrase must sit in one field,
 * as in the reference evaluator; every other rule compiles to SQL over columns or the JSON document.
 * The tenant is a condition of every statement.
 */
export function sqliteSearch(file: string): Search & {
  close(): void;
  /** Whether the model's index was filled from the table once (openSearchIndex does it). */
  filled(model: SearchModel): boolean;
  markFilled(model: SearchModel): void;
} {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  // JavaScript's lower-casing, so text comparisons agree with the evaluator beyond ASCII.
  db.function("jslower", { deterministic: true }, (s: unknown) =>
    typeof s === "string" ? s.toLowerCase() : s,
  );

  db.exec(`
    CREATE TABLE IF NOT EXISTS contact (
      rid INTEGER PRIMARY KEY,
      tenant TEXT NOT NULL,
      id TEXT NOT NULL,
      doc TEXT NOT NULL,
      ${COLUMNS.map((c) => `${quote(c)} ${NUMERIC.has(c) ? "REAL" : c === "dnc" ? "INTEGER" : "TEXT"}`).join(",\n      ")},
      UNIQUE (tenant, id)
    );
    ${COLUMNS.map(
      (c) =>
        `CREATE INDEX IF NOT EXISTS contact_sort_${c} ON contact (tenant, ${NUMERIC.has(c) || c === "dnc" ? quote(c) : `jslower(${quote(c)})`}, id);`,
    ).join("\n    ")}
    CREATE TABLE IF NOT EXISTS contact_counts (tenant TEXT PRIMARY KEY, n INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS filled (model TEXT PRIMARY KEY);
    CREATE VIRTUAL TABLE IF NOT EXISTS contact_fts USING fts5(
      ${CONTACT_SEARCHABLE.map(quote).join(", ")},
      tokenize = 'unicode61 remove_diacritics 0'
    );
  `);

  const findRid = db.prepare<[string, string], { rid: number; updatedAt: number | null }>(
    "SELECT rid, updatedAt FROM contact WHERE tenant = ? AND id = ?",
  );
  const insert = db.prepare(
    `INSERT INTO contact (tenant, id, doc, ${COLUMNS.map(quote).join(", ")}) VALUES (?, ?, ?, ${COLUMNS.map(() => "?").join(", ")})`,
  );
  const update = db.prepare(
    `UPDATE contact SET doc = ?, ${COLUMNS.map((c) => `${quote(c)} = ?`).join(", ")} WHERE rid = ?`,
  );
  const deleteDoc = db.prepare("DELETE FROM contact WHERE rid = ?");
  // Per-tenant totals, kept with every write, so an unfiltered list does not count a million rows.
  const bump = db.prepare(
    "INSERT INTO contact_counts (tenant, n) VALUES (?, ?) ON CONFLICT (tenant) DO UPDATE SET n = n + excluded.n",
  );
  const countOf = db.prepare<[string], { n: number }>("SELECT n FROM contact_counts WHERE tenant = ?");
  // An index written before the totals existed gets them once.
  if (
    !db.prepare("SELECT 1 FROM contact_counts LIMIT 1").get() &&
    db.prepare("SELECT 1 FROM contact LIMIT 1").get()
  )
    db.exec("INSERT INTO contact_counts (tenant, n) SELECT tenant, count(*) FROM contact GROUP BY tenant");
  const deleteFts = db.prepare("DELETE FROM contact_fts WHERE rowid = ?");
  const insertFts = db.prepare(
    `INSERT INTO contact_fts (rowid, ${CONTACT_SEARCHABLE.map(quote).join(", ")}) VALUES (?, ${CONTACT_SEARCHABLE.map(() => "?").join(", ")})`,
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
        rid = Number(insert.run(doc.tenant, doc.id, json, ...columnValues(doc)).lastInsertRowid);
        bump.run(doc.tenant, 1);
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
      bump.run(key.tenant, -1);
    }
  });

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
    async query(_model, tenant, request: SearchRequest): Promise<SearchPage> {
      const params: unknown[] = [tenant];
      const where = request.query ? compile(request.query, params, request.types) : "1";
      // With a free-text term every match must have, the FTS match is the cheapest way in: `+tenant`
      // keeps the planner from walking the tenant's whole index instead.
      const tenantTerm = request.query && drivenByText(request.query) ? "+c.tenant" : "c.tenant";
      const last = request.sort.at(-1)?.direction ?? "asc";
      const order = [...request.sort.map(orderBy), `c.id ${last === "desc" ? "DESC" : "ASC"}`].join(", ");
      const offset = decodeOffsetCursor(request.cursor);
      const total = request.query
        ? (
            db
              .prepare(`SELECT count(*) AS n FROM contact c WHERE ${tenantTerm} = ? AND (${where})`)
              .get(...params) as { n: number }
          ).n
        : (countOf.get(tenant)?.n ?? 0);
      const rows = db
        .prepare(
          `SELECT c.id FROM contact c WHERE ${tenantTerm} = ? AND (${where}) ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...params, request.limit, offset) as { id: string }[];
      const next = offset + rows.length;
      return {
        ids: rows.map((r) => r.id),
        total,
        nextCursor: next < total ? encodeOffsetCursor(next) : null,
      };
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

/** True when `incoming` (a document's updatedAt) is older than what the index holds. */
function isOlder(incoming: unknown, stored: number | string | null | undefined) {
  const a = normalize(incoming, "date");
  const b = typeof stored === "string" ? normalize(stored, "date") : stored;
  return typeof a === "number" && typeof b === "number" && a < b;
}

/**
 * The activity-log index: one row per log with the columns its lists filter and sort on, newest first.
 * Indexes lead with the tenant, then the contact or the type, then the timestamp, so a contact's feed or a
 * type's window is an index range read backwards.
 */
function activityIndex(db: Database.Database) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS activitylog (
      tenant TEXT NOT NULL,
      id TEXT NOT NULL,
      contact TEXT,
      type TEXT,
      timestamp TEXT NOT NULL,
      updatedAt REAL,
      doc TEXT NOT NULL,
      PRIMARY KEY (tenant, id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS activity_contact ON activitylog (tenant, contact, timestamp, id);
    CREATE INDEX IF NOT EXISTS activity_type ON activitylog (tenant, type, timestamp, id);
    CREATE INDEX IF NOT EXISTS activity_time ON activitylog (tenant, timestamp, id);
  `);
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
  const remove = db.transaction((keys: { tenant: string; id: string }[]) => {
    for (const key of keys) del.run(key.tenant, key.id);
  });
  function query(tenant: string, request: ActivityRequest): SearchPage {
    const where = ["tenant = ?"];
    const params: unknown[] = [tenant];
    const add = (sql: string, value: string | undefined) => {
      if (value === undefined) return;
      where.push(sql);
      params.push(value);
    };
    add("contact = ?", request.contactId);
    add("type = ?", request.type);
    add("timestamp >= ?", request.from);
    add("timestamp < ?", request.to);
    const clause = where.join(" AND ");
    const offset = decodeOffsetCursor(request.cursor);
    const total = (
      db.prepare(`SELECT count(*) AS n FROM activitylog WHERE ${clause}`).get(...params) as { n: number }
    ).n;
    const rows = db
      .prepare(`SELECT id FROM activitylog WHERE ${clause} ORDER BY timestamp DESC, id DESC LIMIT ? OFFSET ?`)
      .all(...params, request.limit, offset) as { id: string }[];
    const next = offset + rows.length;
    return { ids: rows.map((r) => r.id), total, nextCursor: next < total ? encodeOffsetCursor(next) : null };
  }
  return { upsert, remove, query };
}

/** What the index stores for a field: as the evaluator normalizes it, original case kept for text. */
function normalizeStored(value: unknown, type: string) {
  if (type === "text") return value === null || value === undefined || value === "" ? null : String(value);
  return normalize(value, type as "number");
}

function fieldExpr(field: string): { sql: string; type: string } {
  const type = CONTACT_FIELDS[field];
  if (type) {
    const col = `c.${quote(field)}`;
    return { sql: type === "text" ? `jslower(${col})` : col, type };
  }
  // custom:{name}; the caller has checked the name against the tenant's custom fields.
  const json = `json_extract(c.doc, '$."${field.replace(/["'\\]/g, "")}"')`;
  return { sql: json, type: "custom" };
}

/**
 * Sorts the way an index on (tenant, value, id) reads forwards or backwards: missing values first when
 * ascending, last when descending; ties by id in the same direction (docs/decisions.md, Search sort).
 */
function orderBy(key: { field: string; direction: "asc" | "desc" }) {
  const { sql } = fieldExpr(key.field);
  return `${sql} ${key.direction === "desc" ? "DESC" : "ASC"}`;
}

/** True when every match must contain some free-text term (a term, or an AND group holding one). */
function drivenByText(node: Node): boolean {
  if (node.type === "text") return true;
  if (node.type === "group" && !node.not && node.combinator === "and") return node.rules.some(drivenByText);
  return false;
}

/** Compiles the query model to a WHERE clause, pushing its values onto params. */
export function compile(node: Node, params: unknown[], types: Record<string, string> = {}): string {
  switch (node.type) {
    case "group": {
      // An empty AND holds, an empty OR does not (as in the evaluator); NOT flips either.
      if (node.rules.length === 0) return (node.combinator === "and") !== node.not ? "1" : "0";
      // The words of an AND go to FTS5 as one MATCH ("a" AND "b"), which intersects them in the index.
      const words = node.combinator === "and" ? node.rules.filter((r) => r.type === "text") : [];
      const others = words.length > 1 ? node.rules.filter((r) => r.type !== "text") : node.rules;
      // Parameters are pushed in the order their placeholders appear: the MATCH first.
      const parts = words.length > 1 ? [ftsMatch(words as TextTerm[], params)] : [];
      for (const r of others) parts.push(`(${compile(r, params, types)})`);
      const inner = parts.join(node.combinator === "and" ? " AND " : " OR ");
      return node.not ? `NOT (${inner})` : inner;
    }
    case "text":
      return ftsMatch([node], params);
    case "rule":
      return compileRule(node, params, types);
  }
}

/** Rows whose searchable fields hold every one of these terms (each term in some field). */
function ftsMatch(terms: TextTerm[], params: unknown[]): string {
  params.push(terms.map((t) => `"${t.words.join(" ")}"${t.prefix ? "*" : ""}`).join(" AND "));
  return "c.rid IN (SELECT rowid FROM contact_fts WHERE contact_fts MATCH ?)";
}

function compileRule(rule: Rule, params: unknown[], types: Record<string, string>): string {
  const { sql, type: known } = fieldExpr(rule.field);
  const type = (known === "custom" ? types[rule.field] : known) ?? "text";
  const expr = type === "text" && known === "custom" ? `jslower(${sql})` : sql;
  if (rule.operator === "ne") return `NOT (${compileRule({ ...rule, operator: "eq" }, params, types)})`;
  const wanted = normalize(rule.value, type as "text");
  if (wanted === null) return rule.operator === "eq" ? `${expr} IS NULL` : "0";
  const value = typeof wanted === "boolean" ? Number(wanted) : wanted;
  const op = { eq: "=", lt: "<", gt: ">", lte: "<=", gte: ">=" } as const;
  switch (rule.operator) {
    case "eq":
    case "lt":
    case "gt":
    case "lte":
    case "gte":
      params.push(value);
      return `coalesce(${expr} ${op[rule.operator]} ?, 0)`;
    case "contains":
      params.push(String(value));
      return `coalesce(instr(${expr}, ?) > 0, 0)`;
    case "beginsWith":
      params.push(String(value), String(value));
      return `coalesce(substr(${expr}, 1, length(?)) = ?, 0)`;
    case "endsWith":
      params.push(String(value), String(value));
      return `coalesce(substr(${expr}, -length(?)) = ?, 0)`;
  }
}
