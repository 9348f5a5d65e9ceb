import { withActor } from "../actor/index.ts";
import { VisibleError } from "../error/index.ts";
import { outsideRequest } from "../request/index.ts";
import type { JobItem } from "../store/entities.ts";
import type { JobQueue, JobRef } from "./port.ts";
import { activeSlots, claimJob, finishJob, LeaseLostError, readJob, releaseJob, renewJob } from "./store.ts";

/** What a kind's handler writes with a checkpoint: counts, how far, and where to resume (opaque to the runner). */
export interface JobCheckpoint {
  counters: Record<string, number>;
  progress?: { done: number; total?: number; unit: string };
  checkpoint?: unknown;
  reportKey?: string;
}

export interface JobContext {
  /** The job as claimed: its params, and the checkpoint and counters of a previous run to resume from. */
  job: JobItem;
  /** The params, parsed from the record. */
  params: unknown;
  /** The checkpoint a previous run wrote, parsed; undefined for a fresh start. */
  resumeFrom: unknown;
  /**
   * Persists counters, progress and checkpoint together and renews the lease. Throttled: at most one write
   * per `checkpointMs` unless `force`. Throws LeaseLostError when another worker took the job over.
   */
  checkpoint(state: JobCheckpoint, options?: { force?: boolean }): Promise<void>;
  /** A cancel was asked for (seen at the last checkpoint): stop, and return `{ state: "cancelled" }`. */
  cancelled(): boolean;
  /** The runner wants the job back (shutdown, a Lambda near its limit): checkpoint and return `{ state: "paused" }`. */
  stopping(): boolean;
}

export type JobOutcome =
  | {
      state: "done";
      counters: Record<string, number>;
      progress?: JobCheckpoint["progress"];
      message?: string;
      reportKey?: string;
    }
  | { state: "failed"; message: string; counters?: Record<string, number>; reportKey?: string }
  | { state: "cancelled"; counters?: Record<string, number>; reportKey?: string }
  | { state: "paused" };

export type JobHandler = (context: JobContext) => Promise<JobOutcome>;

/** Called once a job has ended (done, failed or cancelled): notices, such as the import's mail. */
export type JobFinished = (job: JobItem) => Promise<void>;

const kinds = new Map<string, { handler: JobHandler; finished?: JobFinished }>();

/** Registers the code of one kind of job; every worker (embedded runner, AWS worker) registers the same kinds. */
export function registerJobKind(kind: string, handler: JobHandler, options: { finished?: JobFinished } = {}) {
  kinds.set(kind, { handler, finished: options.finished });
}

export const isJobKind = (kind: string) => kinds.has(kind);

/** A job that kills its worker this many times is failed instead of being claimed again. */
export const MAX_ATTEMPTS = 5;

export interface RunnerOptions {
  /** Who this worker is; unique per process. */
  owner: string;
  /**
   * This instance's previous owners: a running job owned by one of them is dead for certain (the embedded
   * runtime's DATA_DIR is one process's at a time) and is taken over at once instead of after its lease.
   */
  reclaimable?: string;
  leaseMs?: number;
  checkpointMs?: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  log?: (event: string, detail: Record<string, unknown>) => void;
}

/**
 * Runs jobs: claims one, runs its kind's handler as the job's tenant (a system actor), renews the lease
 * with each checkpoint and on a heartbeat, and ends the job (freeing its slot) with the handler's outcome.
 * The embedded runtime keeps one for the process and feeds it through `enqueue` and `resume`; the AWS
 * worker makes one per invocation with a deadline.
 */
export class JobRunner implements JobQueue {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly checkpointMs: number;
  private readonly concurrency: number;
  private readonly waiting: JobRef[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;
  private deadline = Number.POSITIVE_INFINITY;

  constructor(private readonly options: RunnerOptions) {
    this.owner = options.owner;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.checkpointMs = options.checkpointMs ?? 1000;
    this.concurrency = options.concurrency ?? 2;
  }

  /** Hands a job to this runner: it runs when a place is free (the job stays queued meanwhile). */
  async enqueue(job: JobRef): Promise<void> {
    if (this.stopped) return;
    const key = `${job.tenant}/${job.id}`;
    if (this.running.has(key) || this.waiting.some((w) => `${w.tenant}/${w.id}` === key)) return;
    this.waiting.push(job);
    this.pump();
  }

  /** Enqueues every job with a slot: queued ones, and running ones whose worker is gone. */
  async resume(): Promise<number> {
    const slots = await activeSlots();
    for (const slot of slots) await this.enqueue({ tenant: slot.tenant, id: slot.jobId });
    return slots.length;
  }

  /** Runs one job to its end or until it pauses; answers how it ended (undefined: not claimed). */
  async runOne(ref: JobRef, options: { deadline?: number } = {}): Promise<JobOutcome["state"] | undefined> {
    if (options.deadline) this.deadline = options.deadline;
    return this.execute(ref);
  }

  /** Asks running jobs to pause at their next checkpoint and waits for them; queued ones stay queued. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.length = 0;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Waits until nothing runs or waits (tests, the AWS worker). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.waiting.length > 0)
      await Promise.allSettled([...this.running.values()]);
  }

  private pump() {
    while (!this.stopped && this.running.size < this.concurrency && this.waiting.length > 0) {
      const ref = this.waiting.shift() as JobRef;
      const key = `${ref.tenant}/${ref.id}`;
      const run = this.execute(ref)
        .catch((err: unknown) => this.log("job runner failed", { job: key, error: err }))
        .then(() => undefined)
        .finally(() => {
          this.running.delete(key);
          this.pump();
        });
      this.running.set(key, run);
    }
  }

  private log(event: string, detail: Record<string, unknown>) {
    this.options.log?.(event, detail);
  }

  private stoppingNow = () => this.stopped || Date.now() > this.deadline;

  /**
   * A job is background work even when the request that enqueued it started it: it leaves that request's
   * scope, so its store calls yield to the console's (local/src/store-gate.ts) and time no request.
   */
  private execute(ref: JobRef): Promise<JobOutcome["state"] | undefined> {
    return outsideRequest(() => this.executeAsJob(ref));
  }

  private async executeAsJob(ref: JobRef): Promise<JobOutcome["state"] | undefined> {
    return withActor({ type: "system", tenant: ref.tenant }, async () => {
      const job = await claimJob(ref.tenant, ref.id, {
        owner: this.owner,
        leaseMs: this.leaseMs,
        reclaimable: this.options.reclaimable,
      });
      if (!job) return undefined;
      const ends = (
        state: "failed" | "cancelled" | "done",
        extra: Partial<Parameters<typeof finishJob>[1]>,
      ) => finishJob(job, { state, owner: this.owner, ...extra });
      const kind = kinds.get(job.kind);
      if (!kind) {
        await ends("failed", { message: `No worker knows jobs of kind ${job.kind}.` });
        return "failed";
      }
      if (job.attempts > MAX_ATTEMPTS) {
        await ends("failed", {
          message: `The job stopped its worker ${MAX_ATTEMPTS} times and was given up; start it again.`,
        });
        await this.notify(kind.finished, ref);
        return "failed";
      }
      let cancel = job.cancelRequested === true;
      let lost = false;
      let last = 0;
      // The lease is renewed on a heartbeat too, so a slow step between checkpoints does not lose it.
      const heartbeat = setInterval(
        () => {
          renewJob(job, this.owner, { leaseMs: this.leaseMs })
            .then((j) => {
              cancel = cancel || j.cancelRequested === true;
            })
            .catch((err: unknown) => {
              if (err instanceof LeaseLostError) lost = true;
            });
        },
        Math.max(1000, Math.floor(this.leaseMs / 3)),
      );
      heartbeat.unref?.();
      const context: JobContext = {
        job,
        params: JSON.parse(job.params),
        resumeFrom: job.checkpoint ? JSON.parse(job.checkpoint) : undefined,
        cancelled: () => cancel,
        stopping: () => lost || this.stoppingNow(),
        checkpoint: async (state, options) => {
          if (lost) throw new LeaseLostError(job.id);
          const now = Date.now();
          if (!options?.force && now - last < this.checkpointMs) return;
          last = now;
          const written = await renewJob(job, this.owner, {
            leaseMs: this.leaseMs,
            counters: state.counters,
            progress: state.progress,
            checkpoint: state.checkpoint === undefined ? undefined : JSON.stringify(state.checkpoint),
            reportKey: state.reportKey,
          }).catch((err: unknown) => {
            if (err instanceof LeaseLostError) lost = true;
            throw err;
          });
          cancel = cancel || written.cancelRequested === true;
        },
      };
      let outcome: JobOutcome;
      try {
        outcome = await kind.handler(context);
      } catch (err) {
        if (err instanceof LeaseLostError) {
          this.log("job lease lost", { job: `${ref.tenant}/${ref.id}` });
          return undefined;
        }
        this.log("job failed", { job: `${ref.tenant}/${ref.id}`, kind: job.kind, error: err });
        outcome = {
          state: "failed",
          message:
            err instanceof VisibleError
              ? err.message
              : "The job stopped on an unexpected error (logged); start it again or contact support.",
        };
      } finally {
        clearInterval(heartbeat);
      }
      if (outcome.state === "paused") {
        await releaseJob(job, this.owner);
        return "paused";
      }
      const { state, ...rest } = outcome;
      const ended = await ends(state, rest);
      if (ended) await this.notify(kind.finished, ref);
      return ended ? state : undefined;
    });
  }

  private async notify(finished: JobFinished | undefined, ref: JobRef) {
    if (!finished) return;
    const job = await readJob(ref.tenant, ref.id);
    if (job)
      await finished(job).catch((err: unknown) =>
        this.log("job notice failed", { job: `${ref.tenant}/${ref.id}`, error: err }),
      );
  }
}
