import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { serve } from "@hono/node-server";
import { useEnv } from "@reachcx/core/env";
import { registerJobKinds } from "@reachcx/core/job/kinds";
import { JobRunner } from "@reachcx/core/job/runner";
import { dispatchScheduleTarget } from "@reachcx/core/scheduler/dispatch";
import { indexChanges } from "@reachcx/core/search/indexer";
import { createDynamoClient, type LocalCredentials } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";
import { forgetChangedTenants } from "@reachcx/core/tenant/index";
import { within } from "@reachcx/core/within";
import { log } from "@reachcx/functions/log";
import { seedAddOnPackages } from "./addons.ts";
import { directoryBlobs } from "./blobs.ts";
import { ChangeFeed } from "./changes.ts";
import type { DeadLetters } from "./dead-letters.ts";
import { embeddedDriver, resultsResolver } from "./dialer.ts";
import { startDynamo } from "./dynamo.ts";
import { REGION } from "./dynamo-key.ts";
import { blobSecret, buildEnv, TABLE } from "./env.ts";
import { StartupError } from "./errors.ts";
import { onboardingWorkflows } from "./onboarding.ts";
import { attachLive, RealtimeHub } from "./realtime.ts";
import { writeRuntimeFile } from "./runtime-file.ts";
import { embeddedScheduler } from "./scheduler.ts";
import { openSearchIndex } from "./search/index.ts";
import { seedDemo } from "./seed.ts";
import { createServerApp } from "./server.ts";
import { type CxoneSimulator, startCxoneSimulator } from "./simulators/cxone.ts";
import { type GatewaySimulator, startGatewaySimulator } from "./simulators/gateway.ts";
import { type MerchantSimulator, PARTNER_ACCOUNT, startMerchantSimulator } from "./simulators/merchant.ts";
import { startTwilioSimulator, type TwilioSimulator } from "./simulators/twilio.ts";
import { embeddedGate, gateClient } from "./store-gate.ts";
import { ensureTable } from "./table.ts";

export interface RuntimeOptions {
  port: number;
  /** Directory for DynamoDB Local's files and the keys; undefined keeps everything in memory. */
  dataDir?: string;
  demoPassword: string;
  /** Address the console listens on; loopback unless widened (HOST). */
  host?: string;
  /** The built console to serve; packages/web/dist unless given. */
  webDist?: string;
  /** How long the CXone simulator's calls last, [min, max] ms (CXONE_SIM_CALL_MS; 2-8 s unless given). */
  simulatedCallMs?: readonly [number, number];
  /** Contacts in the dialer the driver keeps per Active campaign (DIALER_IN_FLIGHT). */
  dialerInFlight?: number;
  /** The driver's clock (DIALER_TEST_UTC_HOUR, tests only); the real one when absent. */
  dialerClock?: () => Date;
  /** Dispense by block claims (DIALER_BLOCK_CLAIMS=1; docs/dialer.md, Block claims). */
  dialerBlockClaims?: boolean;
}

export interface Runtime {
  url: string;
  port: number;
  seeded: boolean;
  hub: RealtimeHub;
  /** DynamoDB Local's endpoint, for conformance suites that exercise adapters directly. */
  dynamoEndpoint: string;
  /** The credentials that open this instance's database; any others see an empty one. */
  dynamoCredentials: LocalCredentials;
  /** Change-stream records set aside so the feed could go on (counted, and kept in DATA_DIR/dead-letters.jsonl). */
  deadLetters: DeadLetters;
  /** The CXone platform simulator the tenants' connections reach in embedded mode. */
  cxone: CxoneSimulator;
  /** The Twilio accounts API simulator the messaging provider check reaches in embedded mode. */
  twilio: TwilioSimulator;
  /** The merchant-services partner simulator (applications and their hosted page) onboarding reaches. */
  merchant: MerchantSimulator;
  /** The payment gateway simulator whose whoAmI onboarding's gateway token step calls. */
  gateway: GatewaySimulator;
  stop(): Promise<void>;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const WEB_DIST = join(ROOT, "packages/web/dist");

/** Starts the whole product on one machine: DynamoDB Local, the change feed, the API and the console. */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const host = options.host ?? "127.0.0.1";
  if (options.port !== 0) await assertPortFree(options.port, host);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const dynamo = await startDynamo({ dataDir: options.dataDir });
  const cleanup: (() => Promise<unknown>)[] = [() => dynamo.stop()];
  const stop = async () => {
    for (const step of cleanup.reverse())
      await step().catch((err) => log.error("stop failed", { error: err }));
  };
  try {
    const { endpoint, credentials } = dynamo;
    const raw = new DynamoDBClient({ endpoint, region: REGION, credentials });
    const streamArn = await ensureTable(raw, TABLE).catch((err: unknown) => {
      throw new StartupError(
        `The data in ${options.dataDir ?? "memory"} could not be opened (${(err as Error).message}); move it away to start fresh.`,
      );
    });
    raw.destroy();
    // The foreground-priority gate (store-gate.ts): the console's store calls go before background ones.
    // Opt-in (STORE_GATE=1) until its cost to background work under load is known (docs/search.md).
    const gate = process.env.STORE_GATE === "1" ? embeddedGate() : undefined;
    const client = createDynamoClient({ table: TABLE, endpoint, credentials });
    if (gate) gateClient(client, gate);
    const store = createService(client, TABLE);
    const search = await openSearchIndex(options.dataDir, store);
    cleanup.push(async () => search.close());
    // The simulator's calls post their results to this console, whose address is known once it listens.
    let consoleUrl = "";
    const cxone = await startCxoneSimulator({
      calls: {
        resolve: resultsResolver(() => consoleUrl),
        callMs: options.simulatedCallMs,
        log: (event, detail) => log.warn(event, detail),
      },
    });
    cleanup.push(() => cxone.stop());
    const twilio = await startTwilioSimulator();
    cleanup.push(() => twilio.stop());
    const merchant = await startMerchantSimulator({ dataDir: options.dataDir });
    cleanup.push(() => merchant.stop());
    const gateway = await startGatewaySimulator();
    cleanup.push(() => gateway.stop());
    // DATA_DIR/blobs, or a directory of its own for an instance kept in memory, removed on stop.
    const blobDir = options.dataDir
      ? join(options.dataDir, "blobs")
      : mkdtempSync(join(tmpdir(), "reachcx-blobs-"));
    if (!options.dataDir) cleanup.push(async () => rmSync(blobDir, { recursive: true, force: true }));
    const blobs = directoryBlobs({ dir: blobDir, secret: blobSecret(options.dataDir) });
    await seedAddOnPackages(blobs);
    // Tenants' URLs (REST connections, provider checks) must not reach the instance itself.
    const closedPorts = new Set([Number(new URL(endpoint).port)]);
    const env = buildEnv({
      store,
      dataDir: options.dataDir,
      search,
      blobs,
      cxoneUrl: cxone.url,
      twilioUrl: twilio.url,
      closedPorts,
      dialerBlockClaims: options.dialerBlockClaims,
    });
    // Merchant onboarding: the partner and gateway simulators, and the in-process Step Functions runner.
    const workflows = onboardingWorkflows(store);
    Object.assign(useEnv(), {
      merchantServices: { url: merchant.url, ...PARTNER_ACCOUNT },
      paymentGateway: { url: gateway.url },
      workflows,
    });

    // Jobs run in this process (core/job/runner.ts). One process at a time owns a DATA_DIR, so a job a
    // previous run of this instance held is taken over at once, not after its lease: kill -9 safe.
    const instance = options.dataDir
      ? createHash("sha256").update(resolve(options.dataDir)).digest("hex").slice(0, 16)
      : randomUUID();
    const runner = new JobRunner({
      owner: `embedded:${instance}:${randomUUID()}`,
      reclaimable: `embedded:${instance}:`,
      log: (event, detail) => log.error(event, detail),
    });
    env.jobs = runner;
    registerJobKinds();
    // Schedules (SFTP polls, REST pulls) are croner jobs kept in the Store; they fire core's dispatcher,
    // as the AWS target Lambda does. Armed once the job runner has resumed.
    const scheduler = embeddedScheduler({
      store,
      fire: (target) => dispatchScheduleTarget(target, { log: (event, detail) => log.warn(event, detail) }),
      log: (event, detail) => log.error(event, detail),
    });
    env.scheduler = scheduler;

    const hub = new RealtimeHub();
    const feed = new ChangeFeed(dynamo, streamArn, (err) => log.error("change feed", { error: err }), {
      dataDir: options.dataDir,
      gate,
    });
    feed.subscribe((records) => indexChanges(search, records), "search index");
    feed.subscribe(forgetChangedTenants, "tenant cache");
    // Last: subscribers run in order, so a browser told of a change refetches from a search index and a
    // tenant cache that already have it.
    feed.subscribe(hub.publish, "realtime");
    await feed.start();
    cleanup.push(() => feed.stop());

    const { seeded, background: seeding } = await seedDemo(options.demoPassword);
    // Queued jobs, and those a stopped or killed run of this instance left, go on where they stopped.
    await runner.resume();
    cleanup.push(() => runner.stop());
    await scheduler.start();
    cleanup.push(async () => scheduler.stop());
    // Waiting onboarding executions are re-created at their wait (docs/decisions.md).
    await workflows.resume();
    cleanup.push(async () => workflows.close());
    // The onboarding stepper frames the partner simulator's application page (/admin/onboarding/app/).
    const app = createServerApp({
      webDist: options.webDist ?? WEB_DIST,
      blobs,
      policy: { frame: [merchant.url] },
    });
    const server = await listen(app.fetch, options.port, host);
    cleanup.push(
      () =>
        new Promise<void>((done) => {
          server.closeAllConnections?.();
          server.close(() => done());
        }),
    );
    const live = attachLive(server, hub);
    // Upgraded sockets are no longer the HTTP server's to close: they go first.
    cleanup.push(async () => live.close());
    const port = (server.address() as AddressInfo).port;
    closedPorts.add(port);
    const reach = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
    consoleUrl = `http://${reach}:${port}`;
    // The dialer's driver keeps Active campaigns fed; stopped before the server closes.
    const driver = embeddedDriver({
      inFlight: options.dialerInFlight,
      clock: options.dialerClock,
      log: (event, detail) => log.warn(event, detail),
    });
    cleanup.push(() => driver.stop());
    // First on stop: the demo's onboarding seed, if still running, finishes while everything it uses is up;
    // a seed stuck past SEED_STOP_WAIT_MS (a partner simulator that never answers) does not hold the stop.
    cleanup.push(() =>
      within(seeding, SEED_STOP_WAIT_MS, () =>
        log.warn(`stop: the demo onboarding seed still ran after ${SEED_STOP_WAIT_MS} ms; left`),
      ),
    );
    // Lets `npm run generate` find this instance's DynamoDB Local; removed on stop.
    if (options.dataDir) {
      const remove = writeRuntimeFile(options.dataDir, dynamo, port);
      cleanup.push(async () => remove());
    }
    return {
      url: `http://${urlHost(host)}:${port}`,
      port,
      seeded,
      hub,
      stop,
      dynamoEndpoint: dynamo.endpoint,
      dynamoCredentials: dynamo.credentials,
      deadLetters: feed.deadLetters,
      cxone,
      twilio,
      merchant,
      gateway,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** How long a stop waits for the demo's onboarding seed (a few workflow steps, about a second). */
const SEED_STOP_WAIT_MS = 20_000;

/** The host to print: localhost when the console is reachable there, else the address it listens on. */
function urlHost(host: string) {
  if (["127.0.0.1", "0.0.0.0", "::", "localhost"].includes(host)) return "localhost";
  return host.includes(":") ? `[${host}]` : host;
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
