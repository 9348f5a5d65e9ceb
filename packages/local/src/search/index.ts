import { join } from "node:path";
import { activityDoc, contactDoc } from "@reachcx/core/search/indexer";
import type { SearchDoc, SearchModel } from "@reachcx/core/search/port";
import type { StoreService } from "@reachcx/core/store/entities";
import { wholeNumberSetting } from "../errors.ts";
import { INDEX_MEMORY, type IndexMemory } from "./sqlite/layout.ts";
import { sqliteSearch } from "./sqlite.ts";

type Scan = (cursor: string | null) => Promise<{ data: Record<string, unknown>[]; cursor: string | null }>;

/**
 * The embedded search index: DATA_DIR/search.db (or memory). Each model's index is filled from the table
 * once, before the change feed takes over, so a data directory from before that index existed (or from
 * before search existed at all) is searchable too. With a DATA_DIR the fill and the change feed's writes
 * run in a writer thread, off the API's event loop (docs/search.md, The indexer); INDEX_WORKER=0 keeps
 * them on it (the bench's before). In memory (IN_MEMORY=1: no files) there is no file for a second
 * connection to open, and the writes stay in this thread.
 */
export async function openSearchIndex(dataDir: string | undefined, store: StoreService) {
  const file = dataDir ? join(dataDir, "search.db") : ":memory:";
  const search = sqliteSearch(file, undefined, {
    writerThread: process.env.INDEX_WORKER !== "0",
    memory: indexMemory(process.env),
  });
  const sources: [SearchModel, Scan, (image: Record<string, unknown>) => SearchDoc][] = [
    ["contact", (cursor) => store.entities.contact.scan.go({ cursor, limit: 1000 }), contactDoc],
    ["activitylog", (cursor) => store.entities.activityLog.scan.go({ cursor, limit: 1000 }), activityDoc],
  ];
  for (const [model, scan, doc] of sources) {
    if (search.filled(model)) continue;
    let cursor: string | null = null;
    do {
      const page = await scan(cursor);
      if (page.data.length > 0) await search.upsert(model, page.data.map(doc));
      cursor = page.cursor;
    } while (cursor);
    search.markFilled(model);
  }
  return search;
}

/**
 * The index's memory settings from SEARCH_MMAP_MB, SEARCH_CACHE_MB, SEARCH_WRITER_CACHE_MB and
 * SEARCH_SCAN_CACHE_MB (MiB; a mapping of 0 turns it off), INDEX_MEMORY's values where one is not set.
 */
export function indexMemory(env: Record<string, string | undefined>): IndexMemory {
  const mib = (name: string, fallback: number) =>
    wholeNumberSetting(name, env[name], { min: 0, unit: "of MiB" }) ?? fallback;
  return {
    mmapMiB: mib("SEARCH_MMAP_MB", INDEX_MEMORY.mmapMiB),
    cacheMiB: Math.max(1, mib("SEARCH_CACHE_MB", INDEX_MEMORY.cacheMiB)),
    writerCacheMiB: Math.max(1, mib("SEARCH_WRITER_CACHE_MB", INDEX_MEMORY.writerCacheMiB)),
    scanCacheMiB: Math.max(1, mib("SEARCH_SCAN_CACHE_MB", INDEX_MEMORY.scanCacheMiB)),
  };
}
