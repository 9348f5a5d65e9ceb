import * as v from "valibot";
import { PageQuery, pageOf } from "../paging.ts";
import { JOB_STATES } from "../store/entities/job.ts";

/**
 * The jobs API's answers and parameters (GET /api/jobs, GET /api/jobs/{id}, POST /api/jobs/{id}/cancel,
 * GET /api/jobs/{id}/report). A job is answered without its worker's bookkeeping (lease, checkpoint).
 */

const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** How far a job is, in its kind's unit: a progress bar is done / total, an ETA follows from the rate. */
export const JobProgress = v.strictObject({
  done: v.number(),
  total: v.nullable(v.number()),
  unit: v.string(),
});
export type JobProgress = v.InferOutput<typeof JobProgress>;

export const Job = v.strictObject({
  id: v.string(),
  kind: v.string(),
  state: v.picklist(JOB_STATES),
  label: v.nullable(v.string()),
  /** The kind's counts; an import's are read, imported, updated and rejected. */
  counters: v.record(v.string(), v.number()),
  progress: v.nullable(JobProgress),
  /** Why it failed, or the kind's closing remark. */
  message: v.nullable(v.string()),
  /** A cancel was asked for and the job has not stopped yet. */
  cancelRequested: v.boolean(),
  /** Whether GET /api/jobs/{id}/report has a report to link to. */
  hasReport: v.boolean(),
  createdBy: v.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  startedAt: v.nullable(timestamp),
  finishedAt: v.nullable(timestamp),
});
export type Job = v.InferOutput<typeof Job>;

export const JobPage = pageOf(Job);
export const JobListQuery = PageQuery;
export const JobIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

/** A link that downloads a job's report for a few minutes. */
export const JobReportLink = v.strictObject({
  url: v.string(),
  fileName: v.string(),
  expiresAt: timestamp,
});
export type JobReportLink = v.InferOutput<typeof JobReportLink>;
