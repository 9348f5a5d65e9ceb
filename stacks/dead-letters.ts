import { Duration, type Stack } from "aws-cdk-lib";
import { SqsDlq } from "aws-cdk-lib/aws-lambda-event-sources";
import * as sqs from "aws-cdk-lib/aws-sqs";

/**
 * Where a stream consumer sends a stretch of the shard once its retries are spent (a record it cannot
 * read or handle): shard id and sequence numbers, enough to read the records again while the stream keeps
 * them, so one bad record never blocks the shard for every tenant.
 */
export function streamDeadLetters(stack: Stack, id: string) {
  const queue = new sqs.Queue(stack, id, {
    retentionPeriod: Duration.days(14),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  return { queue, destination: new SqsDlq(queue) };
}
