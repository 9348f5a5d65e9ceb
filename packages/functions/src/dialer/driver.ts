import { kmsSecrets } from "@reachcx/core/adapters/kms";
import { type DriveTick, driveOnce } from "@reachcx/core/dialer/driver";
import { type Env, provideEnv } from "@reachcx/core/env";
import { createDynamoClient } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";
import { dialerInFlight, requiredEnv } from "../config.ts";
import { log } from "../log.ts";

/**
 * The dialer's driver on AWS (docs/dialer.md Driver): EventBridge Scheduler invokes this function every
 * minute (stacks/Dialer.ts); it ticks `driveOnce` every 2 s for about 50 s, so the next invocation takes
 * over before this one's 60 s timeout. Two invocations overlapping for a moment cannot hand a contact out
 * twice: every dispense claim is conditional (docs/dialer.md Dispense).
 */

const RUN_MS = 50_000;
const TICK_MS = 2000;

/** A port this function never uses: reaching it is a programming error, said plainly. */
function notHere<T extends object>(port: string): T {
  return new Proxy({} as T, {
    get(_, prop) {
      if (prop === "then") return undefined;
      throw new Error(`The ${port} port is not available to the dialer driver.`);
    },
  });
}

let built: Env | undefined;

/** The table, and the key that opens the tenants' CXone credentials; nothing else is granted. */
function driverEnv(): Env {
  if (built) return built;
  const table = requiredEnv("TABLE_NAME");
  built = provideEnv({
    mode: "aws",
    store: createService(createDynamoClient({ table }), table),
    secrets: kmsSecrets({ keyId: requiredEnv("KMS_KEY_ID") }),
    identity: notHere("Identity"),
    search: notHere("Search"),
    push: notHere("Push"),
    blobs: notHere("Blobs"),
    mail: notHere("Mail"),
  });
  return built;
}

const logDriver = (event: string, detail: Record<string, unknown>) => log.warn(event, detail);

/** The scheduled invocation: ticks until RUN_MS has passed; answers the sum of what the ticks did. */
export async function handler() {
  driverEnv();
  const inFlight = dialerInFlight();
  const until = Date.now() + RUN_MS;
  const total: DriveTick = { campaigns: 0, dispensed: 0, started: 0, failed: 0 };
  while (Date.now() < until) {
    const began = Date.now();
    const tick = await driveOnce({ inFlight, log: logDriver }).catch((err: unknown) => {
      logDriver("dialer driver tick failed", { error: String(err) });
      return null;
    });
    if (tick) {
      total.campaigns = Math.max(total.campaigns, tick.campaigns);
      total.dispensed += tick.dispensed;
      total.started += tick.started;
      total.failed += tick.failed;
    }
    const wait = TICK_MS - (Date.now() - began);
    if (wait > 0 && Date.now() + wait < until) await new Promise((r) => setTimeout(r, wait));
    else if (wait > 0) break;
  }
  log.info("dialer driver ran", { ...total });
  return total;
}
