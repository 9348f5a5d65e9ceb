import type { ChangeRecord } from "@reachcx/core/realtime/index";
import { indexChanges } from "@reachcx/core/search/indexer";
import type { Search } from "@reachcx/core/search/port";
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";
import { log } from "../log.ts";
import { changeRecordOf, describeRecord } from "./records.ts";

/**
 * One stream batch into the search indexes. Every record that can be read is indexed; one that cannot is
 * logged and reported as the batch's failure, so Lambda retries from it (the records after it are indexed
 * again, harmlessly) and, once its retries are spent, hands that stretch of the shard to the on-failure
 * destination and moves on (stacks/Search.ts). A failed index write throws: Lambda retries the batch,
 * bisecting it, until the failing record is alone and goes to the same destination.
 */
export async function indexBatch(search: Search, event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const records: ChangeRecord[] = [];
  let unreadable: string | undefined;
  for (const record of event.Records) {
    try {
      records.push(changeRecordOf(record));
    } catch (err) {
      log.error("stream record cannot be read; reported as failed", {
        ...describeRecord(record),
        error: (err as Error).message,
      });
      unreadable ??= record.dynamodb?.SequenceNumber;
    }
  }
  await indexChanges(search, records);
  return { batchItemFailures: unreadable ? [{ itemIdentifier: unreadable }] : [] };
}
