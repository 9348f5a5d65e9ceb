import { BlockPublicAccess, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { Bucket, type StackContext, Table } from "sst/constructs";
import { GSI_NAMES, gsiKeys, TABLE_KEYS } from "../packages/core/src/store/table.ts";

/** The single table (ElectroDB service) with its stream, and the private blob bucket. */
export function Storage({ stack }: StackContext) {
  const keyFields = [
    TABLE_KEYS.partitionKey,
    TABLE_KEYS.sortKey,
    ...GSI_NAMES.flatMap((g) => Object.values(gsiKeys(g))),
  ];
  const table = new Table(stack, "Table", {
    fields: Object.fromEntries(keyFields.map((f) => [f, "string" as const])),
    primaryIndex: { partitionKey: TABLE_KEYS.partitionKey, sortKey: TABLE_KEYS.sortKey },
    globalIndexes: Object.fromEntries(
      GSI_NAMES.map((name) => [
        name,
        { partitionKey: gsiKeys(name).partitionKey, sortKey: gsiKeys(name).sortKey },
      ]),
    ),
    stream: "new_and_old_images",
    // Realtime connections carry expiresAt (epoch seconds); DynamoDB deletes them a day after connect.
    timeToLiveAttribute: "expiresAt",
    cdk: { table: { pointInTimeRecovery: true } },
  });
  const bucket = new Bucket(stack, "Blobs", {
    cdk: {
      bucket: {
        enforceSSL: true,
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        encryption: BucketEncryption.S3_MANAGED,
      },
    },
  });
  return { table, bucket };
}
