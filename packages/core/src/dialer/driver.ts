import { useTenant, withActor } from "../actor/index.ts";
import {
  type CxoneSession,
  cxoneClient,
  type Logger,
  login,
  scriptParameters,
  storedCredentials,
} from "../cxone/index.ts";
import { useStore } from "../env.ts";
import type { CampaignItem } from "../store/entities.ts";
import type { Dispensed } from "./api.ts";
import { pool } from "./batch.ts";
import { readCounters } from "./counters.ts";
import { dispense } from "./dispense.ts";
import { skillCall, skillCallPasses } from "./operations.ts";

/**
 * The driver (docs/dialer.md Driver): while a campaign is Active it keeps the campaign's CXone skill fed.
 * Each tick reads the registry of Active campaigns (one query) and, for each as its tenant's system
 * actor: once its list has contacts, starts its skill (once per activation: the start, restart or reset
 * that made it what it is), tops its in-flight contacts up to the target with `dispense`, and starts the
 * skill's script for each one. The platform posts each call's result to POST /api/dialer/results.
 *
 * A skill it started for a campaign that then left the registry by a path that made no skill call
 * (exhaustion's complete, expiry) is stopped on the next tick.
 *
 * A script start that fails leaves its contact inDialer; the sweeper returns it to its queue after the
 * lease (docs/dialer.md Dispense). Nothing is dispensed for a campaign whose tenant cannot log in to
 * CXone or whose skill has no script, so that is rare.
 */

/** Contacts in the dialer per campaign the driver aims at when none is configured. */
export const DEFAULT_IN_FLIGHT = 10;
/** Script starts in flight at once per campaign. */
const STARTS_IN_FLIGHT = 8;
/** A session is used until this long before its token expires. */
const SESSION_MARGIN_MS = 60_000;
const DEFAULT_SESSION_MS = 10 * 60_000;

export interface DriveOptions {
  /** Contacts in the dialer the driver keeps per campaign (DIALER_IN_FLIGHT). */
  inFlight?: number;
  now?: Date;
  /** The dialer's clock when no `now` is given (embedded tests set a shifted one: DIALER_TEST_UTC_HOUR). */
  clock?: () => Date;
  log?: Logger;
}

/** What one tick did, for logs and tests. */
export interface DriveTick {
  campaigns: number;
  dispensed: number;
  started: number;
  failed: number;
}

/** The skills the driver started: tenant/campaign -> the activation (cacheActionAt) and the skill. */
const skillStarted = new Map<
  string,
  { tenant: string; activation: string; skillId: number; skillName: string }
>();
/** Activations the driver could not feed and has said so once (no connection, no script). */
const reported = new Map<string, string>();
/** Sessions by tenant; null: the login failed, not tried again until `until`. */
const sessions = new Map<string, { session: CxoneSession | null; until: number }>();
/** A tenant whose login failed is not tried again for this long. */
const FAILED_LOGIN_MS = 60_000;
/** tenant/skillId -> the master id of the skill's script. */
const scripts = new Map<string, number>();

/** One tick over every Active campaign of the instance. */
export async function driveOnce(options: DriveOptions = {}): Promise<DriveTick> {
  const { data } = await useStore().entities.activeCampaign.query.all({}).go({ pages: "all" });
  const tick: DriveTick = { campaigns: data.length, dispensed: 0, started: 0, failed: 0 };
  for (const item of data) {
    try {
      const fed = await withActor({ type: "system", tenant: item.tenant }, () =>
        feedCampaign(item.campaignId, options),
      );
      tick.dispensed += fed.dispensed;
      tick.started += fed.started;
      tick.failed += fed.failed;
    } catch (err) {
      options.log?.("dialer driver: campaign not fed", {
        tenant: item.tenant,
        campaignId: item.campaignId,
        error: String(err),
      });
    }
  }
  await stopLeftSkills(new Set(data.map((i) => `${i.tenant}/${i.campaignId}`)), options.log);
  return tick;
}

/**
 * Stops the skills this process started for campaigns that have left the registry without an operation
 * that stops them: completed by exhaustion, expired, deleted by a path that made no skill call. A skill
 * already stopped answers 409, which is fine.
 */
async function stopLeftSkills(active: Set<string>, log?: Logger) {
  for (const [key, held] of skillStarted) {
    if (active.has(key)) continue;
    skillStarted.delete(key);
    await withActor({ type: "system", tenant: held.tenant }, () =>
      skillCall("stop", { skillId: held.skillId, skillName: held.skillName }, log),
    ).catch((err: unknown) => log?.("dialer driver: skill not stopped", { key, error: String(err) }));
  }
}

/** Feeds one campaign of the current tenant: skill started, in-flight topped up, scripts started. */
async function feedCampaign(campaignId: string, options: DriveOptions) {
  const fed = { dispensed: 0, started: 0, failed: 0 };
  const tenant = useTenant();
  const campaign: CampaignItem | null = (
    await useStore().entities.campaign.get({ tenant, id: campaignId }).go()
  ).data;
  if (campaign?.status !== "Active" || !campaign.skillId) return fed;
  const counts = [...(await readCounters({ tenant, campaignId })).values()];
  const queued = counts.reduce((n, c) => n + c.fresh + c.retry + c.callBack, 0);
  const inDialer = counts.reduce((n, c) => n + c.inDialer, 0);
  if (queued === 0) return fed;

  const key = `${tenant}/${campaignId}`;
  const activation = campaign.cacheActionAt ?? campaign.updatedAt ?? "";
  // Said once per activation, not every tick.
  const unfed = (why: string, detail: Record<string, unknown> = {}) => {
    if (reported.get(key) !== activation)
      options.log?.(`dialer driver: ${why}`, { tenant, campaignId, ...detail });
    reported.set(key, activation);
    return fed;
  };
  const session = await tenantSession(options.log);
  if (!session) return unfed("no CXone connection");
  const client = cxoneClient(session, options.log);
  const scriptId = await skillScript(client, tenant, campaign.skillId);
  if (scriptId === null) return unfed("the skill has no script", { skillId: campaign.skillId });

  if (skillStarted.get(key)?.activation !== activation) {
    const skill = { skillId: campaign.skillId, skillName: campaign.skillName ?? "" };
    const started = await skillCall("start", skill, options.log);
    if (!skillCallPasses(started)) return unfed("skill not started", { message: started?.message });
    skillStarted.set(key, { tenant, activation, ...skill });
  }

  const want = Math.max(0, (options.inFlight ?? DEFAULT_IN_FLIGHT) - inDialer);
  if (want === 0) return fed;
  const items = await dispense(campaignId, want, {
    lane: "voice",
    now: options.now ?? options.clock?.() ?? new Date(),
  });
  fed.dispensed = items.length;
  const skillId = campaign.skillId;
  await pool(items, STARTS_IN_FLIGHT, async (item) => {
    const started = await client.startScript(scriptId, { skillId, parameters: parametersOf(item, skillId) });
    if (started.ok) fed.started++;
    else {
      fed.failed++;
      if (started.error.kind === "refused") sessions.delete(tenant);
    }
  });
  return fed;
}

/**
 * A script start's parameters (spec 000 §7: phone|value|contactId|skillId). The value is
 * `{campaignId}:{attemptKey}`: the platform hands it back split into the result's campaignId and
 * attemptKey (docs/dialer.md Driver).
 */
export const parametersOf = (item: Dispensed, skillId: number) =>
  scriptParameters(
    { id: item.contactId, phone: item.phone, cell: item.cell },
    `${item.campaignId}:${item.attemptKey}`,
    skillId,
  );

/**
 * The current tenant's CXone session, kept until shortly before its token expires; null when none (a
 * failed login is remembered for a minute, so a wrong connection is not tried every tick).
 */
async function tenantSession(log?: Logger): Promise<CxoneSession | null> {
  const tenant = useTenant();
  const held = sessions.get(tenant);
  if (held && held.until > Date.now()) return held.session;
  const credentials = await storedCredentials();
  if (!credentials.ok) return null;
  const session = await login(credentials.value, log);
  if (!session.ok) {
    sessions.set(tenant, { session: null, until: Date.now() + FAILED_LOGIN_MS });
    return null;
  }
  const life = session.value.expiresIn ? session.value.expiresIn * 1000 : DEFAULT_SESSION_MS;
  sessions.set(tenant, { session: session.value, until: Date.now() + life - SESSION_MARGIN_MS });
  return session.value;
}

/** The master id of a skill's script (skills list, then the script search), remembered per tenant and skill. */
async function skillScript(
  client: ReturnType<typeof cxoneClient>,
  tenant: string,
  skillId: number,
): Promise<number | null> {
  const key = `${tenant}/${skillId}`;
  const known = scripts.get(key);
  if (known !== undefined) return known;
  const skills = await client.allSkills();
  const name = skills.ok ? skills.value.find((s) => s.skillId === skillId)?.scriptName : null;
  if (!name) return null;
  const found = await client.scriptId(name);
  if (!found.ok || found.value === null) return null;
  scripts.set(key, found.value);
  return found.value;
}
