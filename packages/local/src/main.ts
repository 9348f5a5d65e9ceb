import "./quiet.ts";
import { resolve } from "node:path";
import { log } from "@reachcx/functions/log";
import { callMsOf, inFlightOf, testClockOf } from "./dialer.ts";
import { StartupError } from "./errors.ts";
import { applyHeapGrowth } from "./heap.ts";
import { type Runtime, startRuntime } from "./runtime.ts";
import { DEFAULT_DEMO_PASSWORD, DEMO } from "./seed.ts";
import { GATEWAY_ACCOUNTS } from "./simulators/gateway.ts";

/**
 * `npm start`. Environment (README contract): PORT (3000), HOST (127.0.0.1: only this machine can reach
 * the console), DATA_DIR (.data; an empty directory gives a fresh instance with the demo data),
 * DEMO_PASSWORD, IN_MEMORY=1 (no files at all), LOG_LEVEL, CXONE_SIM_CALL_MS (how long the simulator's
 * calls last: "2000-8000"), DIALER_IN_FLIGHT (contacts in the dialer per Active campaign: 10),
 * DIALER_TEST_UTC_HOUR (tests only, with IN_MEMORY=1: the hour the dialer's clock reads), WEB_DIST
 * (another build of the console to serve: a test's own bundle), HEAP_GROWING_PERCENT (heap.ts: 100),
 * SEARCH_MMAP_MB / SEARCH_CACHE_MB / SEARCH_WRITER_CACHE_MB / SEARCH_SCAN_CACHE_MB (the search index's
 * memory: 4096 / 32 / 16 / 16).
 */
const started = Date.now();
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
const widened = host !== undefined && !["127.0.0.1", "localhost", "::1"].includes(host);
const inMemory = process.env.IN_MEMORY === "1";
const dataDir = inMemory ? undefined : resolve(process.env.DATA_DIR ?? ".data");
const demoPassword = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
log.setLogLevel((process.env.LOG_LEVEL?.toUpperCase() as "INFO") ?? "INFO");

let runtime: Runtime | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping…");
  await runtime?.stop();
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));

try {
  applyHeapGrowth(process.env.HEAP_GROWING_PERCENT);
  runtime = await startRuntime({
    port,
    host,
    dataDir,
    demoPassword,
    simulatedCallMs: callMsOf(process.env.CXONE_SIM_CALL_MS),
    dialerInFlight: inFlightOf(process.env.DIALER_IN_FLIGHT),
    dialerClock: testClockOf(process.env.DIALER_TEST_UTC_HOUR, inMemory),
    dialerBlockClaims: process.env.DIALER_BLOCK_CLAIMS === "1",
    webDist: process.env.WEB_DIST || undefined,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const users = Object.values(DEMO)
    .map((d) => `    ${d.user.email.padEnd(26)} ${d.user.tenantRole.padEnd(10)} tenant ${d.tenant.id}`)
    .join("\n");
  console.log(`
  ReachCX console is running at ${runtime.url}   (ready in ${seconds} s)
  API docs: ${runtime.url}/api/docs
  CXone simulator (the contact-center platform stand-in): ${runtime.cxone.url}
  Twilio simulator (the messaging provider check): ${runtime.twilio.url}
  Merchant-services partner simulator (onboarding applications, their hosted page): ${runtime.merchant.url}
  Payment gateway simulator (onboarding's whoAmI): ${runtime.gateway.url}, user ${GATEWAY_ACCOUNTS[0]?.username} / ${GATEWAY_ACCOUNTS[0]?.password}
  Push platform simulator (mobile applications): in process, projects ${dataDir ? `in ${dataDir}/push-simulator.json` : "in memory"}
  Files (Downloads' add-on packages): ${dataDir ? `${dataDir}/blobs` : "a temporary directory"}, links signed for 5 minutes
  Data: ${dataDir ?? "in memory"}${runtime.seeded ? " (demo data created)" : ""}${widened ? `\n  Listening on ${host} (HOST): other machines that reach it can use the console.` : ""}

  Demo sign-in (password: ${demoPassword}):
${users}

  Press Ctrl-C to stop.
`);
} catch (err) {
  if (err instanceof StartupError) console.error(`Cannot start: ${err.message}`);
  else console.error(`Cannot start: ${(err as Error).message ?? err}`);
  await runtime?.stop();
  process.exit(1);
}
