/**
 * Bulk edit and bulk delete figures (issue 12): BENCH_BULK_CONTACTS matched contacts (20,000 by default, so
 * the whole bench stays within minutes; the issue's figure is BENCH_BULK_CONTACTS=100000)
 * changed by the bulkEdit job, then deleted by the bulkDelete job, on DynamoDB Local (in memory) with the
 * embedded search index, run by the same JobRunner the embedded runtime and the AWS worker use. Printed next
 * to a baseline measured in the same run, before the jobs and again after them (the machine is shared):
 * raw BatchWriteItem of the items the job writes (a contact item and an activity item per contact, built by
 * ElectroDB with their index keys) with as many requests in flight as the job keeps at most (IN_FLIGHT).
 * Nothing is asserted.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { BatchWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { withActor } from "../packages/core/src/actor/index.ts";
import { BULK_DELETE_KIND, BULK_EDIT_KIND, IN_FLIGHT } from "../packages/core/src/bulk-edit/index.ts";
import { type Env, provideEnv } from "../packages/core/src/env.ts";
import { registerJobKinds } from "../packages/core/src/job/kinds.ts";
import { JobRunner } from "../packages/core/src/job/runner.ts";
import { createJob, readJob } from "../packages/core/src/job/store.ts";
import { contactDoc } from "../packages/core/src/search/indexer.ts";
import type { CreateContactItem } from "../packages/core/src/store/entities.ts";
import { directoryBlobs } from "../packages/local/src/blobs.ts";
import { sqliteSearch } from "../packages/local/src/search/sqlite.ts";
import { benchStore, writeBatches } from "./store.ts";

const TENANT = "bench-bulk";
const N = Number(process.env.BENCH_BULK_CONTACTS ?? 20_000);
const SOURCE = "bench-bulk";
/** The machine's load average (1, 5, 15 min) when a figure was taken: the machine is shared. */
const load = () =>
  `load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`;

const dir = mkdtempSync(join(tmpdir(), "reachcx-bench-bulk-"));
const { dynamo, store } = await benchStore();
try {
  const search = sqliteSearch(join(dir, "search.db"));
  const blobs = directoryBlobs({ dir: join(dir, "blobs"), secret: new Uint8Array(32) });
  provideEnv({ mode: "embedded", store, search, blobs } as unknown as Env);
  registerJobKinds();
  await store.entities.tenant.create({ id: TENANT, name: TENANT, apiKey: `k-${TENANT}` }).go();
  await store.entities.tenantSettings.create({ tenant: TENANT }).go();

  console.log(`\nBulk edit and delete: ${N.toLocaleString()} matched contacts (DynamoDB Local in memory)`);
  const seeded = performance.now();
  const now = new Date().toISOString();
  const items: CreateContactItem[] = Array.from({ length: N }, (_, i) => ({
    tenant: TENANT,
    id: randomUUID(),
    firstName: "Bench",
    lastName: `Person${i}`,
    phone: `303${String(i).padStart(7, "0")}`,
    source: SOURCE,
    status: "Active",
    dateCreated: now,
  }));
  for (let i = 0; i < items.length; i += 5000) {
    const chunk = items.slice(i, i + 5000);
    await store.entities.contact.put(chunk).go({ concurrency: 8 });
    await search.upsert(
      "contact",
      chunk.map((c) =>
        contactDoc({ ...c, timeZone: "Mountain", createdAt: now, updatedAt: now } as Record<string, unknown>),
      ),
    );
  }
  console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

  // Baseline: BatchWriteItem of what the job writes for a contact, a contact item and an activity item (built
  // by ElectroDB, so with their index keys), IN_FLIGHT requests in flight; measured before the jobs and after.
  const baseN = Math.min(N, 20_000);
  const baseline = async (offset: number) => {
    const ids = Array.from({ length: baseN }, (_, i) => `base-${offset + i}`);
    const contacts = store.entities.contact
      .put(
        ids.map((id, i) => ({ ...(items[i % items.length] as CreateContactItem), tenant: "bench-base", id })),
      )
      .params() as BatchWriteCommandInput[];
    const activities = store.entities.activityLog
      .put(
        ids.map((id) => ({
          tenant: "bench-base",
          id: `activity-${id}`,
          type: "System" as const,
          title: "Contact Updated",
          body: "City set to Bench by bench (bulk edit).",
          activityLogContactId: id,
          agent: "bench",
          timestamp: now,
        })),
      )
      .params() as BatchWriteCommandInput[];
    const batches = contacts.flatMap((c, i) => [c, activities[i] as BatchWriteCommandInput]);
    const started = performance.now();
    await writeBatches(store, batches, IN_FLIGHT);
    return baseN / ((performance.now() - started) / 1000);
  };
  const before = await baseline(0);
  const loadBefore = load();
  const results: { label: string; line: string; rate: number }[] = [];

  const query = {
    type: "group" as const,
    combinator: "and" as const,
    not: false,
    rules: [{ type: "rule" as const, field: "source", operator: "eq" as const, value: SOURCE }],
  };
  for (const [kind, params, label] of [
    [BULK_EDIT_KIND, { query, field: "city", value: "Bench", by: "bench" }, "bulk update"],
    [BULK_DELETE_KIND, { query, by: "bench" }, "bulk delete"],
  ] as const) {
    const job = await withActor({ type: "system", tenant: TENANT }, () =>
      createJob({ tenant: TENANT, kind, params, createdBy: "bench" }),
    );
    const started = performance.now();
    const state = await new JobRunner({ owner: `bench-${kind}` }).runOne({ tenant: TENANT, id: job.id });
    const seconds = (performance.now() - started) / 1000;
    const done = await readJob(TENANT, job.id);
    const rate = (done?.counters.successful ?? 0) / seconds;
    results.push({
      label,
      line: `${state}${done?.state === "failed" ? ` (${done.message})` : ""}, ${JSON.stringify(done?.counters)} in ${seconds.toFixed(1)} s: ${Math.round(rate).toLocaleString()} contacts/s (${load()})`,
      rate,
    });
  }
  const after = await baseline(baseN);
  const loadAfter = load();
  const baseRate = (before + after) / 2;
  console.log(
    `  baseline: BatchWriteItem of a contact and an activity a contact, ${IN_FLIGHT} in flight: ${Math.round(before).toLocaleString()} contacts/s before the jobs (${loadBefore}), ${Math.round(after).toLocaleString()} after (${loadAfter})`,
  );
  for (const r of results)
    console.log(
      `  ${r.label}: ${r.line} (ratio ${(r.rate / baseRate).toFixed(2)} of the baseline's mean; snapshot included)`,
    );
  search.close();
} finally {
  await dynamo.stop();
  rmSync(dir, { recursive: true, force: true });
}
