/**
 * Campaign build figures (issue 13): a campaign of 4 segments over BENCH_BUILD_CONTACTS contacts
 * (1,000,000 by default, the issue's figure; BENCH_BUILD_CONTACTS=50000 runs in minutes) with every
 * scrubber rule on (org, state and national DNC, cell, phone and contact duplicates) and some of each kind
 * of contact a rule drops, built by the campaignBuild job's own code (core/dialer/build.ts, run by a
 * JobRunner in this process, as the embedded server runs it) on DynamoDB Local in memory with the embedded
 * search index. Printed next to the baseline measured in the same run: raw BatchWriteItem of 25
 * CampaignContact-sized items, 4 requests in flight (the build's write unit). Peak RSS of this process
 * during the build is printed too (the goal is under 512 MB), with what the process holds before and
 * after (anonymous memory apart from the index file's mapped pages; run with node's --expose-gc to take a
 * full GC before each build). BENCH_BUILD_MODES=store,index builds twice in one run, the first reading
 * the contacts from the store (BatchGetItem) as the build did before the Search port answered their
 * fields. Nothing is asserted.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CAMPAIGN_BUILD_KIND } from "../packages/core/src/dialer/build.ts";
import { type Env, provideEnv } from "../packages/core/src/env.ts";
import { registerJobKinds } from "../packages/core/src/job/kinds.ts";
import { JobRunner } from "../packages/core/src/job/runner.ts";
import { createJob, readJob } from "../packages/core/src/job/store.ts";
import { contactDoc } from "../packages/core/src/search/indexer.ts";
import type { Search } from "../packages/core/src/search/port.ts";
import type { CreateContactItem } from "../packages/core/src/store/entities.ts";
import { directoryBlobs } from "../packages/local/src/blobs.ts";
import { sqliteSearch } from "../packages/local/src/search/sqlite.ts";
import { benchStore, listRecordRate } from "./store.ts";

const TENANT = "bench-build";
const N = Number(process.env.BENCH_BUILD_CONTACTS ?? 1_000_000);
const BASELINE = Math.min(N, Number(process.env.BENCH_BUILD_BASELINE ?? 50_000));
const IN_FLIGHT = 4;
const SEGMENTS = 4;
const CHUNK = 5000;
/** Which builds to run, in order: `index` (the code), `store` (the contacts read from the store instead). */
const MODES = (process.env.BENCH_BUILD_MODES ?? "index").split(",") as ("index" | "store")[];

/** The Search port without its rows: a build over it reads every contact from the store. */
const idsOnly = (search: Search): Search => ({
  ...search,
  query: (model, tenant, { fields: _, ...request }) => search.query(model, tenant, request),
});

/**
 * This process's memory, from /proc (Linux): resident anonymous memory (the JS heap, SQLite's page
 * cache, native buffers) apart from resident file pages (the search index file mapped by SQLite's mmap).
 */
function memory() {
  const mb = (kb: string | undefined) => Math.round(Number(kb ?? 0) / 1024);
  const status = readFileSync("/proc/self/status", "utf8");
  const field = (name: string) => status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1];
  const { heapUsed, heapTotal, external } = process.memoryUsage();
  return `RSS ${mb(field("VmRSS"))} MB = anonymous ${mb(field("RssAnon"))} + file ${mb(field("RssFile"))} + shmem ${mb(field("RssShmem"))}; JS heap ${Math.round(heapUsed / 1048576)} MB used of ${Math.round(heapTotal / 1048576)}, external ${Math.round(external / 1048576)} MB`;
}

/**
 * Contact i: in segment i % 4 (its source); of every 100, one each on the org, state and national DNC
 * lists, flagged dnc, expired, opted out of voice, cell-only, in the last segment too (city Both), and
 * sharing the phone of the one before (the Both one) — the rest are listed.
 */
/** A valid number per contact (exchange 2xx-9xx: a DNC check refuses exchanges starting 0 or 1). */
const phoneOf = (i: number) => `303${String(2_000_000 + i).padStart(7, "0")}`;
function contactOf(i: number, now: string): CreateContactItem {
  const kind = i % 100;
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  return {
    tenant: TENANT,
    id: `c-${i}`,
    firstName: "Bench",
    lastName: `Person${String(i).padStart(7, "0")}`,
    ...(kind === 7 ? { cell: phoneOf(i) } : { phone: kind === 9 ? phoneOf(i - 1) : phoneOf(i) }),
    state: "CO",
    timeZone: "Mountain",
    source: `seg-${i % SEGMENTS}`,
    city: kind === 8 ? "Both" : "Denver",
    ...(kind === 3 ? { dnc: true } : {}),
    ...(kind === 5 ? { expireDt: yesterday } : {}),
    ...(kind === 6 ? { optout: { Voice: true } } : {}),
    status: "Active",
    dateCreated: now,
  } as CreateContactItem;
}
const DNC = { 0: "org", 1: "state", 2: "national" } as const;

const dir = mkdtempSync(join(tmpdir(), "reachcx-bench-build-"));
const { dynamo, store } = await benchStore();
try {
  const search = sqliteSearch(join(dir, "search.db"));
  const blobs = directoryBlobs({ dir: join(dir, "blobs"), secret: new Uint8Array(32) });
  const runner = new JobRunner({ owner: "bench-build", log: (e, d) => console.error(e, d) });
  const env = { mode: "embedded", store, search, blobs, jobs: runner } as unknown as Env;
  provideEnv(env);
  registerJobKinds();
  await store.entities.tenant.create({ id: TENANT, name: TENANT, apiKey: `k-${TENANT}` }).go();
  await store.entities.tenantSettings.create({ tenant: TENANT }).go();

  console.log(
    `\nCampaign build: ${N.toLocaleString()} contacts in ${SEGMENTS} segments, every scrubber rule on (DynamoDB Local in memory)`,
  );
  const seeded = performance.now();
  const now = new Date().toISOString();
  for (let from = 0; from < N; from += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, N - from) }, (_, k) => contactOf(from + k, now));
    await store.entities.contact.put(chunk).go({ concurrency: 8 });
    await search.upsert(
      "contact",
      chunk.map((c) => contactDoc({ ...c, createdAt: now, updatedAt: now } as Record<string, unknown>)),
    );
    const listed = chunk.flatMap((c, k) => {
      const source = DNC[((from + k) % 100) as keyof typeof DNC];
      return source
        ? [{ tenant: TENANT, phone: c.phone as string, source, addedBy: "bench", addedAt: now }]
        : [];
    });
    if (listed.length > 0) await store.entities.doNotCall.put(listed).go({ concurrency: 8 });
  }
  console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

  // Baseline: raw BatchWriteItem of 25 CampaignContact-sized items, IN_FLIGHT at a time.
  const baseRate = await listRecordRate(store, BASELINE, IN_FLIGHT);
  console.log(
    `  baseline: BatchWriteItem of 25 list records, ${IN_FLIGHT} in flight: ${Math.round(baseRate).toLocaleString()} records/s`,
  );

  // The profile, the segments and the Active campaign, as a start leaves them.
  const profileId = randomUUID();
  await store.entities.profile
    .create({
      tenant: TENANT,
      id: profileId,
      name: "Bench",
      useAi: false,
      freshLIFO: false,
      retryLIFO: false,
      scrubber: { orgDnc: true, stateDnc: true, natDnc: true, cell: true, phoneDup: true, contactDup: true },
      retry: { ratio: 20, minDuration: 60, maxAttempts: 3, maxContacts: 1, custRetry: [] },
      ai: { org: false, system: false },
      channels: [],
    })
    .go();
  const segmentIds: string[] = [];
  for (let s = 0; s < SEGMENTS; s++) {
    const rules: unknown[] = [{ type: "rule", field: "source", operator: "eq", value: `seg-${s}` }];
    const query =
      s === SEGMENTS - 1
        ? {
            type: "group",
            combinator: "or",
            not: false,
            rules: [...rules, { type: "rule", field: "city", operator: "eq", value: "Both" }],
          }
        : { type: "group", combinator: "and", not: false, rules };
    const id = randomUUID();
    await store.entities.segment
      .create({
        tenant: TENANT,
        id,
        name: `Segment ${s}`,
        description: "",
        query: JSON.stringify(query),
        sortField: "lastName",
        sortDirection: "asc",
      } as never)
      .go();
    segmentIds.push(id);
  }
  // Each mode builds its own campaign over the same segments, one after the other, in this process.
  for (const mode of MODES) {
    const campaignId = randomUUID();
    const jobId = randomUUID();
    await store.entities.campaign
      .create({
        tenant: TENANT,
        id: campaignId,
        name: `Bench ${mode}`,
        campaignProfileId: profileId,
        status: "Active",
        segments: JSON.stringify(
          segmentIds.map((segmentId) => ({ segmentId, segmentName: "", segmentRatio: 1 })),
        ),
        listState: "building",
        buildJobId: jobId,
      })
      .go();
    const job = await createJob({
      tenant: TENANT,
      kind: CAMPAIGN_BUILD_KIND,
      params: { campaignId, reason: "start" },
      createdBy: "bench",
      id: jobId,
    });
    // `store`: the Search port answers the ids only, so the build reads every contact from the store
    // (BatchGetItem), as it did before the port answered their fields.
    env.search = mode === "store" ? idsOnly(search) : search;
    globalThis.gc?.();
    const before = memory();
    let peak = 0;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 200);
    const started = performance.now();
    const state = await runner.runOne({ tenant: TENANT, id: job.id });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sample);
    const after = memory();
    const done = await readJob(TENANT, job.id);
    const read = done?.counters.read ?? 0;
    const rate = read / seconds;
    console.log(
      `  build (contacts from the ${mode === "store" ? "store, BatchGetItem" : "search index"}): ${state}${done?.state === "failed" ? ` (${done.message})` : ""} in ${seconds.toFixed(1)} s: ${Math.round(rate).toLocaleString()} contacts/s (ratio ${(rate / baseRate).toFixed(2)} of the baseline; goal 0.7), peak RSS ${Math.round(peak / 1048576)} MB (goal < 512)`,
    );
    console.log(`    memory before the build${globalThis.gc ? " (after a full GC)" : ""}: ${before}`);
    console.log(`    memory after the build: ${after}`);
    console.log(`    counters: ${JSON.stringify(done?.counters)}`);
  }
  search.close();
} finally {
  await dynamo.stop();
  rmSync(dir, { recursive: true, force: true });
}
