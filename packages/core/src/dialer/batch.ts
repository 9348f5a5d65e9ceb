import { BatchWriteCommand, type BatchWriteCommandInput, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { useStore } from "../env.ts";

/**
 * The list manager's bulk writes (docs/dialer.md): BatchWriteItem requests of 25, a few in flight, what a
 * call leaves unprocessed sent again with growing pauses (the import's way, core/import/write.ts), and
 * the raw partition reads a clear walks. ElectroDB builds the items; these send them.
 */

/** BatchWriteItem calls in flight. */
const WRITE_CONCURRENCY = 4;
const ATTEMPTS = 8;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `run` over `items`, at most `limit` at a time. */
export async function pool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Sends ElectroDB's batch parameters (`entity.put([...]).params()`, `.delete([...]).params()`). */
export async function sendBatches(batches: readonly BatchWriteCommandInput[]) {
  const { client } = useStore().raw;
  await pool(batches, WRITE_CONCURRENCY, async (batch) => {
    let pending: BatchWriteCommandInput["RequestItems"] = batch.RequestItems;
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
      if (attempt === ATTEMPTS) throw new Error("dialer: items left unwritten after retries");
      if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 5000) * (0.5 + Math.random() / 2));
      const answer = await client.send(new BatchWriteCommand({ RequestItems: pending }));
      pending = answer.UnprocessedItems;
    }
  });
}

/** Deletes items by their table keys, 25 a call. */
export async function deleteKeys(keys: readonly { pk: string; sk: string }[]) {
  const { table } = useStore().raw;
  const batches: BatchWriteCommandInput[] = [];
  for (let i = 0; i < keys.length; i += 25)
    batches.push({
      RequestItems: { [table]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) },
    });
  await sendBatches(batches);
}

/** One page of the items of a table partition (every entity in it): the clear walks a campaign's list so. */
export async function partitionPage(pk: string, options: { limit: number; start?: Record<string, unknown> }) {
  const { client, table } = useStore().raw;
  const answer = await client.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": "pk" },
      ExpressionAttributeValues: { ":pk": pk },
      Limit: options.limit,
      ...(options.start ? { ExclusiveStartKey: options.start } : {}),
    }),
  );
  return {
    items: (answer.Items ?? []) as ({ pk: string; sk: string } & Record<string, unknown>)[],
    next: answer.LastEvaluatedKey,
  };
}
