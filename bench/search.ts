/**
 * Contact search figures (issue 3): list-query latency of the embedded Search adapter at 100k and 1M
 * contacts in one tenant, and the indexer's throughput from the change stream next to the raw DynamoDB
 * Local write rate measured in the same run. BENCH_CONTACTS overrides the sizes (comma-separated).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { contactDoc, indexChanges } from "../packages/core/src/search/indexer.ts";
import { parseSearch } from "../packages/core/src/search/parse.ts";
import type { SearchRequest } from "../packages/core/src/search/port.ts";
import { createDynamoClient } from "../packages/core/src/store/client.ts";
import { createService } from "../packages/core/src/store/entities.ts";
import { ChangeFeed } from "../packages/local/src/changes.ts";
import { startDynamo } from "../packages/local/src/dynamo.ts";
import { generateContacts } from "../packages/local/src/generate/index.ts";
import { loadContacts } from "../packages/local/src/generate/load.ts";
import { sqliteSearch } from "../packages/local/src/search/sqlite.ts";
import { ensureTable } from "../packages/local/src/table.ts";

const TENANT = "bench";
const sizes = (process.env.BENCH_CONTACTS ?? "100000,1000000").split(",").map(Number);
const INDEX_N = Number(process.env.BENCH_INDEX_CONTACTS ?? 20000);

const QUERIES: { label: string; request: Omit<SearchRequest, "limit"> }[] = [
  {
    label: "first page, sort lastName",
    request: { query: null, sort: [{ field: "lastName", direction: "asc" }] },
  },
  {
    label: "'smith' sort firstName",
    request: { query: parseSearch("smith"), sort: [{ field: "firstName", direction: "asc" }] },
  },
  {
    label: "'den*' sort city desc",
    request: { query: parseSearch("den*"), sort: [{ field: "city", direction: "desc" }] },
  },
  {
    label: "'mary + denver'",
    request: { query: parseSearch("mary + denver"), sort: [{ field: "lastName", direction: "asc" }] },
  },
  {
    label: "'(boston | miami) -smith'",
    request: { query: parseSearch("(boston | miami) -smith"), sort: [] },
  },
  {
    label: "'\"sunset blvd\"' sort zip",
    request: { query: parseSearch('"sunset blvd"'), sort: [{ field: "zip", direction: "asc" }] },
  },
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

async function queryLatency(n: number) {
  const dir = mkdtempSync(join(tmpdir(), "reachcx-bench-search-"));
  const search = sqliteSearch(join(dir, "search.db"));
  try {
    const started = performance.now();
    let batch: ReturnType<typeof contactDoc>[] = [];
    let i = 0;
    for (const c of generateContacts(n, 42)) {
      batch.push(contactDoc({ ...c, tenant: TENANT, id: `c${i++}`, createdAt: new Date().toISOString() }));
      if (batch.length === 10_000) {
        await search.upsert("contact", batch);
        batch = [];
      }
    }
    await search.upsert("contact", batch);
    const loadSeconds = (performance.now() - started) / 1000;

    console.log(
      `\n${n.toLocaleString()} contacts in one tenant (loaded into the index in ${loadSeconds.toFixed(0)} s)`,
    );
    let baselineP50 = 0;
    for (const [k, q] of QUERIES.entries()) {
      const times: number[] = [];
      let total = 0;
      for (let r = 0; r < 25; r++) {
        const t = performance.now();
        const page = await search.query("contact", TENANT, { ...q.request, limit: 10 });
        times.push(performance.now() - t);
        total = page.total;
      }
      times.sort((a, b) => a - b);
      if (k === 0) baselineP50 = pct(times, 50);
      console.log(
        `  ${q.label.padEnd(28)} total ${String(total).padStart(8)}  p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${pct(times, 95).toFixed(1).padStart(7)} ms  (x${(pct(times, 50) / baselineP50).toFixed(1)} of first page)`,
      );
    }
  } finally {
    search.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function indexThroughput() {
  const dynamo = await startDynamo({});
  const dir = mkdtempSync(join(tmpdir(), "reachcx-bench-index-"));
  const search = sqliteSearch(join(dir, "search.db"));
  try {
    const raw = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: "us-east-1",
      credentials: { accessKeyId: "l", secretAccessKey: "l" },
    });
    const streamArn = await ensureTable(raw, "reachcx");
    const store = createService(
      createDynamoClient({ table: "reachcx", endpoint: dynamo.endpoint }),
      "reachcx",
    );
    await store.entities.tenant.create({ id: TENANT, name: "Bench", apiKey: "k" }).go();
    await store.entities.tenantSettings.create({ tenant: TENANT }).go();

    const feed = new ChangeFeed(dynamo.endpoint, streamArn, (err) => console.error(err));
    feed.subscribe((records) => indexChanges(search, records));
    await feed.start();

    const started = performance.now();
    await loadContacts(store, { tenant: TENANT, count: INDEX_N, seed: 9 });
    const writeSeconds = (performance.now() - started) / 1000;
    for (;;) {
      const { total } = await search.query("contact", TENANT, { query: null, sort: [], limit: 1 });
      if (total >= INDEX_N) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const indexSeconds = (performance.now() - started) / 1000;
    await feed.stop();
    const writeRate = INDEX_N / writeSeconds;
    const indexRate = INDEX_N / indexSeconds;
    console.log(
      `\nIndexer from the change stream, ${INDEX_N.toLocaleString()} contacts written in batches (DynamoDB Local in memory)`,
    );
    console.log(
      `  raw write rate ${writeRate.toFixed(0)} contacts/s   indexed ${indexRate.toFixed(0)} contacts/s   ratio ${(indexRate / writeRate).toFixed(2)} (goal >= 0.9)`,
    );
  } finally {
    search.close();
    rmSync(dir, { recursive: true, force: true });
    await dynamo.stop();
  }
}

console.log("ReachCX contact search bench (embedded SQLite adapter)");
await indexThroughput();
for (const n of sizes) await queryLatency(n);
