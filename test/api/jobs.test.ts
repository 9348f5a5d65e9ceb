import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withActor } from "../../packages/core/src/actor/index.ts";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { createJob } from "../../packages/core/src/job/store.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";

/**
 * GET /api/jobs, GET /api/jobs/{id}, POST /api/jobs/{id}/cancel, GET /api/jobs/{id}/report over HTTP.
 * The jobs here are written to the Store directly (a kind no worker runs, so they stay as written); the
 * runner itself is test/api/job-runner.test.ts, the import job test/api/import.test.ts.
 */
let session: Session & { email: string };

beforeAll(async () => {
  session = await newTenant(["ListManager"]);
  provideEnv({ mode: "embedded", store: await testStore() } as unknown as Env);
}, 30_000);

const write = (label: string) =>
  withActor({ type: "system", tenant: session.tenant }, () =>
    createJob({ tenant: session.tenant, kind: "test.idle", params: {}, label, createdBy: session.email }),
  );

describe("the jobs API", () => {
  it("lists the tenant's jobs newest first with a cursor, and answers one", async () => {
    const first = await write("first");
    const second = await write("second");
    const page = await call("/api/jobs?limit=1", { session });
    expect(page.status).toBe(200);
    expect(page.json.items.map((j: { id: string }) => j.id)).toEqual([second.id]);
    const next = await call(`/api/jobs?limit=1&cursor=${encodeURIComponent(page.json.nextCursor)}`, {
      session,
    });
    expect(next.json.items.map((j: { id: string }) => j.id)).toEqual([first.id]);
    const one = await call(`/api/jobs/${first.id}`, { session });
    expect(one.status).toBe(200);
    expect(one.json).toEqual({
      id: first.id,
      kind: "test.idle",
      state: "queued",
      label: "first",
      counters: {},
      progress: null,
      message: null,
      cancelRequested: false,
      hasReport: false,
      createdBy: session.email,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      startedAt: null,
      finishedAt: null,
    });
    // Neither the worker's bookkeeping nor the params leave the server.
    expect(Object.keys(one.json)).not.toContain("owner");
    expect(Object.keys(one.json)).not.toContain("checkpoint");
  });

  it("cancels a queued job at once, marks a running one, and answers 409 once it has ended", async () => {
    const queued = await write("queued");
    const cancelled = await call(`/api/jobs/${queued.id}/cancel`, { method: "POST", session });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ state: "cancelled", message: "Cancelled before it started." });
    expect(cancelled.json.finishedAt).not.toBeNull();
    expectProblem(await call(`/api/jobs/${queued.id}/cancel`, { method: "POST", session }), 409);

    const running = await write("running");
    const store = await testStore();
    await store.entities.job
      .patch({ tenant: session.tenant, id: running.id })
      .set({ state: "running", owner: "elsewhere", leaseExpiresAt: Date.now() + 60_000 })
      .go();
    const asked = await call(`/api/jobs/${running.id}/cancel`, { method: "POST", session });
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({ state: "running", cancelRequested: true });
  });

  it("links to a job's report for five minutes, and answers 404 when it has none", async () => {
    const job = await write("reported");
    expectProblem(await call(`/api/jobs/${job.id}/report`, { session }), 404);
    const store = await testStore();
    await store.entities.job
      .patch({ tenant: session.tenant, id: job.id })
      .set({ reportKey: `${session.tenant}/reports/${job.id}.csv` })
      .go();
    const link = await call(`/api/jobs/${job.id}/report`, { session });
    expect(link.status).toBe(200);
    expect(link.json.url).toMatch(/^\/blobs\//);
    expect(link.json.fileName).toMatch(/report\.csv$/);
    const ttl = Date.parse(link.json.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(280_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
  });

  it("answers 404 for an unknown id and 400 for an id that is not one", async () => {
    expectProblem(await call(`/api/jobs/${randomUUID()}`, { session }), 404);
    expectProblem(await call(`/api/jobs/${randomUUID()}/cancel`, { method: "POST", session }), 404);
    expectProblem(await call(`/api/jobs/${"x".repeat(101)}`, { session }), 400);
    expectProblem(await call("/api/jobs?limit=0", { session }), 400);
  });
});
