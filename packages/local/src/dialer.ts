import { type DriveOptions, driveOnce } from "@reachcx/core/dialer/driver";
import { useStore } from "@reachcx/core/env";
import { StartupError, wholeNumberSetting } from "./errors.ts";
import type { ResultsResolver } from "./simulators/cxone-calls.ts";

/**
 * The dialer in embedded mode (docs/dialer.md Driver): the driver ticks every 2 s in this process (a tick
 * still running when the next is due delays it: ticks never overlap), and the CXone simulator posts each
 * played call's result to this console with the tenant's key, as a real platform's Studio script is
 * configured to.
 */

export const TICK_MS = 2000;

/** Runs `driveOnce` every `intervalMs` after the previous tick ended; `stop` waits for a tick in flight. */
export function embeddedDriver(options: DriveOptions & { intervalMs?: number }) {
  const interval = options.intervalMs ?? TICK_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await driveOnce(options);
    } catch (err) {
      options.log?.("dialer driver tick failed", { error: String(err) });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, interval);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** How long a skill's results target is remembered (a tenant's settings change takes that long). */
const TARGET_TTL_MS = 30_000;

/**
 * Where a simulated skill's calls post their results: this console's endpoint, with the API key of the
 * tenant whose CXone connection names the skill's business unit and, when several name it (test tenants
 * connect to the demo units too), the one whose Active or Paused campaign holds the skill (the platform's
 * Studio script configuration, emulated). null when no tenant is connected to it.
 */
export function resultsResolver(consoleUrl: () => string): ResultsResolver {
  const known = new Map<string, { at: number; apiKey: string }>();
  return async ({ businessUnitId, skillId }) => {
    const key = `${businessUnitId}/${skillId}`;
    let hit = known.get(key);
    if (!hit || Date.now() - hit.at > TARGET_TTL_MS) {
      const apiKey = await apiKeyOfSkill(businessUnitId, skillId);
      hit = apiKey ? { at: Date.now(), apiKey } : undefined;
      if (hit) known.set(key, hit);
    }
    return hit ? { url: `${consoleUrl()}/api/dialer/results`, apiKey: hit.apiKey } : null;
  };
}

/** The API key of the active tenant connected to the business unit that runs a campaign on the skill. */
async function apiKeyOfSkill(businessUnitId: number, skillId: number): Promise<string | null> {
  const { entities } = useStore();
  const { data: tenants } = await entities.tenant.query.byId({}).go({ pages: "all" });
  const connected = [];
  for (const tenant of tenants) {
    if (tenant.status !== "Active") continue;
    const settings = (await entities.tenantSettings.get({ tenant: tenant.id }).go()).data;
    if (settings?.icBU === String(businessUnitId)) connected.push(tenant);
  }
  if (connected.length <= 1) return connected[0]?.apiKey ?? null;
  for (const tenant of connected) {
    const lock = await entities.campaignLock.get({ tenant: tenant.id, resource: `skill#${skillId}` }).go();
    if (lock.data) return tenant.apiKey;
  }
  return null;
}

/** CXONE_SIM_CALL_MS: "min-max" or one number of milliseconds; undefined when not set. */
export function callMsOf(text: string | undefined): readonly [number, number] | undefined {
  if (!text) return undefined;
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  const min = Number(m?.[1]);
  const max = m?.[2] === undefined ? min : Number(m[2]);
  if (!m || max < min)
    throw new StartupError(`CXONE_SIM_CALL_MS must be milliseconds, "2000-8000" or "500" (got ${text}).`);
  return [min, max];
}

/**
 * DIALER_TEST_UTC_HOUR (0-23), for tests that must see calls placed whatever the hour they run at: the
 * driver's clock reads the next such hour (UTC; today's, or tomorrow's once it has passed) plus the time
 * since start, so its calling windows are
 * those of that hour. Only with IN_MEMORY=1 — an instance that keeps data never dials on a made-up clock.
 */
export function testClockOf(text: string | undefined, inMemory: boolean): (() => Date) | undefined {
  if (!text) return undefined;
  const hour = Number(text);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23)
    throw new StartupError(`DIALER_TEST_UTC_HOUR must be an hour from 0 to 23 (got ${text}).`);
  if (!inMemory) throw new StartupError("DIALER_TEST_UTC_HOUR is for tests: it needs IN_MEMORY=1.");
  const started = Date.now();
  const origin = new Date(started);
  origin.setUTCHours(hour, 0, 0, 0);
  // The next such hour, never an earlier one: the build stamps readyAt with the real clock, and a driver
  // clock behind it would find no contact ready.
  if (origin.getTime() < started) origin.setUTCDate(origin.getUTCDate() + 1);
  return () => new Date(origin.getTime() + (Date.now() - started));
}

/** DIALER_IN_FLIGHT: a whole number from 1; undefined when not set. */
export function inFlightOf(text: string | undefined): number | undefined {
  // "0" is refused too: an Active campaign with no contact in the dialer would never dial.
  return wholeNumberSetting("DIALER_IN_FLIGHT", text, { min: 1 });
}
