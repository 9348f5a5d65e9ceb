import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sqliteSearch } from "../../packages/local/src/search/sqlite.ts";

/**
 * The embedded Search adapter on a fresh file, as the conformance suites open an adapter; with
 * `writerThread`, writing through a worker thread's connection as the embedded runtime does.
 */
export async function openSqliteSearch(options: { writerThread?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "reachcx-search-"));
  const search = sqliteSearch(join(dir, "search.db"), undefined, options);
  return {
    search,
    settle: async () => {},
    close: async () => {
      await search.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
