import type { Search, SearchModel } from "@reachcx/core/search/port";
import { fillMarks, openLayout } from "./sqlite/layout.ts";
import { PLAN, type SearchPlan, sqlitePlanner } from "./sqlite/planner.ts";
import { sqliteWriter } from "./sqlite/writer.ts";

export type { SearchPlan } from "./sqlite/planner.ts";

/**
 * The embedded Search adapter: SQLite with FTS5 (better-sqlite3), one file under DATA_DIR, assembled from
 * its layout (tables, indexes, migration), writer, planner and query compiler (sqlite/, docs/search.md).
 * Free-text terms go to an FTS5 table whose columns are the searchable fields, so a phrase must sit in one
 * field, as in the reference evaluator; every other rule compiles to SQL over columns or the JSON document.
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
  const db = openLayout(file);
  const writer = sqliteWriter(db);
  const planner = sqlitePlanner(db, plan);
  return {
    ...fillMarks(db),
    async upsert(model, docs) {
      writer.upsert(model, docs);
    },
    async remove(model, keys) {
      writer.remove(model, keys);
    },
    async query(_model, tenant, request) {
      return planner.contacts(tenant, request);
    },
    async activity(tenant, request) {
      return planner.activity(tenant, request);
    },
    close() {
      db.close();
    },
  };
}
