import { randomUUID } from "node:crypto";
import { useStore } from "../env.ts";
import { ThrottledError, VisibleError } from "../error/index.ts";
import type { JobItem, JobState } from "../store/entities.ts";

/**
 * The job record's writes, every one conditional: only the worker holding a job's lease changes its
 * progress or ends it, a job is claimed by one worker at a time, and a tenant holds at most
 * MAX_ACTIVE_JOBS queued or running jobs (their slots).
 */

/** Queued or running jobs a tenant may have at once; one more is refused with 429. */
export const MAX_ACTIVE_JOBS = 5;

export const tooManyJobsMessage = (limit = MAX_ACTIVE_JOBS) =>
  `Your organization already has ${limit} jobs queued or running. Wait for one to finish (see its progress in Jobs), then start this one again.`;

/** Failed or not, an error thrown by a conditional write whose condition did not hold. */
export const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed|TransactionCanceled/i.test(err.message) ||
    conditionFailed(err.cause));

/** The slots a tenant's queued or running jobs hold. */
async function tenantSlots(tenant: string) {
  const { data } = await useStore().entities.jobSlot.query.bySlot({}).begins({ tenant }).go({ pages: "all" });
  return data.filter((s) => s.tenant === tenant);
}

/**
 * Refuses (429) before any other work when the tenant's slots are all taken: a burst of starts is turned
 * away with one read each. createJob still decides, atomically; this only spares the losers' work.
 */
export async function assertJobRoom(tenant: string) {
  if ((await tenantSlots(tenant)).length >= MAX_ACTIVE_JOBS)
    throw new ThrottledError("job.too_many", tooManyJobsMessage(), 30);
}

/**
 * Creates a queued job in a free slot of its tenant, in one transaction with the slot: concurrent starts
 * race for the slots and the losers try the next one, so the limit holds however many arrive at once.
 */
export async function createJob(input: {
  tenant: string;
  kind: string;
  params: unknown;
  label?: string;
  createdBy: string;
  /** The job's id when the caller recorded it beforehand (a campaign names its build in its own write). */
  id?: string;
}): Promise<JobItem> {
  const store = useStore();
  const used = new Set((await tenantSlots(input.tenant)).map((s) => s.slot));
  const free = Array.from({ length: MAX_ACTIVE_JOBS }, (_, i) => i).filter((i) => !used.has(i));
  const id = input.id ?? randomUUID();
  // Starting at a different free slot per request spreads a burst over the slots instead of all racing for the first.
  const offset = free.length > 0 ? Math.floor(Math.random() * free.length) : 0;
  for (let i = 0; i < free.length; i++) {
    const slot = free[(offset + i) % free.length] as number;
    const result = await store.transaction
      .write(({ job, jobSlot }) => [
        jobSlot.create({ tenant: input.tenant, slot, jobId: id, kind: input.kind }).commit(),
        job
          .create({
            tenant: input.tenant,
            id,
            kind: input.kind,
            state: "queued",
            params: JSON.stringify(input.params ?? {}),
            slot,
            createdBy: input.createdBy,
            ...(input.label ? { label: input.label } : {}),
          })
          .commit(),
      ])
      .go()
      .catch((err: unknown) => {
        if (conditionFailed(err)) return { canceled: true as const };
        throw err;
      });
    if (result.canceled) continue;
    const { data } = await store.entities.job.get({ tenant: input.tenant, id }).go({ consistent: true });
    if (!data) throw new Error("A job created in a transaction could not be read back.");
    return data;
  }
  throw new ThrottledError("job.too_many", tooManyJobsMessage(), 30);
}

export async function readJob(tenant: string, id: string): Promise<JobItem | undefined> {
  const { data } = await useStore().entities.job.get({ tenant, id }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * Claims a job for `owner` until `now + leaseMs`: a queued job, or a running one whose lease ran out
 * or whose owner is `reclaimable` (this instance's previous run, dead for certain). Answers the job as
 * claimed, or undefined when another worker holds it or it has ended.
 */
export async function claimJob(
  tenant: string,
  id: string,
  claim: { owner: string; leaseMs: number; now?: number; reclaimable?: string },
): Promise<JobItem | undefined> {
  const now = claim.now ?? Date.now();
  const current = await readJob(tenant, id);
  if (!current || (current.state !== "queued" && current.state !== "running")) return undefined;
  try {
    const { data } = await useStore()
      .entities.job.patch({ tenant, id })
      .set({
        state: "running",
        owner: claim.owner,
        leaseExpiresAt: now + claim.leaseMs,
        ...(current.startedAt ? {} : { startedAt: new Date(now).toISOString() }),
      })
      .add({ attempts: 1 })
      .where(
        (attr, op) =>
          `${op.eq(attr.state, "queued")} OR (${op.eq(attr.state, "running")} AND (${op.notExists(attr.leaseExpiresAt)} OR ${op.lt(attr.leaseExpiresAt, now)}${
            claim.reclaimable ? ` OR ${op.begins(attr.owner, claim.reclaimable)}` : ""
          }))`,
      )
      .go({ response: "all_new" });
    return data as JobItem;
  } catch (err) {
    if (conditionFailed(err)) return undefined;
    throw err;
  }
}

export class LeaseLostError extends Error {
  constructor(id: string) {
    super(`Job ${id} is no longer held by this worker.`);
    this.name = "LeaseLostError";
  }
}

/**
 * Writes progress and extends the lease, on condition that `owner` still holds the job: counters,
 * progress and checkpoint change together, so a restart resumes from a checkpoint whose counts match it.
 * Answers the job as written (its cancelRequested flag included).
 */
export async function renewJob(
  job: { tenant: string; id: string },
  owner: string,
  update: {
    leaseMs: number;
    counters?: Record<string, number>;
    progress?: { done: number; total?: number; unit: string };
    checkpoint?: string;
    reportKey?: string;
  },
): Promise<JobItem> {
  try {
    const { data } = await useStore()
      .entities.job.patch({ tenant: job.tenant, id: job.id })
      .set({
        leaseExpiresAt: Date.now() + update.leaseMs,
        ...(update.counters ? { counters: update.counters } : {}),
        ...(update.progress ? { progress: update.progress } : {}),
        ...(update.checkpoint !== undefined ? { checkpoint: update.checkpoint } : {}),
        ...(update.reportKey ? { reportKey: update.reportKey } : {}),
      })
      .where((attr, op) => `${op.eq(attr.owner, owner)} AND ${op.eq(attr.state, "running")}`)
      .go({ response: "all_new" });
    return data as JobItem;
  } catch (err) {
    if (conditionFailed(err)) throw new LeaseLostError(job.id);
    throw err;
  }
}

/** Gives a running job back without ending it (a worker shutting down, a Lambda near its time limit). */
export async function releaseJob(job: { tenant: string; id: string }, owner: string) {
  await useStore()
    .entities.job.patch({ tenant: job.tenant, id: job.id })
    .set({ leaseExpiresAt: 0 })
    .where((attr, op) => `${op.eq(attr.owner, owner)} AND ${op.eq(attr.state, "running")}`)
    .go()
    .catch((err: unknown) => {
      if (!conditionFailed(err)) throw err;
    });
}

/**
 * Ends a job and frees its slot in one transaction. With `owner`, only while that worker holds it;
 * without (a cancel of a queued job), only from the states in `from`.
 */
export async function finishJob(
  job: { tenant: string; id: string; slot: number },
  end: {
    state: Extract<JobState, "done" | "failed" | "cancelled">;
    owner?: string;
    from?: JobState[];
    message?: string;
    counters?: Record<string, number>;
    progress?: { done: number; total?: number; unit: string };
    reportKey?: string;
  },
): Promise<boolean> {
  const result = await useStore()
    .transaction.write(({ job: jobs, jobSlot }) => [
      jobs
        .patch({ tenant: job.tenant, id: job.id })
        .set({
          state: end.state,
          finishedAt: new Date().toISOString(),
          ...(end.message ? { message: end.message.slice(0, 2000) } : {}),
          ...(end.counters ? { counters: end.counters } : {}),
          ...(end.progress ? { progress: end.progress } : {}),
          ...(end.reportKey ? { reportKey: end.reportKey } : {}),
        })
        .remove(["owner", "leaseExpiresAt"])
        .where((attr, op) =>
          end.owner
            ? `${op.eq(attr.owner, end.owner)} AND ${op.eq(attr.state, "running")}`
            : (end.from ?? ["queued"]).map((s) => op.eq(attr.state, s)).join(" OR "),
        )
        .commit(),
      jobSlot.delete({ tenant: job.tenant, slot: job.slot }).commit(),
    ])
    .go()
    .catch((err: unknown) => {
      if (conditionFailed(err)) return { canceled: true as const };
      throw err;
    });
  return !result.canceled;
}

/** Asks a running job to stop: its worker sees the flag at its next checkpoint. */
export async function requestCancel(job: { tenant: string; id: string }): Promise<boolean> {
  try {
    await useStore()
      .entities.job.patch({ tenant: job.tenant, id: job.id })
      .set({ cancelRequested: true })
      .where((attr, op) => op.eq(attr.state, "running"))
      .go();
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
}

/** Every slot in use, across tenants: the jobs a worker starting up may have to resume. */
export async function activeSlots() {
  const { data } = await useStore().entities.jobSlot.query.bySlot({}).go({ pages: "all" });
  return data;
}

export const jobNotFound = (id: string) =>
  new VisibleError("not_found", "job.not_found", `Job ${id} does not exist.`);
