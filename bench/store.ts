import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, type BatchWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { createDynamoClient } from "../packages/core/src/store/client.ts";
import { createService, type StoreService } from "../packages/core/src/store/entities.ts";
import { startDynamo } from "../packages/local/src/dynamo.ts";
import { REGION } from "../packages/local/src/dynamo-key.ts";
import { ensureTable } from "../packages/local/src/table.ts";

/**
 * What every engine-level bench starts from: a fresh DynamoDB Local (in memory, or on disk under
 * `dataDir`) holding the console's table, and the Store over it. The caller stops `dynamo` when done.
 */
export async function benchStore(options: { dataDir?: string } = {}) {
  const dynamo = await startDynamo(options);
  const { endpoint, credentials } = dynamo;
  const raw = new DynamoDBClient({ endpoint, region: REGION, credentials });
  try {
    await ensureTable(raw, "reachcx");
  } finally {
    raw.destroy();
  }
  const store = createService(createDynamoClient({ table: "reachcx", endpoint, credentials }), "reachcx");
  return { dynamo, store };
}

/** Runs `run` over the items with at most `limit` at a time. */
export async function pool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The campaign build's baseline: raw BatchWriteItem of `count` CampaignContact-sized items (a list record
 * with its queue index keys, built by ElectroDB), 25 a request, `inFlight` requests at a time, in a tenant
 * of its own. Answers records/s.
 */
export async function listRecordRate(
  store: StoreService,
  count: number,
  inFlight: number,
  /** Another campaign's records for a second baseline in the same table (inserts, not overwrites). */
  campaignId = "base",
): Promise<number> {
  const now = new Date().toISOString();
  const batches: BatchWriteCommandInput[] = [];
  for (let from = 0; from < count; from += 500)
    batches.push(
      ...(store.entities.campaignContact
        .put(
          Array.from({ length: Math.min(500, count - from) }, (_, k) => ({
            tenant: "bench-baseline",
            campaignId,
            contactId: `base-${from + k}`,
            segmentId: "s",
            seq: from + k,
            status: "fresh" as const,
            queue: "voice#fresh#MT|08:00-21:00|CO",
            rank: String(from + k).padStart(12, "0"),
            windowClass: "MT|08:00-21:00|CO",
            readyAt: now,
            firstName: "Bench",
            lastName: "Person",
            phone: "3035550100",
            state: "CO",
            timeZone: "Mountain",
          })),
        )
        .params() as BatchWriteCommandInput[]),
    );
  const started = performance.now();
  await writeBatches(store, batches, inFlight);
  return count / ((performance.now() - started) / 1000);
}

/** Sends BatchWriteItem requests, `inFlight` at a time, each until nothing is left unprocessed. */
export async function writeBatches(store: StoreService, batches: BatchWriteCommandInput[], inFlight: number) {
  await pool(batches, inFlight, async (batch) => {
    let pending = batch.RequestItems;
    while (pending && Object.keys(pending).length > 0)
      pending = (await store.raw.client.send(new BatchWriteCommand({ RequestItems: pending })))
        .UnprocessedItems;
  });
}
