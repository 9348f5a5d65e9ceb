import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { phase } from "../request/index.ts";

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
  const client = new DynamoDBClient(options);
  // The SDK's logger middleware copies every request and answer through its sensitive-data filter before
  // it calls the logger, even the default one that logs nothing: a copy of every item written or read, a
  // tenth of an import's CPU with the garbage it makes. Nothing here logs SDK calls.
  client.middlewareStack.remove("loggerMiddleware");
  // An API request's store calls add their time, retries and any wait for the connection included, to
  // its "store" phase (the Server-Timing header). First in the stack, so an embedded gate's wait counts.
  client.middlewareStack.add((next) => (args) => phase("store", () => next(args)), {
    step: "initialize",
    priority: "high",
    name: "storePhase",
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}
