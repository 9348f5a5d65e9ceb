import type { Search, SearchModel } from "@reachcx/core/search/port";
import {
  fillMarks,
  INDEX_MEMORY,
  type IndexMemory,
  openLayout,
  openScanConnection,
} from "./sqlite/layout.ts";
import { PLAN, type SearchPlan, sqlitePlanner } from "./sqlite/planner.ts";
import { threadedWriter } from "./sqlite/threaded-writer.ts";
import { sqliteWriter } from "./sqlite/writer.ts";

export type { SearchPlan } from "./sqlite/planner.ts";

/**
 * The embedded Search adapter: SQLite with FTS5 (better-sqlite3), one file under DATA_DIR, assembled from
 * its layout (tables, indexes, migration), writer, planner and query compiler (sqlite/, docs/search.md).
 * Free-text terms go to an FTS5 table whose columns are the searchable fields, so a phrase must sit in one
 * field, as in the reference evaluator; every other rule compiles to SQL over columns or the JSON document.
 * With `writerThread`, writes go to a worker thread with its own connection on the file (threaded-writer.ts)
 * and this connection only reads; a `:memory:` database has no file to share, so it always writes here.
 */
export function sqliteSearch(
  file: string,
  /** Tests move the plan's thresholds to take every path on small data. */
  plan: SearchPlan = PLAN,
  options: { writerThread?: boolean; memory?: IndexMemory } = {},
): Search & {
  /** Closes the file; with a writer thread, once the writes already given are done. */
  close(): Promise<void>;
  /** Whether the model's index was filled from the table once (openSearchIndex does it). */
  filled(model: SearchModel): boolean;
  markFilled(model: SearchModel): void;
} {
  const memory = options.memory ?? INDEX_MEMORY;
  const db = openLayout(file, memory);
  // The writer thread holds the write lock for a batch at a time: this connection's own small writes
  // (fill marks, a custom sort index) wait for it instead of failing.
  db.pragma("busy_timeout = 10000");
  const threaded =
    options.writerThread && file !== ":memory:" ? threadedWriter(file, memory.writerCacheMiB) : undefined;
  const writer = threaded ?? sqliteWriter(db);
  const planner = sqlitePlanner(db, plan);
  // Scans (SearchRequest.scan) read through a connection that maps nothing, when this one maps the file.
  const scanDb = file !== ":memory:" && memory.mmapMiB > 0 ? openScanConnection(file, memory) : undefined;
  const scanPlanner = scanDb ? sqlitePlanner(scanDb, plan) : planner;
  return {
    ...fillMarks(db),
    async upsert(model, docs) {
      await writer.upsert(model, docs);
    },
    async remove(model, keys) {
      await writer.remove(model, keys);
    },
    async query(_model, tenant, request) {
      return (request.scan ? scanPlanner : planner).contacts(tenant, request);
    },
    async activity(tenant, request) {
      return planner.activity(tenant, request);
    },
    async close() {
      await threaded?.close();
      scanDb?.close();
      db.close();
    },
  };
}
