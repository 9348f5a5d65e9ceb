import { openSearch } from "@reachcx/core/adapters/opensearch";
import type { DynamoDBStreamEvent } from "aws-lambda";
import { awsRegion, requiredEnv } from "../config.ts";
import { indexBatch } from "./batch.ts";

const search = openSearch({ url: requiredEnv("OPENSEARCH_URL"), region: awsRegion() });

/**
 * The table stream -> the search indexes, the same indexChanges the embedded runtime runs. Reports the
 * record it cannot read and throws on a failed write (see indexBatch): nothing is skipped silently, and
 * nothing blocks the shard for longer than its retries.
 */
export async function handler(event: DynamoDBStreamEvent) {
  return indexBatch(search, event);
}
