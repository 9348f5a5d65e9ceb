/**
 * Contact search figures (issues 3 and 11): list-query and segment-query latency of the embedded Search
 * adapter at 100k and 1M contacts in one tenant (p95 as a ratio to a search-box query of the same size),
 * the indexer's throughput from the change stream next to the raw DynamoDB Local write rate measured in
 * the same run, and what the filter indexes cost the index writer. BENCH_CONTACTS overrides the sizes
 * (comma-separated).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { group, type Node, type Operator } from "../packages/core/src/search/ast.ts";
import { contactDoc, indexChanges } from "../packages/core/src/search/indexer.ts";
import { parseSearch } from "../packages/core/src/search/parse.ts";
import type { SearchRequest } from "../packages/core/src/search/port.ts";
import { createDynamoClient } from "../packages/core/src/store/client.ts";
import { createService } from "../packages/core/src/store/entities.ts";
import { ChangeFeed } from "../packages/local/src/changes.ts";
import { startDynamo } from "../packages/local/src/dynamo.ts";
import { REGION } from "../packages/local/src/dynamo-key.ts";
import { generateContacts } from "../packages/local/src/generate/index.ts";
import { writeRuntimeFile } from "../packages/local/src/runtime-file.ts";
import { indexMemory } from "../packages/local/src/search/index.ts";
import { FILTER_INDEXES, openLayout } from "../packages/local/src/search/sqlite/layout.ts";
import { sqliteWriter } from "../packages/local/src/search/sqlite/writer.ts";
import { sqliteSearch } from "../packages/local/src/search/sqlite.ts";
import { ensureTable } from "../packages/local/src/table.ts";
import { pct } from "./instance.ts";

const TENANT = "bench";
const sizes = (process.env.BENCH_CONTACTS ?? "100000,1000000").split(",").map(Number);
const INDEX_N = Number(process.env.BENCH_INDEX_CONTACTS ?? 20000);

const byField = (field: string, direction: "asc" | "desc" = "asc") => [{ field, direction }];
const rule = (field: string, operator: Operator, value: string | number | boolean): Node => ({
  type: "rule",
  field,
  operator,
  value,
});
const SEGMENT_TYPES = { "custom:balanceDue": "number", "custom:vip": "boolean" } as const;
/**
 * The contact list's queries (search text + sort + page + total). Those marked * search for what they
 * sort by (a city sorted by city, a last name by last name, names starting with j by email), so the
 * matches bunch up away from the start of the sort order: the hard case for the index walk.
 */
const QUERIES: {
  label: string;
  request: Omit<SearchRequest, "limit">;
  page?: number;
  /** The search-box query of about a TX segment's size: the other queries' p95 is given as a ratio to its. */
  baseline?: true;
}[] = [
  { label: "first page, sort lastName", request: { query: null, sort: byField("lastName") } },
  { label: "'smith' sort firstName", request: { query: parseSearch("smith"), sort: byField("firstName") } },
  { label: "'mary + denver'", request: { query: parseSearch("mary + denver"), sort: byField("lastName") } },
  {
    label: "'(boston | miami) -smith'",
    request: { query: parseSearch("(boston | miami) -smith"), sort: [] },
    baseline: true,
  },
  {
    label: "'\"sunset blvd\"' sort zip",
    request: { query: parseSearch('"sunset blvd"'), sort: byField("zip") },
  },
  { label: "'-smith' sort lastName", request: { query: parseSearch("-smith"), sort: byField("lastName") } },
  {
    label: "'smith' page 301",
    request: { query: parseSearch("smith"), sort: byField("firstName") },
    page: 301,
  },
  { label: "'5*' (41% match)", request: { query: parseSearch("5*"), sort: [] } },
  {
    label: "'GEN-42-77' (one contact)",
    request: { query: parseSearch("GEN-42-77"), sort: byField("lastName") },
  },
  {
    label: "sort custom:balanceDue desc",
    request: {
      query: null,
      sort: byField("custom:balanceDue", "desc"),
      types: { "custom:balanceDue": "number" },
    },
  },
  {
    label: "* 'den*' sort city desc",
    request: { query: parseSearch("den*"), sort: byField("city", "desc") },
  },
  { label: "* 'smith' sort lastName", request: { query: parseSearch("smith"), sort: byField("lastName") } },
  // Segment queries (issue 11): rule groups of 1, 3 and 5 rules, as the segment editor and builds send them.
  {
    label: "seg1: state eq TX",
    request: { query: group("and", [rule("state", "eq", "TX")]), sort: [], types: SEGMENT_TYPES },
  },
  {
    label: "seg2: TX, zip 7*",
    request: {
      query: group("and", [rule("state", "eq", "TX"), rule("zip", "beginsWith", "7")]),
      sort: [],
      types: SEGMENT_TYPES,
    },
  },
  {
    label: "seg3: TX, zip 7*, balance>=1000",
    request: {
      query: group("and", [
        rule("state", "eq", "TX"),
        rule("zip", "beginsWith", "7"),
        rule("custom:balanceDue", "gte", 1000),
      ]),
      sort: [],
      types: SEGMENT_TYPES,
    },
  },
  {
    label: "seg3: (Denver|Boston) -Smith",
    request: {
      query: group("and", [
        group("or", [rule("city", "eq", "Denver"), rule("city", "eq", "Boston")]),
        group("and", [rule("lastName", "eq", "Smith")], true),
      ]),
      sort: byField("firstName"),
      types: SEGMENT_TYPES,
    },
  },
  {
    label: "seg5: nested or, negated",
    request: {
      query: group("and", [
        rule("state", "eq", "TX"),
        rule("zip", "beginsWith", "75"),
        group("or", [rule("custom:balanceDue", "gt", 2500), rule("custom:vip", "eq", true)]),
        group("and", [rule("lastName", "eq", "Smith")], true),
      ]),
      sort: byField("lastName"),
      types: SEGMENT_TYPES,
    },
  },
  {
    label: "seg1 sort lastName page 1000",
    request: {
      query: group("and", [rule("state", "ne", "ZZ")]),
      sort: byField("lastName"),
      types: SEGMENT_TYPES,
    },
    page: 1000,
  },
  { label: "* 'j*' sort email", request: { query: parseSearch("j*"), sort: byField("email") } },
];

async function queryLatency(n: number) {
  const dir = mkdtempSync(join(tmpdir(), "reachcx-bench-search-"));
  // BENCH_SEARCH_DB (`{n}` for the size) keeps the filled index file for the next run: filling a million
  // takes 10-20 minutes on this machine. A file of another layout is emptied at open, and refilled here.
  const kept = process.env.BENCH_SEARCH_DB?.replaceAll("{n}", String(n));
  // SEARCH_MMAP_MB / SEARCH_CACHE_MB: the index's memory settings, as the instance takes them.
  const search = sqliteSearch(kept ?? join(dir, "search.db"), undefined, {
    memory: indexMemory(process.env),
  });
  try {
    const started = performance.now();
    let batch: ReturnType<typeof contactDoc>[] = [];
    let i = 0;
    const held = (await search.query("contact", TENANT, { query: null, sort: [], limit: 1 })).total;
    for (const c of held === n ? [] : generateContacts(n, 42)) {
      batch.push(contactDoc({ ...c, tenant: TENANT, id: `c${i++}`, createdAt: new Date().toISOString() }));
      if (batch.length === 10_000) {
        await search.upsert("contact", batch);
        batch = [];
      }
    }
    await search.upsert("contact", batch);
    const loadSeconds = (performance.now() - started) / 1000;

    console.log(
      `\n${n.toLocaleString()} contacts in one tenant (${held === n ? `the index file ${kept} kept from an earlier run` : `loaded into the index in ${loadSeconds.toFixed(0)} s`})`,
    );
    let baselineP95 = 0;
    const lines: {
      label: string;
      total: number;
      p50: number;
      p95: number;
      cpu: number;
      baseline?: true;
    }[] = [];
    for (const q of QUERIES) {
      const times: number[] = [];
      let total = 0;
      // Once untimed: the first sort by a custom field makes its index. A deep page is reached by walking
      // the keyset cursors from the first page (untimed); then that page is timed.
      let cursor: string | null = null;
      let reached = 1;
      for (; reached < (q.page ?? 1); reached++) {
        const next: string | null = (
          await search.query("contact", TENANT, { ...q.request, limit: 10, cursor })
        ).nextCursor;
        if (!next) break;
        cursor = next;
      }
      await search.query("contact", TENANT, { ...q.request, limit: 10, cursor });
      const cpu: number[] = [];
      for (let r = 0; r < 25; r++) {
        const t = performance.now();
        const used = process.cpuUsage();
        const page = await search.query("contact", TENANT, { ...q.request, limit: 10, cursor });
        const { user, system } = process.cpuUsage(used);
        times.push(performance.now() - t);
        cpu.push((user + system) / 1000);
        total = page.total;
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      if (q.baseline) baselineP95 = pct(times, 95);
      lines.push({
        label: reached < (q.page ?? 1) ? `${q.label} (has ${reached} pages: the last)` : q.label,
        total,
        p50: pct(times, 50),
        p95: pct(times, 95),
        cpu: pct(cpu, 50),
        ...(q.baseline ? { baseline: true as const } : {}),
      });
    }
    // CPU time is what a query costs this process; on 2 cores shared with other work the wall time is
    // that plus the wait for a core, so the CPU column is close to what an idle machine would show.
    for (const line of lines)
      console.log(
        `  ${line.label.padEnd(30)} total ${String(line.total).padStart(8)}  p50 ${line.p50.toFixed(1).padStart(7)} ms  p95 ${line.p95.toFixed(1).padStart(7)} ms  cpu p50 ${line.cpu.toFixed(1).padStart(6)} ms  ${line.baseline ? "baseline" : `p95 x${(line.p95 / baselineP95).toFixed(2)} of the baseline's`}`,
      );
  } finally {
    search.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the filter indexes (layout 5, docs/search.md Rule-query counts) cost the index writer: WRITE_N
 * contacts upserted in batches of 1,000 (the change feed's size) into a fresh index file without them
 * (dropped after the layout is made: layout 4's indexes, the baseline) and one with them, twice each,
 * alternated so both see the same load; contacts/s, ratio and file size.
 */
async function filterIndexCost() {
  const n = Number(process.env.BENCH_WRITE_CONTACTS ?? 100_000);
  const docs = [...generateContacts(n, 43)].map((c, i) =>
    contactDoc({ ...c, tenant: TENANT, id: `w${i}`, createdAt: new Date().toISOString() }),
  );
  const write = (withFilters: boolean) => {
    const dir = mkdtempSync(join(tmpdir(), "reachcx-bench-write-"));
    const db = openLayout(join(dir, "search.db"));
    try {
      if (!withFilters) for (const f of FILTER_INDEXES) db.exec(`DROP INDEX ${f.name}`);
      const writer = sqliteWriter(db);
      const started = performance.now();
      for (let i = 0; i < docs.length; i += 1000) writer.upsert("contact", docs.slice(i, i + 1000));
      const rate = n / ((performance.now() - started) / 1000);
      db.pragma("wal_checkpoint(TRUNCATE)");
      const { bytes } = db
        .prepare("SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()")
        .get() as { bytes: number };
      return { rate, bytes };
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const runs = { without: [] as number[], with: [] as number[] };
  let size = { without: 0, with: 0 };
  for (let r = 0; r < 2; r++) {
    const a = write(false);
    const b = write(true);
    runs.without.push(a.rate);
    runs.with.push(b.rate);
    size = { without: a.bytes, with: b.bytes };
  }
  const best = (rates: number[]) => Math.max(...rates);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  console.log(`\nIndex writes, ${n.toLocaleString()} contacts in batches of 1,000 (best of 2, alternated)`);
  console.log(
    `  without the filter indexes (layout 4)    ${best(runs.without).toFixed(0).padStart(6)} contacts/s   baseline   file ${mb(size.without)}`,
  );
  console.log(
    `  with them (layout 5)                     ${best(runs.with).toFixed(0).padStart(6)} contacts/s   ratio ${(best(runs.with) / best(runs.without)).toFixed(2)}   file ${mb(size.with)}`,
  );
}

/**
 * The indexer's throughput next to the raw write rate, both measured here on the same DynamoDB Local
 * (in memory, with the table's 4 GSIs and stream, as npm start creates it). Contacts are written the way
 * the product's bulk path writes them: `npm run generate` (loadContacts: BatchWriteItem of 25, 8 requests
 * in flight) in its own process, while the change feed and the indexer run here, as they run in the
 * server process of npm start.
 *  1. Warm-up, not timed: DynamoDB Local's JVM compiles its write path over the first ~15,000 items (cold,
 *     it writes a few hundred a second), so BENCH_WARMUP_CONTACTS go to another tenant first, with the
 *     feed and the indexer running so they are warm too.
 *  2. Raw: INDEX_N contacts with no change feed reading the stream: the baseline.
 *  3. The indexer alone: a feed replays the stream from its oldest record (warm-up and raw run) into the
 *     index; records per second against the raw write rate says whether the index keeps up (goal >= 0.9).
 *  4. Both at once: INDEX_N more with the feed running, timed from the first write until the index holds
 *     them all. On 2 cores the writer, DynamoDB Local and the indexer share the CPU, so this shows what
 *     indexing costs the writes and how far behind the index is when they end.
 */
async function indexThroughput() {
  const WARMUP_N = Number(process.env.BENCH_WARMUP_CONTACTS ?? 20000);
  const dynamo = await startDynamo({});
  const dir = mkdtempSync(join(tmpdir(), "reachcx-bench-index-"));
  const search = sqliteSearch(join(dir, "search.db"));
  const feeds: ChangeFeed[] = [];
  try {
    const { endpoint, credentials } = dynamo;
    const raw = new DynamoDBClient({ endpoint, region: REGION, credentials });
    const streamArn = await ensureTable(raw, "reachcx");
    raw.destroy();
    const store = createService(createDynamoClient({ table: "reachcx", endpoint, credentials }), "reachcx");
    const tenants = { warmup: `${TENANT}-warmup`, raw: `${TENANT}-raw`, indexed: TENANT };
    for (const id of Object.values(tenants)) {
      await store.entities.tenant.create({ id, name: id, apiKey: `k-${id}` }).go();
      await store.entities.tenantSettings.create({ tenant: id }).go();
    }

    // `npm run generate` finds DynamoDB Local through DATA_DIR/runtime.json, as npm start writes it.
    writeRuntimeFile(dir, dynamo);
    const cli = fileURLToPath(new URL("../packages/local/src/generate/cli.ts", import.meta.url));
    /** Runs `npm run generate`; resolves with its own timing of the writes and when they started here. */
    const generate = (tenant: string, count: number, seed: number) =>
      new Promise<{ seconds: number; startedAt: number }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", cli, "--tenant", tenant, "--count", String(count), "--seed", String(seed)],
          { env: { ...process.env, DATA_DIR: dir }, stdio: ["ignore", "pipe", "pipe"] },
        );
        let out = "";
        let done: { seconds: number; startedAt: number } | undefined;
        child.stdout.on("data", (chunk) => {
          out += String(chunk);
          const seconds = /Loaded \d+ contacts into \S+ in ([\d.]+) s\./.exec(out)?.[1];
          if (seconds && !done)
            done = { seconds: Number(seconds), startedAt: performance.now() - Number(seconds) * 1000 };
        });
        child.stderr.on("data", (chunk) => {
          out += String(chunk);
        });
        child.once("error", reject);
        child.once("exit", (code) =>
          code === 0 && done
            ? resolve(done)
            : reject(new Error(`npm run generate failed (exit ${code}): ${out.trim().slice(-500)}`)),
        );
      });
    /** Records the feeds have indexed. */
    let indexedRecords = 0;
    /** A feed that indexes from the stream's newest (or oldest) record on; stopped in finally if still running. */
    const startFeed = async (from: "latest" | "oldest" = "latest") => {
      const feed = new ChangeFeed(dynamo, streamArn, (err) => console.error(err), { from });
      feed.subscribe(async (records) => {
        await indexChanges(search, records);
        indexedRecords += records.length;
      });
      await feed.start();
      feeds.push(feed);
      return feed;
    };
    const stopFeed = async (feed: ChangeFeed) => {
      feeds.splice(feeds.indexOf(feed), 1);
      await feed.stop();
    };
    const indexed = async (tenant: string) =>
      (await search.query("contact", tenant, { query: null, sort: [], limit: 1 })).total;
    const untilIndexed = async (tenant: string, n: number) => {
      while ((await indexed(tenant)) < n) await new Promise((r) => setTimeout(r, 20));
    };

    const warmStarted = performance.now();
    const warmFeed = await startFeed();
    await generate(tenants.warmup, WARMUP_N, 7);
    await untilIndexed(tenants.warmup, WARMUP_N);
    await stopFeed(warmFeed);
    const warmSeconds = (performance.now() - warmStarted) / 1000;

    const rawRun = await generate(tenants.raw, INDEX_N, 8);

    // The indexer alone: a feed replaying the stream from its oldest record (the warm-up and the raw run).
    indexedRecords = 0;
    const replayStarted = performance.now();
    const replay = await startFeed("oldest");
    await untilIndexed(tenants.raw, INDEX_N);
    const replaySeconds = (performance.now() - replayStarted) / 1000;
    const replayed = indexedRecords;
    await stopFeed(replay);

    const feed = await startFeed();
    const run = await generate(tenants.indexed, INDEX_N, 9);
    const behind = INDEX_N - (await indexed(tenants.indexed));
    await untilIndexed(tenants.indexed, INDEX_N);
    const indexSeconds = (performance.now() - run.startedAt) / 1000;
    await stopFeed(feed);

    const rawRate = INDEX_N / rawRun.seconds;
    const drainRate = replayed / replaySeconds;
    const indexRate = INDEX_N / indexSeconds;
    console.log(
      `\nIndexer from the change stream: ${INDEX_N.toLocaleString()} contacts written by npm run generate (batches of 25, 8 in flight; DynamoDB Local in memory, 4 GSIs + stream; after a ${WARMUP_N.toLocaleString()}-contact warm-up of ${warmSeconds.toFixed(0)} s)`,
    );
    console.log(
      `  raw write rate (no feed)                 ${rawRate.toFixed(0).padStart(6)} contacts/s   baseline`,
    );
    console.log(
      `  indexer alone, replaying ${replayed.toLocaleString()} records ${drainRate.toFixed(0).padStart(6)} contacts/s   ratio ${(drainRate / rawRate).toFixed(2)} (goal >= 0.9: the index keeps up)`,
    );
    console.log(
      `  writes with the feed on, sharing 2 cores ${(INDEX_N / run.seconds).toFixed(0).padStart(6)} contacts/s   ratio ${(INDEX_N / run.seconds / rawRate).toFixed(2)}`,
    );
    console.log(
      `  indexed meanwhile                        ${indexRate.toFixed(0).padStart(6)} contacts/s   ratio ${(indexRate / rawRate).toFixed(2)}; ${behind} contacts behind when the writes ended (${((indexRate * run.seconds) / INDEX_N).toFixed(2)} of the write rate)`,
    );
  } finally {
    for (const feed of feeds) await feed.stop();
    search.close();
    rmSync(dir, { recursive: true, force: true });
    await dynamo.stop();
  }
}

console.log("ReachCX contact search bench (embedded SQLite adapter)");
// BENCH_ONLY=queries skips the indexer figures (minutes on 2 cores) when only query plans changed;
// BENCH_ONLY=writes gives only the filter indexes' write cost.
if (!process.env.BENCH_ONLY) await indexThroughput();
if (process.env.BENCH_ONLY !== "queries") await filterIndexCost();
if (process.env.BENCH_ONLY !== "writes") for (const n of sizes) await queryLatency(n);
