import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSearch } from "../../packages/core/src/adapters/opensearch.ts";
import type { ChangeRecord } from "../../packages/core/src/realtime/index.ts";
import { indexChanges } from "../../packages/core/src/search/indexer.ts";
import type { ActivityRequest, Search, SearchDoc } from "../../packages/core/src/search/port.ts";
import { openSqliteSearch } from "../support/search.ts";

/**
 * The activity-log side of the Search port: the adapter must list what a plain filter and sort of the
 * documents lists, for random requests, and never another tenant's logs. Documents reach it the way
 * production ones do: as change-stream records through the one indexer.
 */
const TYPES = ["Dial", "Note", "System", "PromptPay"] as const;
const CONTACTS = ["c1", "c2", "c3"];

const log = fc.record({
  tenant: fc.constantFrom("t1", "t1", "t2"),
  activityLogContactId: fc.constantFrom(...CONTACTS),
  type: fc.constantFrom(...TYPES),
  title: fc.constantFrom("Call", "Note", "Contact Deleted", "Payment"),
  timestamp: fc
    .integer({ min: Date.parse("2026-01-01"), max: Date.parse("2026-03-01") })
    .map((ms) => new Date(ms).toISOString()),
  metaData: fc.option(fc.record({ classification: fc.constantFrom("Retry", "Final") }), { nil: undefined }),
});

const docs: SearchDoc[] = fc
  .sample(log, { numRuns: 300, seed: 7 })
  .map((d, i) => ({ ...d, id: `a${String(i).padStart(4, "0")}`, updatedAt: d.timestamp }));

const record = (doc: SearchDoc, eventName: ChangeRecord["eventName"] = "INSERT"): ChangeRecord => {
  const image = { ...doc, __edb_e__: "activityLog", __edb_v__: "1", pk: "x", sk: "y" };
  return eventName === "REMOVE" ? { eventName, oldImage: image } : { eventName, newImage: image };
};

const request = fc.record({
  contactId: fc.option(fc.constantFrom(...CONTACTS, "nobody"), { nil: undefined }),
  type: fc.option(fc.constantFrom(...TYPES), { nil: undefined }),
  from: fc.option(fc.constantFrom("2026-01-15T00:00:00.000Z", "2026-02-01T00:00:00.000Z"), {
    nil: undefined,
  }),
  to: fc.option(fc.constantFrom("2026-02-01T00:00:00.000Z", "2026-02-20T00:00:00.000Z"), { nil: undefined }),
});

/** The reference: filter by tenant and the request, newest first, ties by id descending. */
const expected = (tenant: string, r: Omit<ActivityRequest, "limit">, from = docs) =>
  from
    .filter(
      (d) =>
        d.tenant === tenant &&
        (r.contactId === undefined || d.activityLogContactId === r.contactId) &&
        (r.type === undefined || d.type === r.type) &&
        (r.from === undefined || (d.timestamp as string) >= r.from) &&
        (r.to === undefined || (d.timestamp as string) < r.to),
    )
    .sort((a, b) =>
      a.timestamp === b.timestamp
        ? b.id.localeCompare(a.id)
        : (b.timestamp as string).localeCompare(a.timestamp as string),
    )
    .map((d) => d.id);

function activitySuite(
  name: string,
  open: () => Promise<{ search: Search; settle: () => Promise<void>; close: () => void }>,
) {
  describe(`Activity search conformance: ${name}`, () => {
    let search: Search;
    let adapter: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      adapter = await open();
      search = adapter.search;
      await indexChanges(
        search,
        docs.map((d) => record(d)),
      );
      await adapter.settle();
    });
    afterAll(() => adapter.close());

    const all = async (tenant: string, r: Omit<ActivityRequest, "limit">) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      let total = -1;
      do {
        const page = await search.activity(tenant, { ...r, limit: 17, cursor });
        ids.push(...page.ids);
        total = page.total;
        cursor = page.nextCursor;
      } while (cursor);
      return { ids, total };
    };

    it("lists what the reference lists, for random filters, page by page", async () => {
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const want = expected("t1", r);
          const got = await all("t1", r);
          expect(got.ids).toEqual(want);
          expect(got.total).toBe(want.length);
        }),
        { numRuns: 60, seed: 3 },
      );
    });

    it("never lists another tenant's logs, even by its contact id", async () => {
      const t2 = await all("t2", {});
      expect(t2.ids).toEqual(expected("t2", {}));
      expect(t2.ids.every((id) => docs.find((d) => d.id === id)?.tenant === "t2")).toBe(true);
      expect((await search.activity("nobody", { limit: 10 })).total).toBe(0);
    });

    it("replaying the stream changes nothing; an older image never replaces a newer one", async () => {
      const before = await all("t1", {});
      await indexChanges(
        search,
        docs.slice(0, 80).map((d) => record(d)),
      );
      await adapter.settle();
      expect(await all("t1", {})).toEqual(before);

      // A log edited later (newer updatedAt) moved to another contact; the stale image arrives after it.
      const victim = docs.find((d) => d.tenant === "t1" && d.activityLogContactId === "c1") as SearchDoc;
      const newer = { ...victim, activityLogContactId: "c9", updatedAt: "2027-01-01T00:00:00.000Z" };
      await indexChanges(search, [record(newer, "MODIFY")]);
      await adapter.settle();
      await indexChanges(search, [record(victim, "MODIFY")]);
      await adapter.settle();
      expect((await all("t1", { contactId: "c9" })).ids).toEqual([victim.id]);

      // Removal, replayed, removes once; the rest stays.
      await indexChanges(search, [record(newer, "REMOVE"), record(newer, "REMOVE")]);
      await adapter.settle();
      expect((await all("t1", {})).total).toBe(before.total - 1);
      expect((await all("t1", { contactId: "c9" })).ids).toEqual([]);
    });
  });
}

activitySuite("SQLite (embedded)", openSqliteSearch);
activitySuite("SQLite (embedded, writer thread)", () => openSqliteSearch({ writerThread: true }));

const url = process.env.OPENSEARCH_URL;
if (url)
  activitySuite("OpenSearch", async () => {
    const prefix = `conformance-activity-${Date.now()}`;
    const search = openSearch({ url, region: process.env.OPENSEARCH_REGION, prefix });
    const { Client } = await import("@opensearch-project/opensearch");
    const client = new Client({ node: url });
    return {
      search,
      settle: async () => {
        await client.indices.refresh({ index: `${prefix}-activitylog` });
      },
      close: () => void client.indices.delete({ index: `${prefix}-activitylog` }),
    };
  });
