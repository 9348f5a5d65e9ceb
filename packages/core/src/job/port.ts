/** Names one job: what a queue message carries (never the job's contents, which stay in the Store). */
export interface JobRef {
  tenant: string;
  id: string;
}

/**
 * The Jobs port: hands a job to a worker. AWS: a message on the job queue, read by the worker Lambda
 * (adapters/sqs-jobs.ts, stacks/Jobs.ts); embedded: the in-process runner (job/runner.ts), which also
 * picks up, at start, every job whose lease ran out. Either way the job record in the Store is the truth:
 * a message for a job that is finished, cancelled or held by a live lease is dropped by the worker.
 */
export interface JobQueue {
  enqueue(job: JobRef, options?: { delaySeconds?: number }): Promise<void>;
}
