import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { group } from "@reachcx/core/search/ast";
import type { SearchDoc } from "@reachcx/core/search/port";
import { afterEach, describe, expect, it } from "vitest";
import { sqliteSearch } from "../sqlite.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open() {
  const dir = mkdtempSync(join(tmpdir(), "reachcx-writer-thread-"));
  dirs.push(dir);
  return sqliteSearch(join(dir, "search.db"), undefined, { writerThread: true });
}

const contact = (id: string, lastName: string, updatedAt = 1): SearchDoc => ({
  tenant: "t1",
  id,
  lastName,
  updatedAt,
});
/** The tenant's contacts, or those of one last name. */
const ids = async (search: ReturnType<typeof open>, lastName?: string) => {
  const rule = { type: "rule" as const, field: "lastName", operator: "eq" as const, value: lastName ?? "" };
  const query = lastName === undefined ? null : group("and", [rule]);
  return (await search.query("contact", "t1", { query, sort: [], limit: 100 })).ids;
};

describe("index writes in a writer thread", { timeout: 60_000 }, () => {
  it("are read by the API's connection as soon as the write has settled, in the order given", async () => {
    const search = open();
    try {
      // Not awaited one by one: the thread takes them in order, so the newer image of c1 lands last.
      await Promise.all([
        search.upsert("contact", [contact("c1", "Older", 1), contact("c2", "Smith")]),
        search.upsert("contact", [contact("c1", "Newer", 2)]),
        search.remove("contact", [{ tenant: "t1", id: "c2" }]),
      ]);
      expect(await ids(search)).toEqual(["c1"]);
      expect(await ids(search, "newer")).toEqual(["c1"]);
      expect(await ids(search, "older")).toEqual([]);
      // A replayed older image is a no-op there as in-thread.
      await search.upsert("contact", [contact("c1", "Older", 1)]);
      expect(await ids(search, "newer")).toEqual(["c1"]);
    } finally {
      await search.close();
    }
  });

  it("give a failed batch back as a thrown error, its transaction rolled back, and go on with the next", async () => {
    const search = open();
    try {
      const bad = { ...contact("c9", "Broken"), tenant: null } as unknown as SearchDoc;
      const failed = search.upsert("contact", [contact("c3", "Kept out"), bad]);
      await expect(failed).rejects.toThrow(Error);
      expect(await ids(search)).toEqual([]);
      await search.upsert("contact", [contact("c4", "Fine")]);
      expect(await ids(search)).toEqual(["c4"]);
    } finally {
      await search.close();
    }
  });

  it("finish the writes already given before closing, and refuse writes after", async () => {
    const dir = mkdtempSync(join(tmpdir(), "reachcx-writer-thread-"));
    dirs.push(dir);
    const file = join(dir, "search.db");
    const search = sqliteSearch(file, undefined, { writerThread: true });
    const docs = Array.from({ length: 2000 }, (_, i) => contact(`c${i}`, `N${i}`));
    const writing = search.upsert("contact", docs);
    await search.close();
    await writing;
    await expect(search.upsert("contact", [contact("late", "Late")])).rejects.toThrow(/closed/);
    const reopened = sqliteSearch(file);
    try {
      const page = await reopened.query("contact", "t1", { query: null, sort: [], limit: 1 });
      expect(page.total).toBe(2000);
    } finally {
      await reopened.close();
    }
  });

  it("answer a background scan through the connection that maps nothing exactly as the console's queries, each write seen at once", async () => {
    const search = open();
    try {
      const docs = Array.from({ length: 30 }, (_, i) => contact(`c${i}`, `N${i % 7}`));
      await search.upsert("contact", docs);
      const request = {
        query: group("and", [
          { type: "rule" as const, field: "lastName", operator: "eq" as const, value: "N3" },
        ]),
        sort: [{ field: "lastName", direction: "asc" as const }],
        limit: 2,
        fields: ["lastName"],
      };
      const pages = async (scan: boolean) => {
        const all: unknown[] = [];
        let cursor: string | null = null;
        do {
          const page = await search.query("contact", "t1", { ...request, cursor, scan });
          all.push({ ids: page.ids, rows: page.rows, total: page.total });
          cursor = page.nextCursor;
        } while (cursor);
        return all;
      };
      const console_ = await pages(false);
      expect(console_).toHaveLength(2);
      expect(await pages(true)).toEqual(console_);
      await search.upsert("contact", [contact("late", "N3")]);
      expect((await search.query("contact", "t1", { ...request, scan: true })).total).toBe(5);
    } finally {
      await search.close();
    }
  });
});
