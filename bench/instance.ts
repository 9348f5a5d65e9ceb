/**
 * A running embedded instance for the HTTP benches: `npm start`'s main.ts in its own process group with a
 * fresh DATA_DIR (on a memory-backed file system when there is one), signed in as the demo tenant's admin,
 * and `npm run generate` to load generated contacts into its DynamoDB Local. With BENCH_HTTP_KEEP=<dir> the
 * DATA_DIR is that folder and is kept, so a long load is paid once and the queries can be timed again later.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../packages/local/src/dynamo.ts";

/**
 * Where an instance's DATA_DIR goes: a memory-backed file system when there is one. DynamoDB Local on a
 * disk commits every batch with a sync, which held loading to about 100 contacts a second here.
 */
export const BASE = process.env.BENCH_HTTP_DIR ?? (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());

export interface Instance {
  url: string;
  dataDir: string;
  server: ChildProcess;
  /** The last lines the instance printed, for an error report. */
  output(): string;
  /** Throws when the instance has stopped. */
  assertRunning(): void;
  /** Stops it (its whole process group) and removes its data. */
  stop(): Promise<void>;
}

/** Starts an instance with `env` added to this process's, and waits until it answers /api/health. */
export async function startInstance(password: string, env: Record<string, string> = {}): Promise<Instance> {
  // BENCH_HTTP_KEEP names a DATA_DIR that outlives the run: a second run finds the contacts loaded by the first.
  const kept = process.env.BENCH_HTTP_KEEP;
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(join(BASE, "reachcx-bench-http-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The instance's output goes to a file beside its DATA_DIR, shown if it stops before the bench ends.
  const logFile = `${dataDir}.log`;
  const out = openSync(logFile, "w");
  const server = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_PASSWORD: password,
      LOG_LEVEL: "error",
      ...env,
    },
    stdio: ["ignore", out, out],
    detached: true,
  });
  closeSync(out);
  const stop = async () => {
    await stopGroup(server);
    if (kept) return;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logFile, { force: true });
  };
  // Ctrl-C stops the instance and removes its data too.
  const interrupted = () => void stop().then(() => process.exit(130));
  process.once("SIGINT", interrupted);
  const instance: Instance = {
    url,
    dataDir,
    server,
    output: () => readFileSync(logFile, "utf8").slice(-4000),
    assertRunning() {
      if (server.exitCode !== null || server.signalCode !== null)
        throw new Error(`the instance stopped (${server.exitCode ?? server.signalCode})`);
    },
    async stop() {
      process.off("SIGINT", interrupted);
      await stop();
    },
  };
  try {
    await waitFor(`${url}/api/health`);
  } catch (err) {
    console.error(instance.output());
    await instance.stop();
    throw err;
  }
  return instance;
}

/** Starts an instance, runs `bench` with it and stops it; a failure prints the instance's last output first. */
export async function withInstance<T>(
  password: string,
  bench: (instance: Instance) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const instance = await startInstance(password, env);
  try {
    return await bench(instance);
  } catch (err) {
    console.error(`\n${(err as Error).message}\ninstance output:\n${instance.output()}`);
    throw err;
  } finally {
    await instance.stop();
  }
}

/** Signs in as the tenant's demo admin; the headers every API call of the bench sends. */
export async function adminHeaders(url: string, tenant: string, password: string) {
  const signIn = (await fetch(`${url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `admin@${tenant}.example`, password }),
  }).then((r) => r.json())) as { token: string; context: { apiKey: string } };
  return {
    authorization: `Bearer ${signIn.token}`,
    "x-api-key": signIn.context.apiKey,
    "content-type": "application/json",
  };
}

async function waitFor(url: string, deadlineMs = 120_000) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopGroup(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    try {
      process.kill(-(child.pid as number), "SIGINT");
    } catch {
      resolve();
    }
  });
}

/** `npm run generate` against the instance's DATA_DIR; resolves when it has written them all. */
export function generate(dataDir: string, tenant: string, count: number) {
  const cli = fileURLToPath(new URL("../packages/local/src/generate/cli.ts", import.meta.url));
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", cli, "--tenant", tenant, "--count", String(count), "--seed", "42"],
      { env: { ...process.env, DATA_DIR: dataDir }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let err = "";
    child.stderr.on("data", (chunk) => {
      err += String(chunk);
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run generate failed (${code}): ${err.slice(-500)}`)),
    );
  });
}

/** The p-th percentile of ascending figures. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

/** The process's resident memory and its high-water mark, in MB (Linux /proc). */
export function residentOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
  const mb = (name: string) => Math.round(kb(name) / 1024);
  return {
    rss: mb("VmRSS"),
    anon: mb("RssAnon"),
    file: mb("RssFile"),
    shmem: mb("RssShmem"),
    hwm: mb("VmHWM"),
  };
}

/**
 * RSS and its split: anonymous memory (the JS heap, native memory, SQLite's page caches) and mapped pages
 * (the search index file SQLite maps, counted as file pages on a disk and as shared memory on a tmpfs
 * such as /dev/shm, where the bench keeps its DATA_DIR).
 */
export const split = (m: { rss: number; anon: number; file: number; shmem: number }) =>
  `${m.rss} MB (anonymous ${m.anon} + file ${m.file} + shmem ${m.shmem})`;

/**
 * Samples a process's resident memory every 100 ms until `stop()`, which answers the sample of the
 * highest RSS seen.
 */
export function sampleResident(pid: number) {
  let peak = residentOf(pid);
  const timer = setInterval(() => {
    try {
      const now = residentOf(pid);
      if (now.rss > peak.rss) peak = now;
    } catch {
      // the process stopped: the caller's assertRunning reports it
    }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
