import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sqliteSearch } from "../../packages/local/src/search/sqlite.ts";

/** The embedded Search adapter on a fresh file, as the conformance suites open an adapter. */
export async function openSqliteSearch() {
  const dir = mkdtempSync(join(tmpdir(), "reachcx-search-"));
  const search = sqliteSearch(join(dir, "search.db"));
  return {
    search,
    settle: async () => {},
    close: () => {
      search.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
