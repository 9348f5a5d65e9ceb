import { CONTACT_FIELDS, CONTACT_SEARCHABLE, CONTACT_SORTABLE } from "@reachcx/core/search/contact-fields";
import type { SearchModel } from "@reachcx/core/search/port";
import Database from "better-sqlite3";

export const quote = (name: string) => `"${name}"`;

/**
 * Built-in fields kept as columns (sortable, indexable); custom fields are kept together in `cf`, a small
 * JSONB value (docs/search.md, Custom fields).
 */
export const COLUMNS = Object.keys(CONTACT_FIELDS);
/** The columns the contact list sorts by, each with an index led by the tenant. */
export const SORTED: readonly string[] = CONTACT_SORTABLE;
const NUMERIC = new Set(
  Object.entries(CONTACT_FIELDS)
    .filter(([, t]) => t === "date")
    .map(([f]) => f),
);
/**
 * The fields segments filter on most (spec 002's rule fields a list is cut by), kept in the filter
 * indexes besides `cf` (every custom field), so a rule query over these alone is counted on index entries
 * without fetching a row (docs/search.md, Rule-query counts).
 */
export const FILTERED = [
  "state",
  "zip",
  "city",
  "lastName",
  "firstName",
  "timeZone",
  "source",
  "status",
  "dnc",
] as const;
/**
 * The filter indexes, each led by the tenant and one field (its range serves a rule on that field), then
 * the other filtered fields (state then zip next: a zip prefix inside a state is a range) and `cf`. City
 * comes first in the list, since a city is the narrower range when a query names both. Partial on
 * `rid > 0`, which every row meets but no query implies unless it says so: SQLite takes one only when the
 * planner asks for it (planner.ts, countSql), never in place of a narrow sort index.
 */
export const FILTER_INDEXES = ["city", "state"].map((lead) => ({
  lead,
  name: `contact_filter_${lead}`,
  columns: [lead, ...FILTERED.filter((f) => f !== lead), "cf"],
}));
/**
 * Layout of the contact index; an index file of another version is rebuilt from the table (the index is
 * derived data). 2: rowids carry the tenant, text columns lower-cased, contentless FTS, prefix indexes;
 * 3: dateCreated; 4: custom fields as JSONB in `cf` (text lower-cased) instead of the whole document as
 * JSON text, so a row is half the size and a custom-field rule reads no JSON text; 5: the filter indexes;
 * 6: `src`, the originals the columns cannot give back (rowFields), added to a layout 5 file in place:
 * its rows keep `src` NULL until rewritten, and a page answers no row for them (the caller reads the store).
 */
const LAYOUT = 6;
/** A contact's rowid is its tenant's number times SHIFT plus a sequence, so one tenant is one rowid range. */
export const SHIFT = 2 ** 32;

/** A tenant's rowids, inclusive, from its number in `contact_tenant`. */
export const rowidRange = (no: number): readonly [number, number] => [no * SHIFT, no * SHIFT + SHIFT - 1];

/**
 * What the index's connections may hold in memory, in MiB (docs/search.md, The index's memory): the part
 * of the file the reading connection maps (`mmap_size`; mapped pages count in the process's RSS as file
 * or shared pages), its page cache and the writer thread's page cache (`cache_size`, anonymous memory).
 */
export interface IndexMemory {
  mmapMiB: number;
  cacheMiB: number;
  writerCacheMiB: number;
  /** The scan connection's page cache (it maps nothing): background jobs' walks through a whole query. */
  scanCacheMiB: number;
}
export const INDEX_MEMORY: IndexMemory = {
  mmapMiB: 4096,
  cacheMiB: 32,
  writerCacheMiB: 16,
  scanCacheMiB: 16,
};

/**
 * A second reading connection on an index file that `openLayout` has opened (and migrated): it maps none
 * of the file, so a background job paging through a million rows reads them through the kernel's page
 * cache with a copy instead of mapping nearly the whole file into the server's memory (docs/search.md,
 * The index's memory).
 */
export function openScanConnection(file: string, memory: IndexMemory): Database.Database {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("mmap_size = 0");
  db.pragma(`cache_size = -${memory.scanCacheMiB * 1024}`);
  // A custom sort index made here waits for the writer thread's batch instead of failing.
  db.pragma("busy_timeout = 10000");
  return db;
}

/**
 * Opens the index file with its tables: the contact table (built-in fields as columns, custom fields as
 * JSONB, the originals a page's rows need as JSONB), its sort and filter indexes and contentless FTS5 table, each tenant's number and live total, and the activity
 * log table. An index file of another contact layout has its contact tables dropped and `filled` cleared,
 * so the opener refills them from the table; activity logs are kept.
 */
export function openLayout(file: string, memory: IndexMemory = INDEX_MEMORY): Database.Database {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  // Up to mmapMiB of the file is read through the OS page cache without copies; the rest through
  // SQLite's own page cache of cacheMiB (docs/search.md, The index's memory).
  db.pragma(`mmap_size = ${memory.mmapMiB * 2 ** 20}`);
  db.pragma(`cache_size = -${memory.cacheMiB * 1024}`);
  db.exec("CREATE TABLE IF NOT EXISTS filled (model TEXT PRIMARY KEY)");
  const version = db.pragma("user_version", { simple: true });
  const hasContact = (db.pragma("table_info(contact)") as unknown[]).length > 0;
  if (version === 5 && hasContact) {
    db.exec("ALTER TABLE contact ADD COLUMN src BLOB");
    db.pragma(`user_version = ${LAYOUT}`);
  } else if (version !== LAYOUT) {
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
      cf BLOB,
      src BLOB,
      ${COLUMNS.map((c) => `${quote(c)} ${NUMERIC.has(c) ? "REAL" : c === "dnc" ? "INTEGER" : "TEXT"}`).join(",\n      ")}
    );
    CREATE UNIQUE INDEX IF NOT EXISTS contact_sort_id ON contact (tenant, id);
    ${SORTED.map((c) => `CREATE INDEX IF NOT EXISTS contact_sort_${c} ON contact (tenant, ${quote(c)}, id);`).join("\n    ")}
    ${FILTER_INDEXES.map((f) => `CREATE INDEX IF NOT EXISTS ${f.name} ON contact (tenant, ${f.columns.map(quote).join(", ")}) WHERE rid > 0;`).join("\n    ")}
    CREATE VIRTUAL TABLE IF NOT EXISTS contact_fts USING fts5(
      ${CONTACT_SEARCHABLE.map(quote).join(", ")},
      content = '', contentless_delete = 1, prefix = '1 2 3',
      tokenize = 'unicode61 remove_diacritics 0'
    );
  `);
  // Activity logs: indexes lead with the tenant, then the contact or the type, then the timestamp, so a
  // contact's feed or a type's window is an index range read backwards.
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
  return db;
}

/**
 * Makes (once) a tenant's sort index over a custom field's SQL expression and names it: partial to that
 * tenant's rows, so a list of a million contacts sorted by a custom column is an index walk too (made
 * once: seconds at a million).
 */
export function customSortIndexes(db: Database.Database) {
  const made = new Set<string>();
  return (tenant: string, expr: string) => {
    const name = quote(`contact_sort_${Buffer.from(`${tenant}\0${expr}`).toString("hex")}`);
    if (!made.has(name)) {
      db.exec(
        `CREATE INDEX IF NOT EXISTS ${name} ON contact (tenant, ${expr}, id) WHERE tenant = ${literal(tenant)}`,
      );
      made.add(name);
    }
    return name;
  };
}

/** A tenant's name as an SQL string literal: a partial index's WHERE cannot take a parameter. */
export const literal = (tenant: string) => `'${tenant.replaceAll("'", "''")}'`;

/** Which models' indexes were filled from the table once (openSearchIndex fills the others). */
export function fillMarks(db: Database.Database) {
  const filled = db.prepare("SELECT 1 FROM filled WHERE model = ?");
  const mark = db.prepare("INSERT OR IGNORE INTO filled (model) VALUES (?)");
  return {
    filled: (model: SearchModel) => Boolean(filled.get(model)),
    markFilled: (model: SearchModel) => {
      mark.run(model);
    },
  };
}
