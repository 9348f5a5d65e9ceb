import { useActor, useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { DEFAULT_LIMIT, type Page, type PageQuery, storePage } from "../paging.ts";
import type { JobItem } from "../store/entities.ts";
import type { Job, JobReportLink } from "./api.ts";
import { createJob, finishJob, jobNotFound, readJob, requestCancel } from "./store.ts";

export * from "./api.ts";
export type { JobQueue, JobRef } from "./port.ts";
export { assertJobRoom, MAX_ACTIVE_JOBS, tooManyJobsMessage } from "./store.ts";

/** A job as the API answers it: no lease, owner, checkpoint or params. */
export function toJob(item: JobItem): Job {
  return {
    id: item.id,
    kind: item.kind,
    state: item.state,
    label: item.label ?? null,
    counters: item.counters ?? {},
    progress: item.progress
      ? { done: item.progress.done, total: item.progress.total ?? null, unit: item.progress.unit }
      : null,
    message: item.message ?? null,
    cancelRequested: item.cancelRequested === true && item.state === "running",
    hasReport: Boolean(item.reportKey),
    createdBy: item.createdBy,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    startedAt: item.startedAt ?? null,
    finishedAt: item.finishedAt ?? null,
  };
}

/**
 * Starts a job of `kind` for the caller's tenant: the record is written queued (with its slot, so the
 * tenant's limit holds) and handed to the Jobs port; the caller gets it back at once, never waiting for
 * the work. 429 when the tenant already has MAX_ACTIVE_JOBS queued or running. `id` names the job when
 * the caller wrote it down first (a fresh uuid; a taken one is never overwritten: the create is
 * conditional).
 */
export async function startJob(
  kind: string,
  params: unknown,
  options: { label?: string; id?: string } = {},
): Promise<Job> {
  const tenant = useTenant();
  const actor = useActor();
  const item = await createJob({
    tenant,
    kind,
    params,
    label: options.label,
    id: options.id,
    createdBy: actor.type === "user" ? actor.email : "system",
  });
  const queue = useEnv().jobs;
  if (!queue) throw new Error("This process has no job queue (Env.jobs).");
  try {
    await queue.enqueue({ tenant, id: item.id });
  } catch (err) {
    // A job no worker will ever hear of must not hold a slot: it ends failed, and the caller gets the error.
    await finishJob(item, {
      state: "failed",
      from: ["queued"],
      message: "The job could not be handed to a worker. Start it again.",
    });
    throw err;
  }
  return toJob(item);
}

/** The tenant's jobs, newest first, a page at a time. */
export async function listJobs(page: PageQuery): Promise<Page<Job>> {
  const tenant = useTenant();
  const { data, cursor } = await storePage(`jobs:${tenant}`, page.cursor, (cursor) =>
    useStore()
      .entities.job.query.byCreated({ tenant })
      .go({ order: "desc", cursor, limit: page.limit ?? DEFAULT_LIMIT }),
  );
  return { items: data.map(toJob), nextCursor: cursor ?? null };
}

async function tenantJob(id: string): Promise<JobItem> {
  const job = await readJob(useTenant(), id);
  if (!job) throw jobNotFound(id);
  return job;
}

export async function getJob(id: string): Promise<Job> {
  return toJob(await tenantJob(id));
}

export const JOB_FINISHED_MESSAGE = "This job has already finished.";

/**
 * Cancels a job: a queued one ends at once (its slot freed); a running one is asked to stop and ends at
 * its next checkpoint, keeping what it has done (an import's rows so far stay imported). 409 once ended.
 */
export async function cancelJob(id: string): Promise<Job> {
  const job = await tenantJob(id);
  if (job.state === "queued") {
    if (
      await finishJob(job, { state: "cancelled", from: ["queued"], message: "Cancelled before it started." })
    )
      return getJob(id);
    return cancelJob(id);
  }
  if (job.state === "running") {
    if (await requestCancel(job)) return getJob(id);
    return cancelJob(id);
  }
  throw new VisibleError("conflict", "job.finished", JOB_FINISHED_MESSAGE);
}

/** How long a report link works. */
export const REPORT_LINK_SECONDS = 300;

/** A link to the job's report, valid for REPORT_LINK_SECONDS; 404 when it has none. */
export async function jobReportLink(id: string): Promise<JobReportLink> {
  const job = await tenantJob(id);
  if (!job.reportKey) throw new VisibleError("not_found", "job.no_report", "This job has no report (yet).");
  const fileName = `${job.kind}-${job.id.slice(0, 8)}-report.csv`;
  const url = await useEnv().blobs.downloadLink(job.reportKey, REPORT_LINK_SECONDS, { fileName });
  return { url, fileName, expiresAt: new Date(Date.now() + REPORT_LINK_SECONDS * 1000).toISOString() };
}
