import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export interface StoreConfig {
  table: string;
  /** DynamoDB Local's URL in embedded mode; unset on AWS. */
  endpoint?: string;
  region?: string;
}

export function createDynamoClient(config: StoreConfig): DynamoDBDocumentClient {
  const options: DynamoDBClientConfig = { region: config.region ?? "us-east-1" };
  if (config.endpoint) {
    options.endpoint = config.endpoint;
    // DynamoDB Local accepts any credentials; never read real ones for it.
    options.credentials = { accessKeyId: "local", secretAccessKey: "local" };
  }
  return DynamoDBDocumentClient.from(new DynamoDBClient(options), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}
