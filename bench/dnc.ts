/**
 * Do-not-call figures (issue 11): the batch check a campaign build makes, 10,000 phones against a tenant
 * whose lists hold BENCH_DNC_NUMBERS numbers (2M by default), on DynamoDB Local as `npm start` runs it.
 * Printed next to a baseline measured in the same run: one BatchGetItem of 100 keys (the unit the check is
 * made of; a check is 300 of them). The load rate of the streaming loader is printed too, and what a
 * campaign build does instead when the lists fit its snapshot: read them whole once (dncSnapshot), then
 * answer each batch of 10,000 from memory.
 */
import { withActor } from "../packages/core/src/actor/index.ts";
import { DNC_SNAPSHOT_MAX } from "../packages/core/src/dialer/build.ts";
import { checkDnc, dncSnapshot, loadDnc } from "../packages/core/src/dnc/index.ts";
import { type Env, provideEnv } from "../packages/core/src/env.ts";
import { pct } from "./instance.ts";
import { benchStore } from "./store.ts";

const TENANT = "bench-dnc";
const N = Number(process.env.BENCH_DNC_NUMBERS ?? 2_000_000);
const BATCH = 10_000;
const RUNS = Number(process.env.BENCH_DNC_RUNS ?? 10);

/** The i-th listed number: area codes 201-989 and exchanges 200-999 never start with 0 or 1. */
const listed = (i: number) => {
  const area = 201 + (i % 700);
  const rest = Math.floor(i / 700);
  return `${area}${200 + (rest % 800)}${String(Math.floor(rest / 800) % 10_000).padStart(4, "0")}`;
};

function* csv(n: number) {
  const chunk: string[] = [];
  for (let i = 0; i < n; i++) {
    chunk.push(listed(i));
    if (chunk.length === 5000) yield `${chunk.splice(0).join("\n")}\n`;
  }
  if (chunk.length > 0) yield `${chunk.join("\n")}\n`;
}

const { dynamo, store } = await benchStore();
try {
  provideEnv({ mode: "embedded", store } as Env);
  const asTenant = <T>(fn: () => Promise<T>) => withActor({ type: "system", tenant: TENANT }, fn);

  console.log(
    `\nDo-not-call: loading ${N.toLocaleString()} numbers (the streaming loader, 25 a write, 8 in flight)`,
  );
  const loadStarted = performance.now();
  const report = await asTenant(() =>
    loadDnc(csv(N), { source: "national", addedBy: "bench", expiresAt: "2099-12-31" }),
  );
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(
    `  loaded ${report.added.toLocaleString()} in ${loadSeconds.toFixed(0)} s (${Math.round(report.added / loadSeconds).toLocaleString()} numbers/s)`,
  );

  // Baseline: one BatchGetItem of 100 keys (33 numbers x 3 sources + 1).
  const keys = Array.from({ length: 100 }, (_, i) => ({
    tenant: TENANT,
    phone: listed(i * 7),
    source: "national" as const,
  }));
  const base: number[] = [];
  for (let r = 0; r < 50; r++) {
    const t = performance.now();
    await store.entities.doNotCall.get(keys).go();
    base.push(performance.now() - t);
  }
  base.sort((a, b) => a - b);

  // A build's batch: half the numbers listed, half not, spread over the list.
  const batchOf = (r: number) =>
    Array.from({ length: BATCH }, (_, i) =>
      i % 2 === 0 ? listed((i * 104_729 + r * 7919) % N) : `555${String(r * BATCH + i).padStart(7, "0")}`,
    );
  const times: number[] = [];
  let found = 0;
  for (let r = 0; r < RUNS; r++) {
    const phones = batchOf(r);
    const t = performance.now();
    const answer = await asTenant(() => checkDnc(phones));
    times.push(performance.now() - t);
    found = answer.listed.length;
  }
  times.sort((a, b) => a - b);
  console.log(
    `  baseline: one BatchGetItem of 100 keys p50 ${pct(base, 50).toFixed(1)} ms\n` +
      `  check of ${BATCH.toLocaleString()} phones (${found.toLocaleString()} listed): p50 ${pct(times, 50).toFixed(0)} ms  p95 ${pct(times, 95).toFixed(0)} ms  (x${(pct(times, 50) / pct(base, 50)).toFixed(0)} of one BatchGetItem; 300 of them)`,
  );

  // The build's way: the whole list read once into memory (up to the build's cap), then each batch
  // answered from it. A list over the cap is read up to it and then given up on, as a build does.
  const max = Math.min(N, DNC_SNAPSHOT_MAX);
  const snapStarted = performance.now();
  const snapshot = await asTenant(() => dncSnapshot({ sources: ["org", "state", "national"], max }));
  const snapSeconds = (performance.now() - snapStarted) / 1000;
  if (!snapshot) {
    console.log(
      `  campaign build snapshot: over the build's cap of ${DNC_SNAPSHOT_MAX.toLocaleString()} entries; given up after ${snapSeconds.toFixed(1)} s (the build then checks in batches)`,
    );
  } else {
    const fromMemory: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const phones = batchOf(r);
      const t = performance.now();
      snapshot.listed(phones);
      fromMemory.push(performance.now() - t);
    }
    fromMemory.sort((a, b) => a - b);
    console.log(
      `  campaign build snapshot: ${snapshot.size.toLocaleString()} entries read in ${snapSeconds.toFixed(1)} s (${Math.round(N / snapSeconds).toLocaleString()} entries/s); a batch of ${BATCH.toLocaleString()} from it p50 ${pct(fromMemory, 50).toFixed(1)} ms  p95 ${pct(fromMemory, 95).toFixed(1)} ms`,
    );
  }
} finally {
  await dynamo.stop();
}
