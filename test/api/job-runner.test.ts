import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { withActor } from "../../packages/core/src/actor/index.ts";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { cancelJob, getJob, listJobs, startJob } from "../../packages/core/src/job/index.ts";
import { type JobContext, JobRunner, registerJobKind } from "../../packages/core/src/job/runner.ts";
import { MAX_ACTIVE_JOBS, readJob } from "../../packages/core/src/job/store.ts";
import { testStore } from "../support/api.ts";

/**
 * The job model against the run's Store, with kinds made for the test: claims, leases, checkpoints,
 * cancel, the per-tenant limit, resume after a worker dies. The import job's own behaviour is
 * test/api/import.test.ts; the runtime's resume after kill -9 is test/api/import-resume.test.ts.
 */

let runner: JobRunner;
const runners: JobRunner[] = [];
const tenant = () => `jr-${randomUUID().slice(0, 8)}`;
const asUser = <T>(t: string, fn: () => Promise<T>) =>
  withActor(
    {
      type: "user",
      tenant: t,
      userId: "u1",
      email: "ops@jobs.example",
      name: "Ops",
      company: "Jobs",
      tenantRole: "Admin",
      securityRights: "1|1|1|1",
    },
    fn,
  );

/** A kind counting to `n`, a step per call, checkpointing each; it resumes from its checkpoint. */
const steps: { id: string; at: number }[] = [];
let gate: Promise<void> = Promise.resolve();
registerJobKind("test.count", async (ctx: JobContext) => {
  const { n } = ctx.params as { n: number };
  let at = (ctx.resumeFrom as { at: number } | undefined)?.at ?? 0;
  while (at < n) {
    await gate;
    if (ctx.cancelled()) return { state: "cancelled", counters: { counted: at } };
    if (ctx.stopping()) {
      await ctx.checkpoint({ counters: { counted: at }, checkpoint: { at } }, { force: true });
      return { state: "paused" };
    }
    at++;
    steps.push({ id: ctx.job.id, at });
    await ctx.checkpoint(
      { counters: { counted: at }, progress: { done: at, total: n, unit: "steps" }, checkpoint: { at } },
      { force: true },
    );
  }
  return { state: "done", counters: { counted: at }, progress: { done: at, total: n, unit: "steps" } };
});
registerJobKind("test.fail", async () => {
  throw new Error("secret internals");
});

const newRunner = (
  owner = `test:${randomUUID()}`,
  extra: Partial<ConstructorParameters<typeof JobRunner>[0]> = {},
) => {
  const r = new JobRunner({ owner, leaseMs: 2000, checkpointMs: 0, ...extra });
  runners.push(r);
  return r;
};

beforeAll(async () => {
  const store = await testStore();
  runner = newRunner();
  provideEnv({ mode: "embedded", store, jobs: runner } as unknown as Env);
});

afterEach(async () => {
  gate = Promise.resolve();
  for (const r of runners.splice(1)) await r.stop();
});

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("the job runner", () => {
  it("starts a job queued, runs it to done with its counters and progress, and frees its slot", async () => {
    const t = tenant();
    const started = await asUser(t, () => startJob("test.count", { n: 3 }, { label: "three" }));
    expect(started).toMatchObject({ kind: "test.count", label: "three", createdBy: "ops@jobs.example" });
    expect(["queued", "running"]).toContain(started.state);
    await until(async () => (await readJob(t, started.id))?.state === "done");
    const job = await asUser(t, () => getJob(started.id));
    expect(job).toMatchObject({
      state: "done",
      counters: { counted: 3 },
      progress: { done: 3, total: 3, unit: "steps" },
      message: null,
      cancelRequested: false,
      hasReport: false,
    });
    expect(job.startedAt).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();
    const store = await testStore();
    const slots = await store.entities.jobSlot.query.bySlot({}).begins({ tenant: t }).go();
    expect(slots.data).toEqual([]);
    const { items } = await asUser(t, () => listJobs({}));
    expect(items.map((j) => j.id)).toEqual([started.id]);
  });

  it("ends a job it could not hand to a worker, freeing its slot, and passes the error on", async () => {
    const t = tenant();
    const store = await testStore();
    provideEnv({
      mode: "embedded",
      store,
      jobs: {
        enqueue: async () => {
          throw new Error("queue down");
        },
      },
    } as unknown as Env);
    try {
      await expect(asUser(t, () => startJob("test.count", { n: 1 }))).rejects.toThrow("queue down");
    } finally {
      provideEnv({ mode: "embedded", store, jobs: runner } as unknown as Env);
    }
    const { items } = await asUser(t, () => listJobs({}));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      state: "failed",
      message: "The job could not be handed to a worker. Start it again.",
    });
    const slots = await store.entities.jobSlot.query.bySlot({}).begins({ tenant: t }).go();
    expect(slots.data).toEqual([]);
  });

  it("fails a job whose handler throws, with a message that tells nothing of the error", async () => {
    const t = tenant();
    const started = await asUser(t, () => startJob("test.fail", {}));
    await until(async () => (await readJob(t, started.id))?.state === "failed");
    const job = await asUser(t, () => getJob(started.id));
    expect(job.message).toMatch(/unexpected error/);
    expect(job.message).not.toContain("secret");
  });

  it("refuses the start past the tenant's limit of queued or running jobs, however many arrive at once", async () => {
    const t = tenant();
    let release!: () => void;
    gate = new Promise((r) => {
      release = r;
    });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => asUser(t, () => startJob("test.count", { n: 1 }))),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(ok).toHaveLength(MAX_ACTIVE_JOBS);
    expect(refused).toHaveLength(40 - MAX_ACTIVE_JOBS);
    for (const r of refused) expect(r.reason).toMatchObject({ kind: "too_many", code: "job.too_many" });
    release();
    await until(async () => {
      const { items } = await asUser(t, () => listJobs({ limit: 50 }));
      return items.length === MAX_ACTIVE_JOBS && items.every((j) => j.state === "done");
    });
    // The slots are free again: a new job starts.
    await expect(asUser(t, () => startJob("test.count", { n: 1 }))).resolves.toBeDefined();
  });

  it("cancels a queued job at once and a running one at its next checkpoint; a finished one is 409", async () => {
    const t = tenant();
    let release!: () => void;
    gate = new Promise((r) => {
      release = r;
    });
    const a = await asUser(t, () => startJob("test.count", { n: 1000 }));
    await until(async () => (await readJob(t, a.id))?.state === "running");
    // A second runner-less job stays queued: nothing is handed to a worker while the first holds the gate.
    const store = await testStore();
    provideEnv({ mode: "embedded", store, jobs: { enqueue: async () => {} } } as unknown as Env);
    const b = await asUser(t, () => startJob("test.count", { n: 1 }));
    provideEnv({ mode: "embedded", store, jobs: runner } as unknown as Env);
    expect((await asUser(t, () => cancelJob(b.id))).state).toBe("cancelled");
    const asked = await asUser(t, () => cancelJob(a.id));
    expect(asked).toMatchObject({ state: "running", cancelRequested: true });
    release();
    await until(async () => (await readJob(t, a.id))?.state === "cancelled");
    const ended = await asUser(t, () => getJob(a.id));
    expect(ended.counters.counted).toBeLessThan(1000);
    await expect(asUser(t, () => cancelJob(a.id))).rejects.toMatchObject({ code: "job.finished" });
  });

  it("takes over a job whose worker died once its lease ran out (or at once when it was this instance's), and goes on from its checkpoint", async () => {
    const t = tenant();
    const store = await testStore();
    const quiet = { mode: "embedded", store, jobs: { enqueue: async () => {} } } as unknown as Env;
    const start = async () => {
      provideEnv(quiet);
      const job = await asUser(t, () => startJob("test.count", { n: 5 }));
      provideEnv({ mode: "embedded", store, jobs: runner } as unknown as Env);
      return job;
    };
    /** What a worker that died after step 2 leaves behind. */
    const died = (id: string, owner: string, leaseExpiresAt: number) =>
      store.entities.job
        .patch({ tenant: t, id })
        .set({
          state: "running",
          owner,
          leaseExpiresAt,
          counters: { counted: 2 },
          checkpoint: JSON.stringify({ at: 2 }),
        })
        .go();

    const expired = await start();
    await died(expired.id, "dead:1", Date.now() - 1);
    const alive = await start();
    await died(alive.id, "alive:1", Date.now() + 60_000);
    const mine = await start();
    await died(mine.id, "embedded:inst:previous", Date.now() + 60_000);

    const other = newRunner("embedded:inst:now", { reclaimable: "embedded:inst:" });
    expect(await other.runOne({ tenant: t, id: expired.id })).toBe("done");
    expect(steps.filter((s) => s.id === expired.id).map((s) => s.at)).toEqual([3, 4, 5]);
    expect(await other.runOne({ tenant: t, id: alive.id })).toBeUndefined();
    expect((await readJob(t, alive.id))?.owner).toBe("alive:1");
    expect(await other.runOne({ tenant: t, id: mine.id })).toBe("done");
    expect(steps.filter((s) => s.id === mine.id).map((s) => s.at)).toEqual([3, 4, 5]);
    const done = await readJob(t, mine.id);
    expect(done).toMatchObject({ state: "done", counters: { counted: 5 }, attempts: 1 });
    expect(done?.owner).toBeUndefined();
  });

  it("pauses a job when its runner stops, releasing it for the next worker without ending it", async () => {
    const t = tenant();
    const store = await testStore();
    let release!: () => void;
    gate = new Promise((r) => {
      release = r;
    });
    const stopping = newRunner();
    provideEnv({ mode: "embedded", store, jobs: stopping } as unknown as Env);
    const job = await asUser(t, () => startJob("test.count", { n: 50 }));
    provideEnv({ mode: "embedded", store, jobs: runner } as unknown as Env);
    await until(async () => (await readJob(t, job.id))?.state === "running");
    const stopped = stopping.stop();
    release();
    await stopped;
    const paused = await readJob(t, job.id);
    expect(paused).toMatchObject({ state: "running", leaseExpiresAt: 0 });
    const next = newRunner();
    expect(await next.runOne({ tenant: t, id: job.id })).toBe("done");
    expect((await readJob(t, job.id))?.counters).toEqual({ counted: 50 });
  });
});
