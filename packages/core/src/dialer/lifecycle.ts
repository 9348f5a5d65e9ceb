import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { assertJobRoom, startJob } from "../job/index.ts";
import { conditionFailed, readJob } from "../job/store.ts";
import type { CampaignItem } from "../store/entities.ts";
import { type BuildParams, CAMPAIGN_BUILD_KIND } from "./build.ts";
import { CAMPAIGN_CLEAR_KIND, type ClearParams } from "./clear.ts";

/**
 * What a campaign's status changes do to its list (docs/dialer.md, Lifecycle): the ActiveCampaign
 * registry item joins the status change's transaction (the driver feeds exactly the Active campaigns),
 * and after it commits a start or a reset starts the build job, an end or a delete the clear job.
 * core/campaign calls these around its transactions.
 */

type Store = ReturnType<typeof useStore>;
type TxEntities = Parameters<Parameters<Store["transaction"]["write"]>[0]>[0];

/** The list operations of the state machine (core/campaign/state.ts) this module acts on. */
type ListOperation = "start" | "pause" | "restart" | "terminate" | "reset" | "complete" | "expire";

const BUILDS: ReadonlySet<string> = new Set(["start", "reset"]);
const CLEARS: ReadonlySet<string> = new Set(["terminate", "complete", "expire"]);

export const BUILDING_MESSAGE =
  "The campaign's list is being built. Reset it once the build has finished (see Jobs).";

/** Whether the campaign's build job is still queued or running. */
async function building(campaign: CampaignItem): Promise<boolean> {
  if (campaign.listState !== "building" || !campaign.buildJobId) return false;
  const job = await readJob(campaign.tenant, campaign.buildJobId);
  return job !== undefined && (job.state === "queued" || job.state === "running");
}

/**
 * The refusals a list operation makes before any write: a start or reset needs a job slot (the job
 * model's 429), and a reset waits for a build still running. A build that never started (no job slot
 * after the commit, a crash) leaves `building` with no running job: a reset rebuilds it.
 */
export async function assertListOperation(campaign: CampaignItem, operation: string) {
  if (!BUILDS.has(operation)) return;
  if (operation === "reset" && (await building(campaign)))
    throw new VisibleError("conflict", "campaign.building", BUILDING_MESSAGE);
  await assertJobRoom(campaign.tenant);
}

/** The campaign fields the status change's write sets for the list: a build starts `building`. */
export const listFieldsOf = (operation: string): Partial<Pick<CampaignItem, "listState">> =>
  BUILDS.has(operation) ? { listState: "building" } : {};

/**
 * The ActiveCampaign registry's write in the status change's transaction: put when the campaign becomes
 * Active, deleted when it stops being Active (a pause, an end, an expiry, a delete). Unconditional.
 */
export function registryWrites(
  tx: TxEntities,
  key: { tenant: string; campaignId: string },
  from: string,
  to: string | null,
) {
  if (to === "Active" && from !== "Active") return [tx.activeCampaign.put(key).commit()];
  if (from === "Active" && to !== "Active") return [tx.activeCampaign.delete(key).commit()];
  return [];
}

const segmentIdsOf = (campaign: CampaignItem) =>
  (JSON.parse(campaign.segments) as { segmentId: string }[]).map((s) => s.segmentId);

/** Whether the campaign has (or may have) list records to clear. */
const hasList = (campaign: CampaignItem) =>
  campaign.listState !== undefined && campaign.listState !== "cleared";

/** Starts the clear of the list of a campaign that ended or was deleted (when it has one). */
async function startClear(campaign: CampaignItem) {
  if (!hasList(campaign)) return;
  const params: ClearParams = {
    campaignId: campaign.id,
    segmentIds: segmentIdsOf(campaign),
    buildJobId: campaign.buildJobId ?? null,
  };
  await startJob(CAMPAIGN_CLEAR_KIND, params, { label: `Clear list: ${campaign.name}` });
}

/** Starts the build job and records it on the campaign (unless the build already finished and did). */
async function startBuild(campaign: CampaignItem, reason: BuildParams["reason"]) {
  const params: BuildParams = { campaignId: campaign.id, reason };
  const job = await startJob(CAMPAIGN_BUILD_KIND, params, { label: `Build list: ${campaign.name}` });
  await useStore()
    .entities.campaign.patch({ tenant: useTenant(), id: campaign.id })
    .set({ buildJobId: job.id })
    .where((a, op) => op.eq(a.listState, "building"))
    .go()
    .catch((err: unknown) => {
      if (!conditionFailed(err)) throw err;
    });
}

/**
 * After the status change committed: a start or reset builds, an end clears. A clear that cannot start
 * (the tenant's job slots full) leaves the list in place, listState as it was: the ended campaign is
 * out of the registry, so nothing dials it, and a delete clears it later.
 */
export async function afterListOperation(campaign: CampaignItem, operation: ListOperation) {
  if (BUILDS.has(operation)) await startBuild(campaign, operation as BuildParams["reason"]);
  else if (CLEARS.has(operation)) await startClear(campaign).catch(() => undefined);
}

/** After a delete committed: the list goes with the clear job. */
export async function afterCampaignDelete(campaign: CampaignItem) {
  await startClear(campaign).catch(() => undefined);
}
