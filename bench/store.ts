import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { createDynamoClient } from "../packages/core/src/store/client.ts";
import { createService } from "../packages/core/src/store/entities.ts";
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
