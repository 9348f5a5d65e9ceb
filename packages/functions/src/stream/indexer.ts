import { openSearch } from "@reachcx/core/adapters/opensearch";
import { indexChanges } from "@reachcx/core/search/indexer";
import type { DynamoDBStreamEvent } from "aws-lambda";
import { awsRegion, requiredEnv } from "../config.ts";
import { changeRecordsOf } from "./records.ts";

const search = openSearch({ url: requiredEnv("OPENSEARCH_URL"), region: awsRegion() });

/**
 * The table stream -> the search indexes, the same indexChanges the embedded runtime runs. A failure
 * throws, so Lambda retries the batch (bisecting it) instead of skipping records.
 */
export async function handler(event: DynamoDBStreamEvent) {
  await indexChanges(search, changeRecordsOf(event));
}
