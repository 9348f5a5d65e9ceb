/**
 * The console while an import runs (issue 12, Measured): a running embedded instance (`npm start`'s
 * main.ts, its own process, a fresh DATA_DIR) holding BENCH_LIVE_CONTACTS generated contacts (50,000 by
 * default) in one tenant; p50/p95 over HTTP of the contact list's queries (GET /api/contacts: the plain
 * list, a sorted list, search-box queries) idle, then while an import of BENCH_LIVE_ROWS new rows (100,000
 * by default) runs through the product's own path (upload link, PUT, POST /api/contacts/import, the job
 * and the change feed's indexing) until every row is searchable. One instance per INDEX_WORKER value in
 * BENCH_LIVE_MODES ("1" unless given; "0,1": index writes on the API's event loop, then in the writer
 * thread) and per STORE_GATE value in BENCH_LIVE_GATES ("0,1": without the store's foreground gate, the
 * before; then with it, local/src/store-gate.ts), in the same run, so the figures compare as ratios. Each
 * list's Server-Timing header gives where its time went (auth, search, store). The issue's goal: list p95
 * <= 150 ms during the import.
 */
import { loadavg } from "node:os";
import { readRuntimeFile, storeOf } from "../packages/local/src/runtime-file.ts";
import { IMPORT_HEADER, IMPORT_MAPPING } from "./import-file.ts";
import {
  adminHeaders,
  BASE,
  generate,
  type Instance,
  pct,
  residentOf,
  sampleResident,
  split,
  withInstance,
} from "./instance.ts";

const CONTACTS = Number(process.env.BENCH_LIVE_CONTACTS ?? 50_000);
const ROWS = Number(process.env.BENCH_LIVE_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 40);
const MODES = (process.env.BENCH_LIVE_MODES ?? "1").split(",");
const GATES = (process.env.BENCH_LIVE_GATES ?? "0,1").split(",");
/** The Server-Timing phases printed, in order. */
const PHASES = ["auth", "search", "store", "total"];
/** A console polling its list, not a load test: the pause between two list queries during the import. */
const PAUSE_MS = 50;
const GOAL_MS = 150;
const PASSWORD = "bench-password-1";
const TENANT = "acme";

/** The contact list's queries: plain, sorted, search box, search box sorted. */
const LISTS = [
  "",
  "sort=lastName:asc",
  "search=smith",
  `search=${encodeURIComponent("denver")}&sort=firstName:asc`,
];
const LAST_NAMES = ["Smith", "Johnson", "Garcia", "Nguyen", "Okafor", "Rossi", "Kowalski", "Haddad"];
const CITIES = ["Denver", "Boston", "Austin", "Tulsa"];

type Timed = { p50: number; p95: number; n: number };
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summary(times: number[]): Timed {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p95: pct(sorted, 95), n: sorted.length };
}

/** A response's Server-Timing metrics (`name;dur=ms, ...`), by name. */
function phasesOf(header: string | null): Record<string, number> {
  const phases: Record<string, number> = {};
  for (const metric of (header ?? "").split(",")) {
    const [name, ...params] = metric.trim().split(";");
    const dur = params.find((p) => p.trim().startsWith("dur="));
    if (name && dur) phases[name] = Number(dur.trim().slice(4));
  }
  return phases;
}

async function measure(mode: string, gate: string) {
  return withInstance(PASSWORD, (instance) => run(instance, `INDEX_WORKER=${mode} STORE_GATE=${gate}`), {
    INDEX_WORKER: mode,
    STORE_GATE: gate,
  });
}

async function run({ url, dataDir, assertRunning, server }: Instance, mode: string) {
  const headers = await adminHeaders(url, TENANT, PASSWORD);
  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${url}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
    return JSON.parse(text);
  };
  const searchable = async () =>
    (await api("/api/contacts/query", { method: "POST", body: { query: null, limit: 1 } })).total as number;
  // Each list's phases as its Server-Timing header gives them, idle then during the import.
  const phases = { idle: PHASES.map((): number[] => []), busy: PHASES.map((): number[] => []) };
  let timing: keyof typeof phases = "idle";
  const list = async (i: number) => {
    const started = performance.now();
    const res = await fetch(`${url}/api/contacts?${LISTS[i % LISTS.length]}&limit=10`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/contacts: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const took = performance.now() - started;
    const metrics = phasesOf(res.headers.get("server-timing"));
    for (const [p, name] of PHASES.entries()) phases[timing][p]?.push(metrics[name] ?? 0);
    return took;
  };
  // GET /api/health reads nothing: what the event loop and the CPU alone cost a request, beside each list query.
  const health = async () => {
    const started = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    return performance.now() - started;
  };
  // A list reads its page's contacts from the Store after the index: that BatchGetItem, straight to the
  // instance's DynamoDB Local, beside each list query too.
  const running = readRuntimeFile(dataDir);
  if (!running) throw new Error("the instance wrote no runtime.json");
  const store = storeOf(running);
  let pageKeys: { tenant: string; id: string }[] = [];
  const storeRead = async () => {
    const started = performance.now();
    await store.entities.contact.get(pageKeys).go();
    return performance.now() - started;
  };

  // The tenant's contacts, loaded and indexed before anything is timed.
  const before = await searchable();
  await generate(dataDir, TENANT, CONTACTS);
  while ((await searchable()) < before + CONTACTS) {
    assertRunning();
    await sleep(1000);
  }
  const idleLoad = load();
  const idleTimes: number[] = [];
  const idleHealth: number[] = [];
  const idleStore: number[] = [];
  pageKeys = ((await api("/api/contacts?limit=10")).items as { id: string }[]).map(({ id }) => ({
    tenant: TENANT,
    id,
  }));
  for (let i = 0; i < LISTS.length; i++) await list(i);
  for (let i = 0; i < RUNS * LISTS.length; i++) {
    idleTimes.push(await list(i));
    idleHealth.push(await health());
    idleStore.push(await storeRead());
  }

  // The import, as the /import page starts it.
  const mapping = await api("/api/field-mappings", {
    method: "POST",
    body: {
      name: "Bench live",
      mappings: IMPORT_MAPPING,
    },
  });
  const lines = [IMPORT_HEADER];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `live-${i},Row${i % 977},${LAST_NAMES[i % LAST_NAMES.length]},303${String(5_000_000 + (i % 4_999_999)).padStart(7, "0")},${CITIES[i % CITIES.length]},CO`,
    );
  const bytes = new TextEncoder().encode(`${lines.join("\n")}\n`);
  const link = await api("/api/contacts/import/upload-url", {
    method: "POST",
    body: { fileName: "bench-live.csv", size: bytes.byteLength },
  });
  const put = await fetch(`${url}${link.url}`, { method: "PUT", headers: link.headers, body: bytes });
  if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);
  timing = "busy";
  const idleMemory = residentOf(server.pid as number);
  const sampler = sampleResident(server.pid as number);
  const started = performance.now();
  const job = await api("/api/contacts/import", {
    method: "POST",
    body: { contactsUrl: link.contactsUrl, fieldMapping: mapping.id },
  });

  // Until every row is searchable: the console's list asked every PAUSE_MS, the job and the index looked at once a second.
  const busyTimes: number[] = [];
  const busyHealth: number[] = [];
  const busyStore: number[] = [];
  const byList: number[][] = LISTS.map(() => []);
  const target = before + CONTACTS + ROWS;
  let indexed = 0;
  let lastLook = 0;
  let busyLoad = "";
  let jobSeconds = 0;
  for (let i = 0; indexed < target; i++) {
    const took = await list(i);
    busyTimes.push(took);
    byList[i % LISTS.length]?.push(took);
    busyHealth.push(await health());
    busyStore.push(await storeRead());
    await sleep(PAUSE_MS);
    if (performance.now() - lastLook < 1000) continue;
    lastLook = performance.now();
    assertRunning();
    const state = (await api(`/api/jobs/${job.id}`)).state as string;
    if (state === "failed" || state === "cancelled") throw new Error(`the import ${state}`);
    if (state === "done" && !jobSeconds) jobSeconds = (performance.now() - started) / 1000;
    indexed = await searchable();
    if (!busyLoad && indexed - before - CONTACTS > ROWS / 2) busyLoad = load();
    process.stdout.write(
      `\r  ${mode}: ${(indexed - before - CONTACTS).toLocaleString()} / ${ROWS.toLocaleString()} searchable   `,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = { idle: idleMemory, peak: sampler.stop() };
  store.raw.client.destroy();
  return {
    idle: summary(idleTimes),
    busy: summary(busyTimes),
    byList: byList.map(summary),
    health: { idle: summary(idleHealth), busy: summary(busyHealth) },
    store: { idle: summary(idleStore), busy: summary(busyStore) },
    rate: ROWS / seconds,
    seconds,
    jobRate: ROWS / (jobSeconds || seconds),
    phases: {
      idle: phases.idle.map(summary),
      busy: phases.busy.map(summary),
    },
    idleLoad,
    busyLoad,
    memory,
  };
}

console.log(
  `\nThe contact list while an import runs: ${CONTACTS.toLocaleString()} generated contacts in tenant ${TENANT}, then an import of ${ROWS.toLocaleString()} new rows (upload, POST /api/contacts/import, the job, the change feed's indexing) until all are searchable; a running instance per mode (npm start's main.ts, DATA_DIR in ${BASE}); GET /api/contacts (${LISTS.map((q) => q || "plain").join(" | ")}, limit 10), ${RUNS} runs of each idle, one every ${PAUSE_MS} ms during the import`,
);
const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const m of MODES)
  for (const g of GATES) {
    const r = await measure(m, g);
    results[`${m}/${g}`] = r;
    const label = `${m === "0" ? "index writes on the API's event loop" : "index writes in the writer thread"} (INDEX_WORKER=${m}), ${g === "0" ? "no store gate" : "the store's foreground gate"} (STORE_GATE=${g})`;
    console.log(`\r  ${label}:`.padEnd(80));
    console.log(
      `    idle:              p50 ${ms(r.idle.p50)}  p95 ${ms(r.idle.p95)}  (${r.idle.n} queries, load average ${r.idleLoad})`,
    );
    console.log(
      `    during the import: p50 ${ms(r.busy.p50)}  p95 ${ms(r.busy.p95)}  (${r.busy.n} queries, load average ${r.busyLoad})  x${(r.busy.p95 / r.idle.p95).toFixed(1)} of idle p95  goal p95 <= ${GOAL_MS} ms: ${r.busy.p95 <= GOAL_MS ? "met" : "NOT met"}`,
    );
    console.log(
      `    server RSS: ${split(r.memory.idle)} before the import, peak ${split(r.memory.peak)} during it (goal < 512)`,
    );
    console.log(
      `    the import job: ${Math.round(r.jobRate).toLocaleString()} rows/s; import to searchable: ${r.seconds.toFixed(0)} s, ${Math.round(r.rate).toLocaleString()} rows/s`,
    );
    for (const when of ["idle", "busy"] as const)
      console.log(
        `    Server-Timing p50/p95 ${when === "idle" ? "idle:             " : "during the import:"} ${PHASES.map((name, p) => `${name} ${r.phases[when][p]?.p50.toFixed(1)}/${r.phases[when][p]?.p95.toFixed(1)}`).join(", ")} ms`,
      );
    console.log(
      `    during the import, p95 by query: ${LISTS.map((q, i) => `${q || "plain"} ${r.byList[i]?.p95.toFixed(1)} ms`).join(", ")}`,
    );
    console.log(
      `    GET /api/health (reads nothing): idle p50 ${ms(r.health.idle.p50)}  p95 ${ms(r.health.idle.p95)}; during the import p50 ${ms(r.health.busy.p50)}  p95 ${ms(r.health.busy.p95)}`,
    );
    console.log(
      `    a page's 10 contacts read from DynamoDB Local by the bench (BatchGetItem, not gated): idle p50 ${ms(r.store.idle.p50)}  p95 ${ms(r.store.idle.p95)}; during the import p50 ${ms(r.store.busy.p50)}  p95 ${ms(r.store.busy.p95)}`,
    );
  }
for (const m of MODES) {
  const [off, on] = [results[`${m}/0`], results[`${m}/1`]];
  if (off && on)
    console.log(
      `  INDEX_WORKER=${m}, gate / no gate: list p95 during the import x${(on.busy.p95 / off.busy.p95).toFixed(2)}, import job rows/s x${(on.jobRate / off.jobRate).toFixed(2)}, to searchable x${(on.rate / off.rate).toFixed(2)}`,
    );
}
const [inline, threaded] = [results["0/0"], results["1/0"]];
if (inline && threaded)
  console.log(
    `  writer thread / event loop (no gate): list p95 during the import x${(threaded.busy.p95 / inline.busy.p95).toFixed(2)}, import rows/s x${(threaded.rate / inline.rate).toFixed(2)}`,
  );
