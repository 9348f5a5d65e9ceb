import { describe, expect, it } from "vitest";
import { withActor } from "../../packages/core/src/actor/index.ts";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { createJob } from "../../packages/core/src/job/store.ts";
import { outboxMail } from "../../packages/core/src/mail/outbox.ts";
import { call, expectProblem, newTenant, testStore } from "../support/api.ts";

/**
 * Tenant isolation for jobs and the outbox: tenant B neither lists, reads, cancels nor downloads the
 * report of A's job, and never sees A's mail. (Import uploads and reports: test/isolation/import.test.ts.)
 */
describe("tenant isolation: jobs and the outbox", () => {
  it("tenant B cannot see, cancel or get the report of tenant A's job", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const store = await testStore();
    provideEnv({ mode: "embedded", store } as unknown as Env);
    const job = await withActor({ type: "system", tenant: a.tenant }, () =>
      createJob({
        tenant: a.tenant,
        kind: "test.idle",
        params: {},
        label: "a-secret-file.csv",
        createdBy: a.email,
      }),
    );
    await store.entities.job
      .patch({ tenant: a.tenant, id: job.id })
      .set({ reportKey: `${a.tenant}/reports/${job.id}.csv` })
      .go();
    expect((await call(`/api/jobs/${job.id}`, { session: a })).status).toBe(200);

    const list = await call("/api/jobs", { session: b });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(job.id);
    expect(list.text).not.toContain("a-secret-file");
    expectProblem(await call(`/api/jobs/${job.id}`, { session: b }), 404);
    expectProblem(await call(`/api/jobs/${job.id}/report`, { session: b }), 404);
    expectProblem(await call(`/api/jobs/${job.id}/cancel`, { method: "POST", session: b }), 404);
    expect((await call(`/api/jobs/${job.id}`, { session: a })).json.state).toBe("queued");
    // A cursor of A's list is refused in B's.
    await withActor({ type: "system", tenant: a.tenant }, () =>
      createJob({ tenant: a.tenant, kind: "test.idle", params: {}, createdBy: a.email }),
    );
    const pageA = await call("/api/jobs?limit=1", { session: a });
    expect(pageA.json.nextCursor).toEqual(expect.any(String));
    expectProblem(
      await call(`/api/jobs?cursor=${encodeURIComponent(pageA.json.nextCursor)}`, { session: b }),
      400,
    );
  });

  it("tenant B never sees tenant A's mail", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const store = await testStore();
    const sent = await outboxMail(() => store).send({
      tenant: a.tenant,
      to: [a.email],
      subject: "A's private notice",
      text: "for A only",
    });
    expect((await call(`/api/outbox/${sent.id}`, { session: a })).status).toBe(200);
    const list = await call("/api/outbox", { session: b });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(sent.id);
    expect(list.text).not.toContain("private notice");
    expectProblem(await call(`/api/outbox/${sent.id}`, { session: b }), 404);
  });
});
