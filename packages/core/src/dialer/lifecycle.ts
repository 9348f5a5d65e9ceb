import { randomUUID } from "node:crypto";
import type { useStore } from "../env.ts";
import { assertJobRoom, startJob } from "../job/index.ts";
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

/**
 * The refusal a list operation makes before any write: a start or reset needs a job slot (the job
 * model's 429).
 */
export async function assertListOperation(campaign: CampaignItem, operation: string) {
  if (BUILDS.has(operation)) await assertJobRoom(campaign.tenant);
}

/**
 * The campaign fields the status change's write sets for the list: a build starts `building`, under the
 * id its job will have (written before the job exists, so the job can tell it is the campaign's current
 * build from its first page on, and a build superseded by a reset stops).
 */
export const listFieldsOf = (operation: string): Partial<Pick<CampaignItem, "listState" | "buildJobId">> =>
  BUILDS.has(operation) ? { listState: "building", buildJobId: randomUUID() } : {};

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

/**
 * Starts the build job under the id the status change recorded; a reset's build first stops the build it
 * replaces (`previousJobId`). A job that cannot start leaves the campaign `building` with no job: a reset
 * builds again.
 */
async function startBuild(campaign: CampaignItem, reason: BuildParams["reason"], jobId: string) {
  const params: BuildParams = { campaignId: campaign.id, reason, previousJobId: campaign.buildJobId ?? null };
  await startJob(CAMPAIGN_BUILD_KIND, params, { label: `Build list: ${campaign.name}`, id: jobId });
}

/**
 * After the status change committed: a start or reset builds, an end clears. A clear that cannot start
 * (the tenant's job slots full) leaves the list in place, listState as it was: the ended campaign is
 * out of the registry, so nothing dials it, and a delete clears it later.
 */
export async function afterListOperation(
  campaign: CampaignItem,
  operation: ListOperation,
  fields: ReturnType<typeof listFieldsOf>,
) {
  if (BUILDS.has(operation) && fields.buildJobId)
    await startBuild(campaign, operation as BuildParams["reason"], fields.buildJobId);
  else if (CLEARS.has(operation)) await startClear(campaign).catch(() => undefined);
}

/** After a delete committed: the list goes with the clear job. */
export async function afterCampaignDelete(campaign: CampaignItem) {
  await startClear(campaign).catch(() => undefined);
}
