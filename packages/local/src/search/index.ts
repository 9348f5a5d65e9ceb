import { existsSync } from "node:fs";
import { join } from "node:path";
import { contactDoc } from "@reachcx/core/search/indexer";
import type { StoreService } from "@reachcx/core/store/entities";
import { sqliteSearch } from "./sqlite.ts";

/**
 * The embedded search index: DATA_DIR/search.db (or memory). A new index file is filled from the table
 * before the change feed takes over, so a data directory from before search existed is searchable too.
 */
export async function openSearchIndex(dataDir: string | undefined, store: StoreService) {
  const file = dataDir ? join(dataDir, "search.db") : ":memory:";
  const fresh = file === ":memory:" || !existsSync(file);
  const search = sqliteSearch(file);
  if (fresh) {
    let cursor: string | null = null;
    do {
      const page: { data: Record<string, unknown>[]; cursor: string | null } =
        await store.entities.contact.scan.go({
          cursor,
          limit: 1000,
        });
      if (page.data.length > 0) await search.upsert("contact", page.data.map(contactDoc));
      cursor = page.cursor;
    } while (cursor);
  }
  return search;
}
