import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import type { JobRef } from "../../packages/core/src/job/port.ts";
import { dispatchScheduleTarget } from "../../packages/core/src/scheduler/dispatch.ts";
import { call, newTenant, type Session, testStore } from "../support/api.ts";
import { newMapping } from "../support/imports.ts";

/**
 * The one dispatcher of schedule firings (core/scheduler/dispatch.ts), as the target Lambda and the
 * embedded scheduler run it, against the run's Store: a firing starts the connection's job (queued and
 * handed to the job queue), never a second while one is queued or running, and nothing for a connection
 * that is gone or disabled, or for a disabled tenant.
 */

const enqueued: JobRef[] = [];
let session: Session & { email: string };

beforeAll(async () => {
  const store = await testStore();
  const missing = (port: string) =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`the ${port} port is not provided here`);
        },
      },
    );
  // The job queue is a recorder: the jobs stay queued, so the "already running" rule can be seen.
  provideEnv({
    mode: "embedded",
    store,
    jobs: { enqueue: async (ref: JobRef) => void enqueued.push(ref) },
    identity: missing("identity"),
    secrets: missing("secrets"),
    search: missing("search"),
    push: missing("push"),
    blobs: missing("blobs"),
    mail: missing("mail"),
  } as unknown as Env);
  session = await newTenant(["ListManager"]);
}, 30_000);

describe("schedule firings", () => {
  it("start an SFTP import's poll once, and skip while it is queued; nothing for an import that is gone", async () => {
    const mapping = await newMapping(session);
    const created = await call("/api/sftp-imports", {
      method: "POST",
      session,
      body: {
        name: "Fired",
        host: "sftp.example.com",
        username: "u",
        password: "password-1",
        path: "/in",
        fieldMappingId: mapping.id,
      },
    });
    expect(created.status, created.text).toBe(201);
    const target = { kind: "sftpPoll", tenant: session.tenant, importId: created.json.id };
    const first = await dispatchScheduleTarget(target);
    expect(first).toMatchObject({ kind: "sftpPoll", tenant: session.tenant });
    const jobId = (first as { started: string }).started;
    expect(enqueued).toContainEqual({ tenant: session.tenant, id: jobId });
    const { data: job } = await (await testStore()).entities.job
      .get({ tenant: session.tenant, id: jobId })
      .go();
    expect(job).toMatchObject({
      kind: "sftpPoll",
      state: "queued",
      createdBy: "system",
      label: "SFTP Fired",
    });
    expect(JSON.parse(job?.params ?? "{}")).toEqual({ importId: created.json.id });

    expect(await dispatchScheduleTarget(target)).toEqual({
      skipped: "already_running",
      tenant: session.tenant,
    });
    expect(await dispatchScheduleTarget({ ...target, importId: randomUUID() })).toEqual({
      skipped: "gone",
      tenant: session.tenant,
    });
  });

  it("skip a disabled REST connection and a tenant that does not exist; refuse a payload of no kind", async () => {
    const created = await call("/api/rest-connections", {
      method: "POST",
      session,
      body: {
        name: "Fired Rest",
        endpoint: "https://api.example.com/contacts",
        mapping: [
          { from: "first", to: "firstName" },
          { from: "last", to: "lastName" },
          { from: "tel", to: "phone" },
        ],
        enabled: false,
      },
    });
    expect(created.status, created.text).toBe(201);
    const target = { kind: "restPull", tenant: session.tenant, connectionId: created.json.id };
    expect(await dispatchScheduleTarget(target)).toEqual({ skipped: "disabled", tenant: session.tenant });
    expect(
      await dispatchScheduleTarget({ ...target, tenant: `gone-${randomUUID().slice(0, 8)}` }),
    ).toMatchObject({
      skipped: "tenant_disabled",
    });
    await expect(dispatchScheduleTarget({ kind: "mystery", tenant: session.tenant })).rejects.toThrow();
  });
});
