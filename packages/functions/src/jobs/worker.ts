import { readJobMessage } from "@reachcx/core/adapters/sqs-jobs";
import { useEnv } from "@reachcx/core/env";
import { registerJobKinds } from "@reachcx/core/job/kinds";
import { JobRunner } from "@reachcx/core/job/runner";
import type { Context, SQSEvent } from "aws-lambda";
import { buildAwsEnv } from "../env.ts";
import { log } from "../log.ts";

buildAwsEnv();
registerJobKinds();

/** Time kept back from the Lambda limit (15 minutes) to checkpoint, give the job back and re-enqueue it. */
export const RESERVE_MS = 90_000;

/**
 * The job worker (stacks/Jobs.ts): one SQS message names one job. The job runs until it ends or until the
 * invocation nears its time limit; then it is checkpointed, released and sent to the queue again, and the
 * next invocation resumes it from the checkpoint. A message for a job that has ended or that another
 * worker holds is dropped (the record is the truth). A failure of the worker itself fails the message,
 * which SQS redelivers and, after its receive count, moves to the dead-letter queue.
 */
export async function handler(event: SQSEvent, context: Context) {
  for (const record of event.Records) {
    const ref = readJobMessage(record.body);
    if (!ref) {
      log.warn("job queue: not a job message", { messageId: record.messageId });
      continue;
    }
    const runner = new JobRunner({
      owner: `lambda:${context.awsRequestId}`,
      concurrency: 1,
      log: (event, detail) => log.error(event, detail),
    });
    const deadline = Date.now() + context.getRemainingTimeInMillis() - RESERVE_MS;
    const ended = await runner.runOne(ref, { deadline });
    if (ended === "paused") await useEnv().jobs?.enqueue(ref);
  }
}
