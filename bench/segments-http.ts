/**
 * Segment queries over HTTP (issue 11, Measured): a running embedded instance (`npm start`'s main.ts in its
 * own process, a fresh temporary DATA_DIR) holding BENCH_HTTP_CONTACTS generated contacts (1,000,000 by
 * default) in one tenant; p50/p95 of POST /api/contacts/query (the count plus the first preview page of
 * 10, as the segment editor asks) for rule groups of 1, 2, 3 and 5 rules, and of page 1,000 of a segment
 * of every contact sorted by lastName reached by walking its keyset cursors; next to search-box queries
 * of the same size (GET /api/contacts?search=) and GET /api/health, measured in the same run, idle.
 *
 * How the contacts get there: `npm run generate` (loadContacts: BatchWriteItem of 25, 8 requests in
 * flight) writes them into the instance's DynamoDB Local, and the instance's change feed indexes them
 * through the same indexer and index writer as any other write. Loading through POST /api/contacts
 * (one request, one PutItem and its checks per contact) would take about 50 minutes at a million on 2
 * cores; the batch path stores the same items (generated ids, externalKey, dateCreated, status) and the
 * index sees the same stream records, so the queries meet the same data.
 */
import { group, type Node, type Operator } from "../packages/core/src/search/ast.ts";
import { adminHeaders, generate, pct, withInstance } from "./instance.ts";

const N = Number(process.env.BENCH_HTTP_CONTACTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_HTTP_RUNS ?? 40);
const DEEP = Number(process.env.BENCH_HTTP_PAGE ?? 1000);
const PASSWORD = "bench-password-1";
const TENANT = "acme";

const rule = (field: string, operator: Operator, value: string | number | boolean): Node => ({
  type: "rule",
  field,
  operator,
  value,
});
const by = (field: string, direction: "asc" | "desc" = "asc") => [{ field, direction }];

/** The issue's rule groups: eq on state, beginsWith on zip, a custom-field number range, a nested or, a negation. */
const SEGMENTS: { label: string; body: { query: Node; sort: { field: string; direction: string }[] } }[] = [
  { label: "1 rule: state eq TX", body: { query: group("and", [rule("state", "eq", "TX")]), sort: [] } },
  {
    label: "2 rules: state eq TX and zip beginsWith 7",
    body: { query: group("and", [rule("state", "eq", "TX"), rule("zip", "beginsWith", "7")]), sort: [] },
  },
  {
    label: "3 rules: TX, zip 7*, custom:balanceDue gte 1000",
    body: {
      query: group("and", [
        rule("state", "eq", "TX"),
        rule("zip", "beginsWith", "7"),
        rule("custom:balanceDue", "gte", 1000),
      ]),
      sort: [],
    },
  },
  {
    label: "3 rules: (Denver or Boston) and not Smith, by firstName",
    body: {
      query: group("and", [
        group("or", [rule("city", "eq", "Denver"), rule("city", "eq", "Boston")]),
        group("and", [rule("lastName", "eq", "Smith")], true),
      ]),
      sort: by("firstName"),
    },
  },
  {
    label: "5 rules: TX, zip 75*, (balance gt 2500 or vip), not Smith, by lastName",
    body: {
      query: group("and", [
        rule("state", "eq", "TX"),
        rule("zip", "beginsWith", "75"),
        group("or", [rule("custom:balanceDue", "gt", 2500), rule("custom:vip", "eq", true)]),
        group("and", [rule("lastName", "eq", "Smith")], true),
      ]),
      sort: by("lastName"),
    },
  },
];
/** A segment of every contact (no state is ZZ), as deep paging walks it. */
const EVERYONE = { query: group("and", [rule("state", "ne", "ZZ")]), sort: by("lastName") };
/** Search-box queries of about the same sizes: the baseline the issue compares with. */
const SEARCHES = [
  { label: "search box: 'tx'", query: "search=tx" },
  { label: "search box: 'smith', by firstName", query: "search=smith&sort=firstName:asc" },
  {
    label: "search box: '(denver | boston) -smith'",
    query: `search=${encodeURIComponent("(denver | boston) -smith")}`,
  },
];

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

async function main() {
  await withInstance(PASSWORD, async (instance) => {
    const { url, dataDir } = instance;
    const headers = await adminHeaders(url, TENANT, PASSWORD);
    type Page = { items: unknown[]; total: number; nextCursor: string | null };
    const query = async (body: object): Promise<Page> => {
      const res = await fetch(`${url}/api/contacts/query`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`POST /api/contacts/query: ${res.status} ${await res.text()}`);
      return (await res.json()) as Page;
    };
    const list = async (qs: string): Promise<Page> => {
      const res = await fetch(`${url}/api/contacts?${qs}&limit=10`, { headers });
      if (res.status !== 200) throw new Error(`GET /api/contacts: ${res.status} ${await res.text()}`);
      return (await res.json()) as Page;
    };
    const everyone = async () => (await query({ query: null, limit: 1 })).total;

    const before = await everyone();
    const started = performance.now();
    // A kept DATA_DIR (BENCH_HTTP_KEEP) that already holds them is not loaded again.
    const toLoad = before >= N ? 0 : N;
    const loading = toLoad > 0 ? generate(dataDir, TENANT, toLoad) : Promise.resolve();
    let written = false;
    void loading.then(() => {
      written = true;
    });
    let indexed = before;
    while (indexed < before + toLoad) {
      await new Promise((r) => setTimeout(r, 2000));
      instance.assertRunning();
      // A busy instance may drop a poll; the next one asks again.
      indexed = await everyone().catch(() => indexed);
      process.stdout.write(
        `\r  indexed ${(indexed - before).toLocaleString()} / ${N.toLocaleString()}${written ? " (all written)" : ""}   `,
      );
    }
    await loading;
    const loadSeconds = (performance.now() - started) / 1000;
    console.log(
      `\n\nSegment queries over HTTP: ${indexed.toLocaleString()} contacts in tenant ${TENANT} (${toLoad > 0 ? `${N.toLocaleString()} generated, ${before} before` : "kept from an earlier run"}), a running embedded instance (npm start's main.ts, its own process, DATA_DIR ${dataDir}), idle, ${RUNS} timed runs each after one untimed`,
    );
    console.log(
      toLoad === 0
        ? `  loaded by an earlier run (BENCH_HTTP_KEEP=${dataDir})`
        : `  loaded by npm run generate (BatchWriteItem of 25, 8 in flight) into its DynamoDB Local and indexed by its change feed (the same indexer and index writer as every write): ${loadSeconds.toFixed(0)} s, ${(N / loadSeconds).toFixed(0)} contacts/s`,
    );

    const timeIt = async (run: () => Promise<Page>) => {
      let page = await run();
      const times: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const t = performance.now();
        page = await run();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      return { p50: pct(times, 50), p95: pct(times, 95), total: page.total };
    };
    const health = await timeIt(async () => {
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      return { items: [], total: 0, nextCursor: null };
    });
    const baselines = [];
    for (const s of SEARCHES) baselines.push({ label: s.label, ...(await timeIt(() => list(s.query))) });
    const base = baselines.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const row = (label: string, r: { p50: number; p95: number; total: number }, goal?: number) =>
      console.log(
        `  ${label.padEnd(72)} ${String(r.total).padStart(9)}  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  x${(r.p95 / base.p95).toFixed(1)} of the slowest search box p95${goal === undefined ? "" : `  goal p95 <= ${goal} ms: ${r.p95 <= goal ? "met" : "NOT met"}`}`,
      );
    console.log(`\n  ${"".padEnd(72)} ${"matches".padStart(9)}`);
    console.log(`  GET /api/health: p50 ${ms(health.p50)}  p95 ${ms(health.p95)}`);
    for (const b of baselines) row(b.label, b);
    for (const s of SEGMENTS)
      row(`POST /api/contacts/query ${s.label}`, await timeIt(() => query({ ...s.body, limit: 10 })), 100);

    // Deep paging: the keyset cursors walked from the first page (untimed), then page DEEP timed.
    let cursor: string | null = null;
    const walkStarted = performance.now();
    for (let p = 1; p < DEEP; p++) {
      cursor = (await query({ ...EVERYONE, limit: 10, cursor })).nextCursor;
      if (!cursor) throw new Error(`the segment ended at page ${p}`);
    }
    const walkMs = (performance.now() - walkStarted) / (DEEP - 1);
    const first = await timeIt(() => query({ ...EVERYONE, limit: 10 }));
    const deep = await timeIt(() => query({ ...EVERYONE, limit: 10, cursor }));
    row("every contact (state ne ZZ) by lastName, page 1", first);
    row(`every contact (state ne ZZ) by lastName, page ${DEEP.toLocaleString()} by keyset cursor`, deep, 50);
    console.log(
      `  (walking pages 1-${DEEP - 1} by cursor took ${walkMs.toFixed(1)} ms a page; page ${DEEP} / page 1 p95: ${(deep.p95 / first.p95).toFixed(2)})`,
    );
  });
}

await main();
