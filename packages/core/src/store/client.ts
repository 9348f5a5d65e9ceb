import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/** DynamoDB Local keeps one database per access key id, so the key id is what admits a client. */
export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StoreConfig {
  table: string;
  /** DynamoDB Local's URL in embedded mode; unset on AWS. */
  endpoint?: string;
  /** The embedded instance's own credentials; required with an endpoint. */
  credentials?: LocalCredentials;
  region?: string;
}

export function createDynamoClient(config: StoreConfig): DynamoDBDocumentClient {
  const options: DynamoDBClientConfig = { region: config.region ?? "us-east-1" };
  if (config.endpoint) {
    // Never fall back to the default chain here: that would send real AWS credentials to DynamoDB Local.
    if (!config.credentials)
      throw new Error(`No credentials given for DynamoDB Local at ${config.endpoint}.`);
    options.endpoint = config.endpoint;
    options.credentials = config.credentials;
  }
  return DynamoDBDocumentClient.from(new DynamoDBClient(options), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}
