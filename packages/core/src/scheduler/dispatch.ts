import * as v from "valibot";
import { withActor } from "../actor/index.ts";
import { operateCampaign } from "../campaign/index.ts";
import { applyRatioEvent } from "../campaign/schedule.ts";
import { runCampaignOperation } from "../dialer/operations.ts";
import { useStore } from "../env.ts";
import { ThrottledError, VisibleError } from "../error/index.ts";
import { type Job, startJob } from "../job/index.ts";
import { readJob } from "../job/store.ts";
import { ScheduleTarget } from "./target.ts";

/** How the dispatcher reads a tenant: the Store's record, fresh at every firing (no cache outlives a disable). */
export type TenantLookup = (id: string) => Promise<{ status: string } | null | undefined>;

export type DispatchLog = (event: string, detail: Record<string, unknown>) => void;

export type DispatchResult =
  | {
      skipped: "tenant_disabled" | "gone" | "disabled" | "already_running" | "too_many_jobs" | "not_allowed";
      tenant: string;
    }
  | { started: Job["id"]; kind: string; tenant: string }
  | { operated: string; campaignId: string; tenant: string };

const storeTenant: TenantLookup = async (id) => (await useStore().entities.tenant.get({ id }).go()).data;

/** The job kinds a schedule starts, by target kind (registered in job/kinds.ts). */
export const SCHEDULED_JOB_KINDS = { sftpPoll: "sftpPoll", restPull: "restPull" } as const;

/** A job of `kind` for this owner already queued or running (the tenant's slots are few: at most 5 reads). */
export async function activeJobFor(tenant: string, kind: string, owner: Record<string, string>) {
  const { data: slots } = await useStore()
    .entities.jobSlot.query.bySlot({})
    .begins({ tenant })
    .go({ pages: "all" });
  for (const slot of slots.filter((s) => s.tenant === tenant && s.kind === kind)) {
    const job = await readJob(tenant, slot.jobId);
    if (!job || (job.state !== "queued" && job.state !== "running")) continue;
    const params = JSON.parse(job.params) as Record<string, unknown>;
    if (Object.entries(owner).every(([k, val]) => params[k] === val)) return job;
  }
  return undefined;
}

/**
 * Starts the scheduled job of one connection as the tenant's system actor, unless the connection is gone
 * or switched off, a run of it is still queued or running (a slow poll is not doubled by the next), or the
 * tenant's job slots are full (the next firing tries again).
 */
async function startScheduled(
  tenant: string,
  kind: (typeof SCHEDULED_JOB_KINDS)[keyof typeof SCHEDULED_JOB_KINDS],
  owner: Record<string, string>,
  label: string | undefined,
  log: DispatchLog,
): Promise<DispatchResult> {
  if (label === undefined) return { skipped: "gone", tenant };
  if (await activeJobFor(tenant, kind, owner)) return { skipped: "already_running", tenant };
  try {
    const job = await startJob(kind, owner, { label });
    return { started: job.id, kind, tenant };
  } catch (err) {
    if (err instanceof ThrottledError) {
      log("schedule skipped: the tenant's job slots are full", { tenant, kind, ...owner });
      return { skipped: "too_many_jobs", tenant };
    }
    throw err;
  }
}

type CampaignTarget = Extract<ScheduleTarget, { kind: "campaign" }>;

/**
 * A campaign schedule's firing, as the tenant's system actor: an event's action runs the same operation
 * as the console's button (runCampaignOperation; stop is End Campaign), a ratio event sets the campaign's
 * ratios, the expiry schedule expires it. A campaign gone, or whose status does not allow the operation
 * now (a start of an Active campaign, an expiry of a Completed one), is logged and skipped: the schedule
 * succeeds, so the scheduler does not retry it.
 */
async function fireCampaign(target: CampaignTarget, log: DispatchLog): Promise<DispatchResult> {
  const { tenant, campaignId, action } = target;
  try {
    if (action === "segmentRatio") {
      if (target.eventId === undefined || !(await applyRatioEvent(campaignId, target.eventId)))
        return { skipped: "not_allowed", tenant };
    } else if (action === "expire") {
      await operateCampaign(campaignId, "expire");
    } else {
      await runCampaignOperation(campaignId, action === "stop" ? "terminate" : action, { log });
    }
    return { operated: action, campaignId, tenant };
  } catch (err) {
    if (!(err instanceof VisibleError)) throw err;
    log("campaign schedule skipped", { ...target, reason: err.message });
    return { skipped: err.kind === "not_found" ? "gone" : "not_allowed", tenant };
  }
}

/**
 * What a schedule does when it fires: one function for the AWS target Lambda
 * (packages/functions/src/schedule/target.ts) and the embedded scheduler (packages/local/src/scheduler.ts).
 * A schedule of a disabled (or removed) tenant does nothing and succeeds, so the scheduler does not retry
 * it; once the tenant is enabled its next firing acts again (docs/decisions.md, Disable Tenant).
 * A campaign schedule runs its operation (fireCampaign).
 */
export async function dispatchScheduleTarget(
  event: unknown,
  options: { tenantOf?: TenantLookup; log?: DispatchLog } = {},
): Promise<DispatchResult> {
  const target = v.parse(ScheduleTarget, event);
  const log = options.log ?? (() => {});
  const tenant = await (options.tenantOf ?? storeTenant)(target.tenant);
  if (tenant?.status !== "Active") {
    log("schedule skipped: the tenant is disabled or gone", {
      ...target,
      tenantStatus: tenant?.status ?? "missing",
    });
    return { skipped: "tenant_disabled", tenant: target.tenant };
  }
  return withActor({ type: "system", tenant: target.tenant }, async () => {
    switch (target.kind) {
      case "campaign":
        return fireCampaign(target, log);
      case "sftpPoll": {
        const { data } = await useStore()
          .entities.ftpImport.get({ tenant: target.tenant, id: target.importId })
          .go();
        return startScheduled(
          target.tenant,
          SCHEDULED_JOB_KINDS.sftpPoll,
          { importId: target.importId },
          data ? `SFTP ${data.name}` : undefined,
          log,
        );
      }
      case "restPull": {
        const { data } = await useStore()
          .entities.restConnection.get({ tenant: target.tenant, id: target.connectionId })
          .go();
        if (data && !data.enabled) return { skipped: "disabled", tenant: target.tenant };
        return startScheduled(
          target.tenant,
          SCHEDULED_JOB_KINDS.restPull,
          { connectionId: target.connectionId },
          data ? `REST ${data.name}` : undefined,
          log,
        );
      }
    }
  });
}
