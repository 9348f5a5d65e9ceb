import { unmarshall } from "@aws-sdk/util-dynamodb";
import { openSearch } from "@reachcx/core/adapters/opensearch";
import type { ChangeRecord } from "@reachcx/core/realtime/index";
import { indexChanges } from "@reachcx/core/search/indexer";
import type { DynamoDBStreamEvent } from "aws-lambda";

const url = process.env.OPENSEARCH_URL;
if (!url) throw new Error("OPENSEARCH_URL is not set (stacks/Search.ts).");
const search = openSearch({ url, region: process.env.AWS_REGION ?? "us-east-1" });

/**
 * The table stream -> the search indexes, the same indexChanges the embedded runtime runs. A failure
 * throws, so Lambda retries the batch (bisecting it) instead of skipping records.
 */
export async function handler(event: DynamoDBStreamEvent) {
  const records: ChangeRecord[] = event.Records.map((record) => ({
    eventName: record.eventName as ChangeRecord["eventName"],
    newImage: record.dynamodb?.NewImage ? unmarshall(record.dynamodb.NewImage as never) : undefined,
    oldImage: record.dynamodb?.OldImage ? unmarshall(record.dynamodb.OldImage as never) : undefined,
  }));
  await indexChanges(search, records);
}
