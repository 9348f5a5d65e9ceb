import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb";
import { GSI_NAMES, gsiKeys, STREAM_VIEW, TABLE_KEYS } from "@reachcx/core/store/table";

/** Creates the single table with its GSIs and stream when it is missing; returns its stream ARN. */
export async function ensureTable(client: DynamoDBClient, table: string): Promise<string> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
    if (Table?.LatestStreamArn) return Table.LatestStreamArn;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  const attributes = [
    TABLE_KEYS.partitionKey,
    TABLE_KEYS.sortKey,
    ...GSI_NAMES.flatMap((g) => Object.values(gsiKeys(g))),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: table,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: "S" })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: "HASH" },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: GSI_NAMES.map((name) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: gsiKeys(name).partitionKey, KeyType: "HASH" },
          { AttributeName: gsiKeys(name).sortKey, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: STREAM_VIEW },
    }),
  );
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
  if (!Table?.LatestStreamArn) throw new Error("The table was created without a stream.");
  return Table.LatestStreamArn;
}
