import { setTimeout as sleep } from "node:timers/promises";
import type { BatchWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { useStore } from "../env.ts";
import type { JobContext, JobOutcome } from "../job/runner.ts";
import { registerJobKind } from "../job/runner.ts";
import { conditionFailed, finishJob, readJob, requestCancel } from "../job/store.ts";
import { entityOf } from "../store/image.ts";
import { deleteKeys, partitionPage, pool, sendBatches } from "./batch.ts";
import { settleBlocks } from "./block.ts";
import { HOUR_KINDS } from "./model.ts";

/**
 * Clearing a campaign's list (docs/dialer.md): its CampaignContact, CampaignCounter, DispenseBatch and
 * CampaignPhone items (one table partition, walked and deleted 25 a BatchWriteItem), its CampaignHour
 * buckets (a partition per segment and kind), and the pacing holds of its contacts still in the dialer
 * (a ContactPace's `busy` is cleared only where it is this campaign's claim). A reset clears this way and
 * keeps the campaign's days (the 30-day abandon rate goes on); an end or a delete clears everything, as
 * the `campaignClear` job. It first waits for the block claims in flight to be written (block.ts).
 */

export const CAMPAIGN_CLEAR_KIND = "campaignClear";

export interface ClearParams {
  campaignId: string;
  /** The campaign's segments (its hour buckets): the record may be deleted already. */
  segmentIds: string[];
  /** The build job that may still be writing the list: it is stopped first. */
  buildJobId?: string | null;
}

/** Items read (and deleted) a round. */
const CLEAR_PAGE = 1000;
const RELEASE_CONCURRENCY = 8;

/** The table partition holding a campaign's list (the key CampaignContact shares with its siblings). */
function listPartition(tenant: string, campaignId: string): string {
  const params = useStore().entities.campaignContact.query.byCampaign({ tenant, campaignId }).params() as {
    ExpressionAttributeValues: Record<string, string>;
  };
  return params.ExpressionAttributeValues[":pk"] as string;
}

/** Frees the pacing hold a claim of this campaign has on a contact (another campaign's stays). */
async function release(tenant: string, contactId: string, claim: string) {
  await useStore()
    .entities.contactPace.patch({ tenant, contactId })
    .remove(["busy", "busyUntil"])
    .where((a, op) => op.begins(a.busy, claim))
    .go()
    .catch((err: unknown) => {
      if (!conditionFailed(err)) throw err;
    });
}

/** Deletes a segment's hour buckets of both kinds. */
async function clearHours(tenant: string, campaignId: string, segmentId: string) {
  const store = useStore();
  for (const kind of HOUR_KINDS) {
    const { data } = await store.entities.campaignHour.query
      .bySegment({ tenant, campaignId, segmentId, kind })
      .go({ pages: "all" });
    if (data.length === 0) continue;
    await sendBatches(
      store.entities.campaignHour
        .delete(data.map((h) => ({ tenant, campaignId, segmentId, kind, hour: h.hour })))
        .params() as BatchWriteCommandInput[],
    );
  }
}

/**
 * Clears the campaign's list; answers how many items were deleted and holds released. Idempotent: a
 * run stopped halfway and started again finds only what is left.
 */
export async function clearList(
  key: { tenant: string; campaignId: string },
  segmentIds: readonly string[],
  options: { keepDays: boolean; progress?: (counts: { removed: number; released: number }) => Promise<void> },
) {
  const { tenant, campaignId } = key;
  const pk = listPartition(tenant, campaignId);
  const counts = { removed: 0, released: 0 };
  await settleBlocks(key);
  let start: Record<string, unknown> | undefined;
  do {
    const page = await partitionPage(pk, { limit: CLEAR_PAGE, start });
    const doomed = page.items.filter((item) => !(options.keepDays && entityOf(item) === "campaignDay"));
    const held = doomed.filter(
      (item) => entityOf(item) === "campaignContact" && item.status === "inDialer" && item.claim,
    );
    await pool(held, RELEASE_CONCURRENCY, (item) =>
      release(tenant, item.contactId as string, item.claim as string),
    );
    await deleteKeys(doomed.map(({ pk, sk }) => ({ pk, sk })));
    counts.removed += doomed.length;
    counts.released += held.length;
    await options.progress?.(counts);
    start = page.next;
  } while (start);
  for (const segmentId of segmentIds) await clearHours(tenant, campaignId, segmentId);
  return counts;
}

/** Stops the build that may still be writing the list, and waits for it to end (at its next page). */
export async function stopBuild(context: JobContext, buildJobId: string) {
  const { tenant } = context.job;
  for (;;) {
    const job = await readJob(tenant, buildJobId);
    if (!job || (job.state !== "queued" && job.state !== "running")) return;
    if (context.stopping()) return;
    if (job.state === "queued")
      await finishJob(job, {
        state: "cancelled",
        from: ["queued"],
        message: "The campaign's list was cleared.",
      });
    else if (!job.cancelRequested) await requestCancel(job);
    await sleep(500);
  }
}

/** The job: stop the build, clear the list, and mark the campaign's list cleared (when it still exists). */
async function runClear(context: JobContext): Promise<JobOutcome> {
  const { campaignId, segmentIds, buildJobId } = context.params as ClearParams;
  const { tenant } = context.job;
  if (buildJobId) await stopBuild(context, buildJobId);
  if (context.stopping()) return { state: "paused" };
  const counts = await clearList({ tenant, campaignId }, segmentIds, {
    keepDays: false,
    progress: (c) => context.checkpoint({ counters: { ...c } }),
  });
  await useStore()
    .entities.campaign.patch({ tenant, id: campaignId })
    .set({ listState: "cleared" })
    .go()
    .catch((err: unknown) => {
      if (!conditionFailed(err)) throw err;
    });
  return { state: "done", counters: { ...counts } };
}

export function registerCampaignClearJob() {
  registerJobKind(CAMPAIGN_CLEAR_KIND, runClear);
}
