import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import type { JobQueue, JobRef } from "../job/port.ts";

/** What the adapter needs of an SQS client (a stub in test/conformance/jobs-queue.test.ts). */
export interface SqsSender {
  send(command: SendMessageCommand): Promise<unknown>;
}

/** The message body: the job's reference only; the record in the table is the truth. */
export const jobMessage = (job: JobRef) => JSON.stringify({ tenant: job.tenant, id: job.id });

/** Reads a queue message back; undefined for anything that is not one (dropped by the worker). */
export function readJobMessage(body: string): JobRef | undefined {
  try {
    const value = JSON.parse(body) as Partial<JobRef>;
    if (typeof value.tenant === "string" && typeof value.id === "string" && value.tenant && value.id)
      return { tenant: value.tenant, id: value.id };
  } catch {
    // not a job message
  }
  return undefined;
}

/** The Jobs port on the job queue (stacks/Jobs.ts): one message per job to run or to go on with. */
export function sqsJobs(options: { queueUrl: string; region?: string; client?: SqsSender }): JobQueue {
  const client: SqsSender = options.client ?? new SQSClient({ region: options.region });
  return {
    async enqueue(job, enqueue) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: options.queueUrl,
          MessageBody: jobMessage(job),
          ...(enqueue?.delaySeconds ? { DelaySeconds: Math.min(900, enqueue.delaySeconds) } : {}),
        }),
      );
    },
  };
}
