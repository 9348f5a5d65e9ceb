import { describe, expect, it } from "vitest";
import { StartupError } from "./errors.ts";
import { HEAP_GROWING_PERCENT_DEFAULT, heapGrowingPercentOf } from "./heap.ts";
import { indexMemory } from "./search/index.ts";
import { INDEX_MEMORY } from "./search/sqlite/layout.ts";

describe("the server's memory settings", () => {
  it("reads HEAP_GROWING_PERCENT as a whole percent, the default when unset, and refuses anything else at start", () => {
    expect(heapGrowingPercentOf(undefined)).toBe(HEAP_GROWING_PERCENT_DEFAULT);
    expect(heapGrowingPercentOf("")).toBe(HEAP_GROWING_PERCENT_DEFAULT);
    expect(heapGrowingPercentOf("0")).toBe(0);
    expect(heapGrowingPercentOf("120")).toBe(120);
    for (const bad of ["-1", "12.5", "lots", "1001"])
      expect(() => heapGrowingPercentOf(bad)).toThrow(StartupError);
  });

  it("reads the search index's memory in MiB, each unset one from the defaults; the caches never go below 1 MiB", () => {
    expect(indexMemory({})).toEqual(INDEX_MEMORY);
    const set = {
      SEARCH_MMAP_MB: "256",
      SEARCH_CACHE_MB: "8",
      SEARCH_WRITER_CACHE_MB: "4",
      SEARCH_SCAN_CACHE_MB: "2",
    };
    expect(indexMemory(set)).toEqual({ mmapMiB: 256, cacheMiB: 8, writerCacheMiB: 4, scanCacheMiB: 2 });
    expect(indexMemory({ SEARCH_MMAP_MB: "0" })).toEqual({ ...INDEX_MEMORY, mmapMiB: 0 });
    expect(indexMemory({ SEARCH_CACHE_MB: "0" }).cacheMiB).toBe(1);
    for (const bad of ["-5", "1.5", "big"])
      expect(() => indexMemory({ SEARCH_MMAP_MB: bad })).toThrow(/SEARCH_MMAP_MB must be a whole number/);
  });
});
