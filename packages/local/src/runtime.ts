import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { serve } from "@hono/node-server";
import { indexChanges } from "@reachcx/core/search/indexer";
import { createDynamoClient } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";
import { forgetTenant } from "@reachcx/core/tenant/index";
import { log } from "@reachcx/functions/log";
import { ChangeFeed } from "./changes.ts";
import { startDynamo } from "./dynamo.ts";
import { buildEnv, TABLE } from "./env.ts";
import { StartupError } from "./errors.ts";
import { RealtimeHub } from "./realtime.ts";
import { openSearchIndex } from "./search/index.ts";
import { seedDemo } from "./seed.ts";
import { createServerApp } from "./server.ts";
import { ensureTable } from "./table.ts";

export interface RuntimeOptions {
  port: number;
  /** Directory for DynamoDB Local's files and the keys; undefined keeps everything in memory. */
  dataDir?: string;
  demoPassword: string;
  host?: string;
}

export interface Runtime {
  url: string;
  port: number;
  seeded: boolean;
  hub: RealtimeHub;
  /** DynamoDB Local's endpoint, for conformance suites that exercise adapters directly. */
  dynamoEndpoint: string;
  stop(): Promise<void>;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const WEB_DIST = join(ROOT, "packages/web/dist");

/** Starts the whole product on one machine: DynamoDB Local, the change feed, the API and the console. */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  if (options.port !== 0) await assertPortFree(options.port, options.host ?? "0.0.0.0");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const dynamo = await startDynamo({ dataDir: options.dataDir });
  const cleanup: (() => Promise<unknown>)[] = [() => dynamo.stop()];
  const stop = async () => {
    for (const step of cleanup.reverse())
      await step().catch((err) => log.error("stop failed", { error: err }));
  };
  try {
    const raw = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: "us-east-1",
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    const streamArn = await ensureTable(raw, TABLE).catch((err: unknown) => {
      throw new StartupError(
        `The data in ${options.dataDir ?? "memory"} could not be opened (${(err as Error).message}); move it away to start fresh.`,
      );
    });
    raw.destroy();
    const store = createService(createDynamoClient({ table: TABLE, endpoint: dynamo.endpoint }), TABLE);
    const search = await openSearchIndex(options.dataDir, store);
    cleanup.push(async () => search.close());
    buildEnv({ store, dataDir: options.dataDir, search });

    const hub = new RealtimeHub();
    const feed = new ChangeFeed(dynamo.endpoint, streamArn, (err) =>
      log.error("change feed", { error: err }),
    );
    feed.subscribe(hub.publish);
    feed.subscribe((records) => indexChanges(search, records));
    feed.subscribe((records) => {
      for (const r of records) {
        const image = r.newImage ?? r.oldImage;
        if (image?.__edb_e__ === "tenant" && typeof image.id === "string") forgetTenant(image.id);
      }
    });
    await feed.start();
    cleanup.push(() => feed.stop());

    const seeded = await seedDemo(options.demoPassword);
    const app = createServerApp({ webDist: WEB_DIST, hub });
    const server = await listen(app.fetch, options.port, options.host ?? "0.0.0.0");
    cleanup.push(
      () =>
        new Promise<void>((done) => {
          server.closeAllConnections?.();
          server.close(() => done());
        }),
    );
    const port = (server.address() as AddressInfo).port;
    // Lets `npm run generate` find this instance's DynamoDB Local; removed on stop.
    if (options.dataDir) {
      const file = join(options.dataDir, "runtime.json");
      writeFileSync(file, JSON.stringify({ dynamoEndpoint: dynamo.endpoint, port }));
      cleanup.push(async () => rmSync(file, { force: true }));
    }
    return { url: `http://localhost:${port}`, port, seeded, hub, stop, dynamoEndpoint: dynamo.endpoint };
  } catch (err) {
    await stop();
    throw err;
  }
}

const portInUse = (port: number) =>
  new StartupError(
    `Port ${port} is already in use: stop the other program or start with PORT=<another port>.`,
  );

/** Fails fast, before DynamoDB Local starts, when the port is taken. */
function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", (err: NodeJS.ErrnoException) =>
      reject(err.code === "EADDRINUSE" ? portInUse(port) : err),
    );
    probe.listen(port, host, () => probe.close(() => resolvePort()));
  });
}

type NodeServer = ReturnType<typeof serve> & { closeAllConnections?: () => void };

function listen(
  fetch: Parameters<typeof serve>[0]["fetch"],
  port: number,
  hostname: string,
): Promise<NodeServer> {
  return new Promise((resolveServer, reject) => {
    const server = serve({ fetch, port, hostname }) as NodeServer;
    server.once("listening", () => resolveServer(server));
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(err.code === "EADDRINUSE" ? portInUse(port) : err),
    );
  });
}
