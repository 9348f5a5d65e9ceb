import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSearch } from "../../packages/core/src/adapters/opensearch.ts";
import type { Node } from "../../packages/core/src/search/ast.ts";
import {
  CONTACT_FIELDS,
  CONTACT_ROW_FIELDS,
  contactSchema,
} from "../../packages/core/src/search/contact-fields.ts";
import { evaluate, normalize } from "../../packages/core/src/search/evaluate.ts";
import { parseSearch } from "../../packages/core/src/search/parse.ts";
import type { Search, SearchDoc, SearchPage } from "../../packages/core/src/search/port.ts";
import { type SearchPlan, sqliteSearch } from "../../packages/local/src/search/sqlite.ts";
import { openSqliteSearch } from "../support/search.ts";

/**
 * The Search port's conformance suite: the adapter must answer what the reference evaluator answers,
 * on random contacts and random queries, and never another tenant's documents.
 */
const CUSTOM = [
  { name: "balance", type: "Number" },
  { name: "vip", type: "Boolean" },
  { name: "region", type: "String" },
];
const schema = contactSchema(CUSTOM);
const types = { "custom:balance": "number", "custom:vip": "boolean", "custom:region": "text" } as const;

const FIRST = ["Mary", "Mary-Ann", "John", "Jon", "Ann", "Zoë", "Émile"];
const LAST = ["Smith", "Smithson", "Jones", "Ann", "O'Brien", "García"];
const CITY = ["Denver", "Fort Collins", "Boulder", "New York"];

const contact = fc.record({
  firstName: fc.constantFrom(...FIRST),
  lastName: fc.constantFrom(...LAST),
  city: fc.option(fc.constantFrom(...CITY), { nil: undefined }),
  state: fc.option(fc.constantFrom("CO", "NY", "TX"), { nil: undefined }),
  email: fc.option(fc.constantFrom("mary@acme.example", "john.smith@x.example", "ann@zz.example"), {
    nil: undefined,
  }),
  phone: fc.option(fc.constantFrom("303-555-1234", "3035550000", "1-212-555-0101"), { nil: undefined }),
  createdAt: fc
    .integer({ min: Date.parse("2026-01-01"), max: Date.parse("2026-12-31") })
    .map((ms) => new Date(ms).toISOString()),
  dnc: fc.option(fc.boolean(), { nil: undefined }),
  // Fields a page's rows answer besides those above (the campaign build's): "" kept apart from missing.
  cell: fc.option(fc.constantFrom("", "720-555-0199", "(303) 555-7788"), { nil: undefined }),
  timeZone: fc.option(fc.constantFrom("America/Denver", "America/New_York"), { nil: undefined }),
  expireDt: fc.option(
    fc
      .integer({ min: Date.parse("2025-01-01"), max: Date.parse("2027-12-31") })
      .map((ms) => new Date(ms).toISOString()),
    { nil: undefined },
  ),
  optout: fc.option(fc.record({ Voice: fc.boolean(), SMS: fc.boolean() }, { requiredKeys: [] }), {
    nil: undefined,
  }),
  "custom:balance": fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
  "custom:vip": fc.option(fc.boolean(), { nil: undefined }),
  "custom:region": fc.option(fc.constantFrom("West", "east", "North-West"), { nil: undefined }),
});

const word = fc.constantFrom(
  "mary",
  "ann",
  "smith",
  "smi",
  "jo",
  "denver",
  "fort",
  "collins",
  "acme",
  "303",
  "555",
  "zoë",
  "garcía",
  "nobody",
);
const term: fc.Arbitrary<Node> = fc.record({
  type: fc.constant("text" as const),
  words: fc.array(word, { minLength: 1, maxLength: 2 }),
  prefix: fc.boolean(),
});
const rule: fc.Arbitrary<Node> = fc.oneof(
  fc.record({
    type: fc.constant("rule" as const),
    field: fc.constantFrom("firstName", "lastName", "city", "state", "email", "custom:region"),
    operator: fc.constantFrom("eq", "ne", "lt", "gt", "contains", "beginsWith", "endsWith"),
    value: fc.oneof(
      fc.constantFrom("mary", "Smith", "an", "co", "west", "Denver", "", "é"),
      fc.constant(null),
    ),
  }),
  fc.record({
    type: fc.constant("rule" as const),
    field: fc.constant("custom:balance"),
    operator: fc.constantFrom("eq", "ne", "lt", "gt", "lte", "gte"),
    value: fc.oneof(fc.integer({ min: 0, max: 500 }), fc.constant("250"), fc.constant(null)),
  }),
  fc.record({
    type: fc.constant("rule" as const),
    field: fc.constant("createdAt"),
    operator: fc.constantFrom("lt", "gt", "lte", "gte", "eq"),
    value: fc.constantFrom("2026-06-01", "2026-03-15T12:00:00Z", Date.parse("2026-09-01")),
  }),
  fc.record({
    type: fc.constant("rule" as const),
    field: fc.constantFrom("dnc", "custom:vip"),
    operator: fc.constantFrom("eq", "ne"),
    value: fc.constantFrom(true, false, null),
  }),
) as fc.Arbitrary<Node>;
const query = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    term,
    rule,
    fc.record({
      type: fc.constant("group" as const),
      combinator: fc.constantFrom("and" as const, "or" as const),
      not: fc.boolean(),
      rules: fc.array(tie("node"), { minLength: 0, maxLength: 3 }),
    }),
  ),
})).node;

/** Queries the search box can write: terms in non-empty groups, negations included. */
const boxQuery = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    term,
    fc.record({
      type: fc.constant("group" as const),
      combinator: fc.constantFrom("and" as const, "or" as const),
      not: fc.boolean(),
      rules: fc.array(tie("node"), { minLength: 1, maxLength: 3 }),
    }),
  ),
})).node;
const sortKey = fc.option(
  fc.record({
    field: fc.constantFrom(
      "firstName",
      "lastName",
      "city",
      "state",
      "email",
      "phone",
      "createdAt",
      "address2",
      "custom:region",
      "custom:balance",
    ),
    direction: fc.constantFrom("asc" as const, "desc" as const),
  }),
  { nil: undefined },
);

type Key = { field: string; direction: "asc" | "desc" };

/** The order the port promises: missing values first ascending, text by its lower case, ties by id. */
function sortedIds(ids: string[], key: Key | Key[] | undefined) {
  const keys = Array.isArray(key) ? key : key ? [key] : [];
  const value = (id: string, field: string) => {
    const doc = docs.find((d) => d.id === id) as SearchDoc;
    const v = normalize(doc[field], schema.types[field] ?? "text");
    return typeof v === "string" ? v.toLowerCase() : (v as number | null);
  };
  const cmp = (a: string | number | boolean | null, b: string | number | boolean | null) =>
    a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
  const last = keys.at(-1)?.direction === "desc" ? -1 : 1;
  return [...ids].sort((a, b) => {
    for (const k of keys) {
      const c = (k.direction === "desc" ? -1 : 1) * cmp(value(a, k.field), value(b, k.field));
      if (c !== 0) return c;
    }
    return last * cmp(a, b);
  });
}

/**
 * A document's values of every row field, as a page's rows must answer them: as the document holds them,
 * dates as the ISO string of their instant, missing ones absent.
 */
function expectedRow(id: string, tenant = "t1") {
  const doc = docs.find((d) => d.id === id && d.tenant === tenant) as SearchDoc;
  const row: Record<string, unknown> = {};
  for (const field of CONTACT_ROW_FIELDS) {
    const value = doc[field];
    if (value === undefined || value === null) continue;
    row[field] = CONTACT_FIELDS[field] === "date" ? new Date(Date.parse(String(value))).toISOString() : value;
  }
  return row;
}

/**
 * Every page of a query, following the cursor: each page must state the same total and be the next
 * slice of the reference evaluator's answer in the promised order (so a keyset cursor that skips or
 * repeats a row fails on the page where it does). Odd page sizes ask for the rows too, which must be the
 * documents' values: so every plan is paged both with and without them.
 */
async function pageAll(search: Search, node: Node | null, key: Key | Key[] | undefined, limit: number) {
  const want = sortedIds(expected(node), key);
  const got: string[] = [];
  let cursor: string | null = null;
  do {
    const page: SearchPage = await search.query("contact", "t1", {
      query: node,
      sort: Array.isArray(key) ? key : key ? [key] : [],
      limit,
      cursor,
      types,
      ...(limit % 2 === 1 ? { fields: CONTACT_ROW_FIELDS } : {}),
    });
    expect(page.total).toBe(want.length);
    expect(page.ids).toEqual(want.slice(got.length, got.length + limit));
    if (limit % 2 === 1) expect(page.rows).toEqual(page.ids.map((id) => expectedRow(id)));
    else expect(page.rows).toBeUndefined();
    got.push(...page.ids);
    cursor = page.nextCursor;
  } while (cursor && got.length <= want.length);
  return got;
}

let dir: string;
let search: Search & { close(): void };
let docs: SearchDoc[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "reachcx-search-"));
  search = sqliteSearch(join(dir, "search.db"));
  const rows = fc.sample(contact, { numRuns: 300, seed: 7 });
  docs = rows.map((row, i) => ({
    ...row,
    tenant: i % 5 === 0 ? "other" : "t1",
    id: `c${String(i).padStart(4, "0")}`,
  }));
  await search.upsert("contact", docs);
});
afterAll(() => {
  search.close();
  rmSync(dir, { recursive: true, force: true });
});

const expected = (node: Node | null) =>
  docs
    .filter((d) => d.tenant === "t1" && (node === null || evaluate(node, d, schema)))
    .map((d) => d.id)
    .sort();

function searchSuite(
  name: string,
  open: () => Promise<{ search: Search; settle: () => Promise<void>; close: () => void }>,
  /** An adapter with other planning thresholds, where the adapter has them. */
  tuned?: (plan: SearchPlan) => Search & { close(): void },
) {
  // Property runs take seconds each; on a shared 2-core machine some take more than the default 20 s.
  describe(`Search conformance: ${name}`, { timeout: 180_000 }, () => {
    let search: Search;
    let adapter: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      adapter = await open();
      search = adapter.search;
      await search.upsert("contact", docs);
      await adapter.settle();
    });
    afterAll(() => adapter.close());

    const all = (node: Node | null, sort: { field: string; direction: "asc" | "desc" }[] = []) =>
      search.query("contact", "t1", { query: node, sort, limit: 1000, types });

    it("answers exactly what the reference evaluator answers, for random queries", async () => {
      await fc.assert(
        fc.asyncProperty(query, async (node) => {
          const page = await all(node);
          expect([...page.ids].sort()).toEqual(expected(node));
          expect(page.total).toBe(page.ids.length);
        }),
        { numRuns: 400, seed: 11 },
      );
    });

    it("answers the requested fields of each page's documents, as written (case, empty text, dates, optout)", async () => {
      const fields = ["optout", "firstName", "expireDt", "cell", "dnc"];
      const page = await search.query("contact", "t1", { query: null, sort: [], limit: 1000, types, fields });
      const pick = (id: string) =>
        Object.fromEntries(Object.entries(expectedRow(id)).filter(([f]) => fields.includes(f)));
      expect(page.ids).toEqual(expected(null));
      expect(page.rows).toEqual(page.ids.map(pick));
      // The data has what would fail a lower-cased or lossy copy.
      expect(page.rows?.some((r) => r?.firstName === "Zoë")).toBe(true);
      expect(page.rows?.some((r) => r?.cell === "")).toBe(true);
      expect(page.rows?.some((r) => r?.dnc === false)).toBe(true);
      expect(page.rows?.some((r) => typeof r?.optout === "object")).toBe(true);
      await expect(
        search.query("contact", "t1", { query: null, sort: [], limit: 1, fields: ["custom:region"] }),
      ).rejects.toThrow();
    });

    it("answers segment-shaped queries like the evaluator: rule groups, one-field OR lists, ranges, negations", async () => {
      const field = fc.constantFrom("firstName", "lastName", "city", "state", "custom:region");
      const value = fc.oneof(
        fc.constantFrom("mary", "Smith", "Denver", "CO", "TX", "west", "", "é", "co"),
        fc.constant(null),
      );
      // A one-field OR list (the IN plan), with empty and missing values among them.
      const orList: fc.Arbitrary<Node> = fc.record({
        type: fc.constant("group" as const),
        combinator: fc.constant("or" as const),
        not: fc.boolean(),
        rules: field.chain((f) =>
          fc.array(
            value.map((v): Node => ({ type: "rule", field: f, operator: "eq", value: v })),
            { minLength: 2, maxLength: 4 },
          ),
        ),
      });
      const segment = fc.record({
        type: fc.constant("group" as const),
        combinator: fc.constantFrom("and" as const, "or" as const),
        not: fc.boolean(),
        rules: fc.array(fc.oneof(orList, rule), { minLength: 1, maxLength: 5 }),
      }) as fc.Arbitrary<Node>;
      await fc.assert(
        fc.asyncProperty(segment, async (node) => {
          const page = await all(node);
          expect([...page.ids].sort()).toEqual(expected(node));
          expect(page.total).toBe(expected(node).length);
        }),
        { numRuns: 300, seed: 12 },
      );
    });

    it("pages search-box queries in the promised order, whichever plan the adapter takes", async () => {
      await fc.assert(
        fc.asyncProperty(boxQuery, sortKey, fc.integer({ min: 1, max: 40 }), async (node, key, limit) => {
          expect(await pageAll(search, node, key, limit)).toEqual(sortedIds(expected(node), key));
        }),
        { numRuns: 300, seed: 5 },
      );
    });

    it("pages rule queries and whole lists by keyset cursor, page by page as the evaluator orders them", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.option(query, { nil: null }),
          sortKey,
          fc.integer({ min: 1, max: 40 }),
          async (node, key, limit) => {
            expect(await pageAll(search, node, key, limit)).toEqual(sortedIds(expected(node), key));
          },
        ),
        { numRuns: 300, seed: 13 },
      );
    });

    it("pages by two sort keys (missing values and ties on the first) by keyset cursor", async () => {
      const twoKeys = fc
        .tuple(sortKey, sortKey)
        .map(([a, b]) => [a, b].flatMap((k): Key[] => (k ? [k] : [])));
      await fc.assert(
        fc.asyncProperty(
          fc.option(query, { nil: null }),
          twoKeys,
          fc.integer({ min: 1, max: 25 }),
          async (node, keys, limit) => {
            expect(await pageAll(search, node, keys, limit)).toEqual(sortedIds(expected(node), keys));
          },
        ),
        { numRuns: 150, seed: 14 },
      );
    });

    it("refuses a damaged cursor, or one made for another order, with 'The cursor is not valid.'", async () => {
      const sort: Key[] = [{ field: "lastName", direction: "asc" }];
      const first = await search.query("contact", "t1", { query: null, sort, limit: 5 });
      const cursor = first.nextCursor as string;
      const ask = (c: string, s = sort) =>
        search.query("contact", "t1", { query: null, sort: s, limit: 5, cursor: c });
      await expect(ask(cursor)).resolves.toMatchObject({ total: first.total });
      const raw = JSON.parse(Buffer.from(cursor, "base64url").toString()) as {
        s: string;
        a: unknown[];
        p: number;
      };
      const forge = (patch: object) =>
        Buffer.from(JSON.stringify({ ...raw, ...patch })).toString("base64url");
      for (const bad of [
        "not-a-cursor",
        cursor.slice(0, -4),
        forge({ a: [raw.a[1]] }),
        forge({ a: [raw.a[0], 7] }),
        forge({ a: [{ x: 1 }, raw.a[1]] }),
        forge({ p: -3 }),
        forge({ t: -1 }),
        forge({ t: "12" }),
        forge({ s: "other" }),
      ])
        await expect(ask(bad), bad).rejects.toThrow("The cursor is not valid.");
      await expect(ask(cursor, [{ field: "lastName", direction: "desc" }])).rejects.toThrow(
        "The cursor is not valid.",
      );
      await expect(ask(cursor, [{ field: "city", direction: "asc" }])).rejects.toThrow(
        "The cursor is not valid.",
      );
    });

    if (tuned)
      it("pages the same when every short walk gives up or is taken (whole walks, probes, rule walks, collected matches)", async () => {
        for (const plan of [
          { walk: 10, slack: 0, minWalk: 1, probeSlack: 0, minProbe: 1, probe: 0 },
          { walk: 10, slack: 1, minWalk: 60, probeSlack: 1, minProbe: 60, probe: 0 },
          { walk: 10, slack: 0, minWalk: 1, probeSlack: 0, minProbe: 1, probe: 1e9 },
          { walk: 0.5, slack: 0, minWalk: 1, probeSlack: 0, minProbe: 1, probe: 0 },
          { walk: 10, slack: 4, minWalk: 1, probeSlack: 4, minProbe: 1, probe: 150 },
        ]) {
          const other = tuned(plan);
          try {
            await other.upsert("contact", docs);
            await fc.assert(
              fc.asyncProperty(
                boxQuery,
                sortKey,
                fc.integer({ min: 1, max: 40 }),
                async (node, key, limit) => {
                  expect(await pageAll(other, node, key, limit)).toEqual(sortedIds(expected(node), key));
                },
              ),
              { numRuns: 150, seed: 9 },
            );
            // Rule queries and whole lists: the sort-index walk (ruleWalk) is taken, gives up or not.
            await fc.assert(
              fc.asyncProperty(
                fc.option(query, { nil: null }),
                sortKey,
                fc.integer({ min: 1, max: 40 }),
                async (node, key, limit) => {
                  expect(await pageAll(other, node, key, limit)).toEqual(sortedIds(expected(node), key));
                },
              ),
              { numRuns: 150, seed: 10 },
            );
          } finally {
            other.close();
          }
        }
      });

    it("answers search-box queries like the evaluator", async () => {
      for (const text of [
        "mary",
        "smi*",
        '"mary ann"',
        "mary -smith",
        "denver | boulder",
        "(jo* | ann) + co",
        "303*",
        "zoë",
        "garcía",
      ]) {
        const node = parseSearch(text);
        expect([...(await all(node)).ids].sort(), text).toEqual(expected(node));
      }
    });

    it("never returns another tenant's documents", async () => {
      const page = await all(null);
      expect(page.ids.every((id) => docs.find((d) => d.id === id)?.tenant === "t1")).toBe(true);
      expect(page.total).toBe(docs.filter((d) => d.tenant === "t1").length);
      expect((await search.query("contact", "nobody", { query: null, sort: [], limit: 10 })).total).toBe(0);
    });

    it("sorts missing values last descending (first ascending) and pages with a cursor to the same set", async () => {
      const sort = [{ field: "city", direction: "desc" as const }];
      const full = (await all(null, sort)).ids;
      const cities = full.map((id) => docs.find((d) => d.id === id)?.city as string | undefined);
      const present = cities.filter((c) => c !== undefined);
      expect(present).toEqual([...present].sort().reverse());
      expect(cities.slice(present.length).every((c) => c === undefined)).toBe(true);
      const ascending = (await all(null, [{ field: "city", direction: "asc" }])).ids.map(
        (id) => docs.find((d) => d.id === id)?.city as string | undefined,
      );
      const missing = ascending.filter((c) => c === undefined).length;
      expect(ascending.slice(0, missing).every((c) => c === undefined)).toBe(true);
      expect(ascending.slice(missing)).toEqual([...present].sort());

      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { ids: string[]; nextCursor: string | null } = await search.query("contact", "t1", {
          query: null,
          sort,
          limit: 7,
          cursor,
        });
        paged.push(...page.ids);
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(full);
    });

    it("replaying upserts and removals changes nothing (idempotent)", async () => {
      const before = await all(null);
      await search.upsert("contact", docs.slice(0, 50));
      await search.remove("contact", [{ tenant: "t1", id: "missing" }]);
      expect(await all(null)).toEqual(before);
      const victim = docs.find((d) => d.tenant === "t1") as SearchDoc;
      await adapter.settle();
      await search.remove("contact", [victim, victim]);
      await adapter.settle();
      expect((await all(null)).total).toBe(before.total - 1);
      await search.upsert("contact", [victim]);
      await adapter.settle();
      expect(await all(null)).toEqual(before);
    });
  });
}

searchSuite("SQLite (embedded)", openSqliteSearch, (plan) => sqliteSearch(":memory:", plan));
searchSuite("SQLite (embedded, writer thread)", () => openSqliteSearch({ writerThread: true }));

const url = process.env.OPENSEARCH_URL;
if (url)
  searchSuite("OpenSearch", async () => {
    const prefix = `conformance-${Date.now()}`;
    const search = openSearch({ url, region: process.env.OPENSEARCH_REGION, prefix });
    const { Client } = await import("@opensearch-project/opensearch");
    const client = new Client({ node: url });
    return {
      search,
      // OpenSearch makes writes searchable on refresh; the suite asks for one instead of waiting.
      settle: async () => {
        await client.indices.refresh({ index: `${prefix}-contact` });
      },
      close: () => void client.indices.delete({ index: `${prefix}-contact` }),
    };
  });

describe("SQLite index layout", () => {
  it("a layout 5 file gains the rows' column in place: its rows answer none until rewritten", async () => {
    const dir = mkdtempSync(join(tmpdir(), "reachcx-search-"));
    try {
      const file = join(dir, "search.db");
      const t1 = docs.filter((d) => d.tenant === "t1").slice(0, 3);
      const first = sqliteSearch(file);
      await first.upsert("contact", t1);
      first.markFilled("contact");
      await first.close();
      const old = new Database(file);
      old.exec("ALTER TABLE contact DROP COLUMN src; PRAGMA user_version = 5;");
      old.close();
      const search = sqliteSearch(file);
      try {
        expect(search.filled("contact")).toBe(true);
        const ask = () =>
          search.query("contact", "t1", { query: null, sort: [], limit: 10, fields: CONTACT_ROW_FIELDS });
        expect(await ask()).toMatchObject({ ids: t1.map((d) => d.id), rows: [null, null, null] });
        await search.upsert("contact", [t1[1] as SearchDoc]);
        expect((await ask()).rows).toEqual([null, expectedRow(t1[1]?.id as string), null]);
      } finally {
        await search.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an index file of an older layout is emptied for a refill from the table, other models kept", async () => {
    const dir = mkdtempSync(join(tmpdir(), "reachcx-search-"));
    try {
      const file = join(dir, "search.db");
      const old = new Database(file);
      old.exec(`
        CREATE TABLE contact (rid INTEGER PRIMARY KEY, tenant TEXT, id TEXT, doc TEXT);
        INSERT INTO contact VALUES (1, 't1', 'stale', '{}');
        CREATE TABLE filled (model TEXT PRIMARY KEY);
        INSERT INTO filled VALUES ('contact'), ('activitylog');
      `);
      old.close();
      const search = sqliteSearch(file);
      try {
        expect(search.filled("contact")).toBe(false);
        expect(search.filled("activitylog")).toBe(true);
        expect((await search.query("contact", "t1", { query: null, sort: [], limit: 10 })).total).toBe(0);
        await search.upsert("contact", docs.slice(0, 3));
        search.markFilled("contact");
      } finally {
        search.close();
      }
      const reopened = sqliteSearch(file);
      try {
        expect(reopened.filled("contact")).toBe(true);
        const t1 = docs.slice(0, 3).filter((d) => d.tenant === "t1").length;
        expect((await reopened.query("contact", "t1", { query: null, sort: [], limit: 10 })).total).toBe(t1);
      } finally {
        reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
