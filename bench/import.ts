/**
 * Contact import figures (issue 12): a generated CSV of BENCH_IMPORT_ROWS rows (1,000,000 by default)
 * imported by the import job's own code (core/import, run by a JobRunner in this process, as the embedded
 * server runs it) into DynamoDB Local; then the same file again (every row an update). Each store of
 * BENCH_IMPORT_STORES ("memory,disk" by default: DynamoDB Local in memory, and on disk as `npm start` runs
 * it) gets a fresh DynamoDB Local and its own baseline: raw BatchWriteItem of 25 contacts with the same
 * number of requests in flight (4), the import's write unit, measured before the imports and again after
 * them; ratios are to the mean of the two (the machine is shared, its load moves). Peak RSS of this process
 * is printed too (the file is streamed; the goal is under 512 MB). Indexing (the change feed) is not part
 * of this figure.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BatchWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { withActor } from "../packages/core/src/actor/index.ts";
import { type Env, provideEnv } from "../packages/core/src/env.ts";
import { IMPORT_KIND } from "../packages/core/src/import/job.ts";
import { registerJobKinds } from "../packages/core/src/job/kinds.ts";
import { JobRunner } from "../packages/core/src/job/runner.ts";
import { createJob, readJob } from "../packages/core/src/job/store.ts";
import { outboxMail } from "../packages/core/src/mail/outbox.ts";
import { directoryBlobs } from "../packages/local/src/blobs.ts";
import { IMPORT_HEADER, IMPORT_MAPPING } from "./import-file.ts";
import { benchStore, pool, writeBatches } from "./store.ts";

const TENANT = "bench-import";
const N = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const BASELINE = Math.min(N, Number(process.env.BENCH_IMPORT_BASELINE ?? 50_000));
const IN_FLIGHT = 4;
const STORES = (process.env.BENCH_IMPORT_STORES ?? "memory,disk").split(",");

let peak = 0;
const sample = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 200);
try {
  for (const kind of STORES) await measure(kind === "disk");
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `  peak RSS of the importing process: ${Math.round(peak / 1024 / 1024)} MB (goal under 512 MB)`,
  );
} finally {
  clearInterval(sample);
}

/** Both imports and the baseline against a fresh DynamoDB Local, in memory or on disk. */
async function measure(onDisk: boolean) {
  const dir = mkdtempSync(join(tmpdir(), "reachcx-bench-import-"));
  if (onDisk) mkdirSync(join(dir, "data"));
  const { dynamo, store } = await benchStore(onDisk ? { dataDir: join(dir, "data") } : {});
  try {
    const blobs = directoryBlobs({ dir: join(dir, "blobs"), secret: randomBytes(32) });
    const runner = new JobRunner({ owner: "bench", log: (e, d) => console.error(e, d) });
    provideEnv({
      mode: "embedded",
      store,
      blobs,
      mail: outboxMail(() => store),
      jobs: runner,
    } as unknown as Env);
    registerJobKinds();
    await store.entities.tenantSettings
      .create({ tenant: TENANT, customFields: [] } as never)
      .go()
      .catch(() => {});
    await store.entities.tenant
      .create({
        id: TENANT,
        name: "Bench",
        apiKey: randomBytes(16).toString("hex"),
        licenses: ["ListManager"],
      })
      .go()
      .catch(() => {});
    const mapping = await store.entities.fieldMapping
      .create({
        tenant: TENANT,
        id: "bench-mapping",
        name: "Bench",
        mappings: IMPORT_MAPPING,
      })
      .go();

    // The file, written straight into the blob directory (as an upload leaves it).
    const key = `${TENANT}/contacts/bench.csv`;
    const path = join(dir, "blobs", ...key.split("/"));
    await import("node:fs/promises").then((fs) => fs.mkdir(join(path, ".."), { recursive: true }));
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(path);
      out.on("error", reject);
      out.write(`${IMPORT_HEADER}\n`);
      let i = 0;
      const more = () => {
        while (i < N) {
          const line = `b-${i},Row,Number${i % 1000},303${String(5_000_000 + (i % 4_999_999)).padStart(7, "0")},Denver,CO\n`;
          i++;
          if (!out.write(line)) return out.once("drain", more);
        }
        out.end(resolve);
      };
      more();
    });

    // Baseline: raw BatchWriteItem of 25 contacts, IN_FLIGHT at a time.
    const items = (from: number, n: number) =>
      store.entities.contact
        .put(
          Array.from({ length: n }, (_, k) => ({
            tenant: "bench-baseline",
            id: `base-${from + k}`,
            externalId: `base-${from + k}`,
            externalKey: `bench-baseline#base-${from + k}`,
            firstName: "Base",
            lastName: "Line",
            phone: "3035550100",
            city: "Denver",
            state: "CO",
          })),
        )
        .params() as BatchWriteCommandInput[];
    /** Items a second written by raw BatchWriteItem of 25, IN_FLIGHT in flight; `offset` keeps their ids apart. */
    const baseline = async (offset: number) => {
      const starts = Array.from({ length: Math.ceil(BASELINE / 25) }, (_, n) => n * 25);
      const started = performance.now();
      // Each request's items are built by the worker that sends it, inside the timing, as before.
      await pool(starts, IN_FLIGHT, (from) =>
        writeBatches(store, items(offset + from, Math.min(25, BASELINE - from)), 1),
      );
      return BASELINE / ((performance.now() - started) / 1000);
    };
    const before = await baseline(0);
    const results: { label: string; line: string; rate: number }[] = [];

    const run = async (label: string) => {
      const job = await withActor({ type: "system", tenant: TENANT }, () =>
        createJob({
          tenant: TENANT,
          kind: IMPORT_KIND,
          params: { key, mappingId: mapping.data.id, fileName: "bench.csv" },
          label: "bench.csv",
          createdBy: "bench@reachcx.example",
        }),
      );
      const started = performance.now();
      const state = await runner.runOne({ tenant: TENANT, id: job.id });
      const seconds = (performance.now() - started) / 1000;
      const done = await readJob(TENANT, job.id);
      results.push({
        label,
        line: `${state}, ${JSON.stringify(done?.counters)} in ${seconds.toFixed(1)} s -> ${Math.round(N / seconds).toLocaleString()} rows/s`,
        rate: N / seconds,
      });
    };
    await run("first import (all new)");
    await run("re-import (all updates)");
    const after = await baseline(BASELINE);
    const baseRate = (before + after) / 2;
    console.log(
      `\nContact import: ${N.toLocaleString()} generated rows, DynamoDB Local ${onDisk ? "on disk" : "in memory"}`,
    );
    console.log(
      `  baseline, raw BatchWriteItem of 25 contacts, ${IN_FLIGHT} in flight: ${Math.round(before).toLocaleString()} items/s before, ${Math.round(after).toLocaleString()} after (${BASELINE.toLocaleString()} items each)`,
    );
    for (const r of results)
      console.log(`  ${r.label}: ${r.line}, ${(r.rate / baseRate).toFixed(2)} x raw BatchWriteItem`);
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
