import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Starts `npm start`'s entry point and resolves once the banner shows its URL. Detached, it leads its own
 * process group (DynamoDB Local's guard leads another), so the test can kill the whole group.
 */
export function startServing(
  env: Record<string, string>,
  options: { detached?: boolean; timeoutMs?: number } = {},
) {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "error", PORT: "0", ...env },
    detached: options.detached ?? false,
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  return new Promise<{
    url: string;
    pid: number;
    stdout: () => string;
    /** Everything the process wrote, both streams: what an operator's log collector would keep. */
    output: () => string;
    stop: () => Promise<number | null>;
  }>((resolve, reject) => {
    const stop = () =>
      new Promise<number | null>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
        child.once("exit", (code) => done(code));
        child.kill("SIGINT");
      });
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`no banner: ${stdout} ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.stdout.on("data", (d) => {
      stdout += d;
      const url = /running at (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({
          url,
          pid: child.pid as number,
          stdout: () => stdout,
          output: () => stdout + stderr,
          stop,
        });
      }
    });
  });
}

/** Processes whose command line mentions this text (Linux /proc). */
export function processesMentioning(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * Signs a demo user (acme's admin unless another is named) in to a started instance; the headers every
 * other call sends.
 */
export async function signInAt(url: string, password: string, email = "admin@acme.example") {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  const body = (await res.json()) as { token: string; context: { apiKey: string } };
  return { authorization: `Bearer ${body.token}`, "x-api-key": body.context.apiKey };
}

/** Calls a spawned instance's API with a session's headers: the status, the JSON (if any) and the text. */
export async function apiAt(
  url: string,
  headers: Record<string, string>,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? "GET",
    headers: { ...headers, ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, text };
}

/** Reads until `ok` holds (every 200 ms), or throws after `ms` naming `what` and the last value read. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * kill -9 of a runtime started detached: SIGKILL to its whole process group, then waits (15 s at most)
 * until no process mentions its DynamoDB Local (under `dataDir`/dynamodb), and throws if one still does.
 */
export async function killRuntime(pid: number, dataDir: string) {
  process.kill(-pid, "SIGKILL");
  const marker = join(dataDir, "dynamodb");
  const deadline = Date.now() + 15_000;
  while (processesMentioning(marker).length > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  const left = processesMentioning(marker);
  if (left.length > 0) throw new Error(`processes of the killed runtime still running: ${left.join(", ")}`);
}
