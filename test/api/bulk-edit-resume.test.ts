import { beforeAll, describe, expect, it } from "vitest";
import { withActor } from "../../packages/core/src/actor/index.ts";
import { activityIdFor, BULK_DELETE_KIND, BULK_EDIT_KIND } from "../../packages/core/src/bulk-edit/index.ts";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { registerJobKinds } from "../../packages/core/src/job/kinds.ts";
import { JobRunner } from "../../packages/core/src/job/runner.ts";
import { createJob, readJob } from "../../packages/core/src/job/store.ts";
import { directoryBlobs } from "../../packages/local/src/blobs.ts";
import { call, newTenant, type Session, testStore } from "../support/api.ts";
import { tempDirs } from "../support/temp.ts";

/**
 * A bulk job resumed from its checkpoint, as a worker taking over after kill -9 finds it: the job record
 * says running, held by a dead worker, with the snapshot written and a position and counts checkpointed.
 * The runner here is the same code the embedded runtime and the AWS worker run; the Search port is one
 * that fails, proving a resume reads its snapshot and never matches the query again.
 */

let tenant: Session & { email: string };
let ids: string[];
const store = await testStore();
const tempDir = tempDirs();
const dir = tempDir("bulk-resume-");
const blobs = directoryBlobs({
  dir,
  secret: new Uint8Array(32),
});
const query = { type: "group", combinator: "and", not: false, rules: [] };

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  ids = [];
  for (const i of [1, 2, 3, 4]) {
    const res = await call("/api/contacts", {
      method: "POST",
      session: tenant,
      body: { firstName: "Resume", lastName: `Person${i}`, phone: `303555070${i}` },
    });
    expect(res.status, res.text).toBe(201);
    ids.push(res.json.id);
  }
  provideEnv({
    mode: "embedded",
    store,
    blobs,
    search: {
      query: () => {
        throw new Error("a resumed bulk job must not search again");
      },
    },
  } as unknown as Env);
  registerJobKinds();
}, 60_000);

/** A job as a dead worker left it: its snapshot in the blob store, `next` ids done and counted. */
async function leftBehind(kind: string, params: Record<string, unknown>, next: number, list = ids) {
  const job = await withActor({ type: "system", tenant: tenant.tenant }, () =>
    createJob({
      tenant: tenant.tenant,
      kind,
      params: { query, by: tenant.email, ...params },
      createdBy: tenant.email,
    }),
  );
  const snapshot = `${tenant.tenant}/jobs/${job.id}.ids`;
  await blobs.put(snapshot, new TextEncoder().encode(list.join("\n")));
  const checkpoint = { snapshot, total: list.length, next, successful: next, error: 0, errors: [] };
  await store.entities.job
    .patch({ tenant: tenant.tenant, id: job.id })
    .set({
      state: "running",
      owner: "dead-worker",
      leaseExpiresAt: Date.now() - 1,
      checkpoint: JSON.stringify(checkpoint),
      counters: { successful: next, error: 0 },
    })
    .go();
  return job.id;
}

const run = (id: string) =>
  new JobRunner({ owner: `test-${id.slice(0, 6)}` }).runOne({ tenant: tenant.tenant, id });

const activities = async (contact: string) =>
  (
    await store.entities.activityLog.query
      .byContact({ tenant: tenant.tenant, activityLogContactId: contact })
      .go()
  ).data;

describe("a bulk job resumed after its worker died", () => {
  it("goes on from the checkpoint with the snapshot, counts on, and a redone contact gets no second activity", async () => {
    const id = await leftBehind(BULK_EDIT_KIND, { field: "city", value: "Resumed" }, 2);
    expect(await run(id)).toBe("done");
    const job = await readJob(tenant.tenant, id);
    expect(job).toMatchObject({ state: "done", counters: { successful: 4, error: 0 } });
    expect(job?.progress).toMatchObject({ done: 4, total: 4 });
    // The first two were done before the crash (by the checkpoint's word): the resume did not redo them.
    for (const contact of ids.slice(0, 2))
      expect(
        (await store.entities.contact.get({ tenant: tenant.tenant, id: contact }).go()).data?.city,
      ).toBeUndefined();
    for (const contact of ids.slice(2))
      expect((await store.entities.contact.get({ tenant: tenant.tenant, id: contact }).go()).data?.city).toBe(
        "Resumed",
      );
    // The snapshot is removed once the job is done.
    expect(await blobs.exists(`${tenant.tenant}/jobs/${id}.ids`)).toBe(false);

    // A crash after writing a batch but before its checkpoint: the batch is redone with the same activity ids.
    const again = await leftBehind(BULK_EDIT_KIND, { field: "city", value: "Twice" }, 0);
    expect(await run(again)).toBe("done");
    await store.entities.job
      .patch({ tenant: tenant.tenant, id: again })
      .set({ state: "running", owner: "dead-worker", leaseExpiresAt: Date.now() - 1 })
      .go();
    const snapshot = `${tenant.tenant}/jobs/${again}.ids`;
    await blobs.put(snapshot, new TextEncoder().encode(ids.join("\n")));
    await store.entities.job
      .patch({ tenant: tenant.tenant, id: again })
      .set({
        checkpoint: JSON.stringify({ snapshot, total: 4, next: 0, successful: 0, error: 0, errors: [] }),
      })
      .go();
    await store.entities.jobSlot
      .create({
        tenant: tenant.tenant,
        slot: (await readJob(tenant.tenant, again))?.slot ?? 0,
        jobId: again,
        kind: BULK_EDIT_KIND,
      })
      .go();
    expect(await run(again)).toBe("done");
    expect((await readJob(tenant.tenant, again))?.counters).toEqual({ successful: 4, error: 0 });
    for (const contact of ids) {
      const mine = (await activities(contact)).filter((a) => a.id === activityIdFor(again, contact));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.title).toBe("Contact Updated");
    }
  }, 60_000);

  it("a cancel asked for while it ran stops it at its next batch, keeping what it did", async () => {
    const id = await leftBehind(BULK_EDIT_KIND, { field: "city", value: "Cancelled" }, 0);
    await store.entities.job.patch({ tenant: tenant.tenant, id }).set({ cancelRequested: true }).go();
    expect(await run(id)).toBe("cancelled");
    expect((await readJob(tenant.tenant, id))?.counters).toEqual({ successful: 0, error: 0 });
    for (const contact of ids)
      expect(
        (await store.entities.contact.get({ tenant: tenant.tenant, id: contact }).go()).data?.city,
      ).not.toBe("Cancelled");
    expect(await blobs.exists(`${tenant.tenant}/jobs/${id}.ids`)).toBe(false);
  }, 60_000);

  it("an edit never brings back a contact deleted since the snapshot, counts it, and leaves it no activity of the job", async () => {
    const res = await call("/api/contacts", {
      method: "POST",
      session: tenant,
      body: { firstName: "Gone", lastName: "Meanwhile", phone: "3035550709" },
    });
    expect(res.status, res.text).toBe(201);
    const gone = res.json.id as string;
    const id = await leftBehind(BULK_EDIT_KIND, { field: "city", value: "Meanwhile" }, 0, [...ids, gone]);
    // The last contact was deleted after the snapshot was taken.
    await store.entities.contact.delete({ tenant: tenant.tenant, id: gone }).go();
    expect(await run(id)).toBe("done");
    expect((await readJob(tenant.tenant, id))?.counters).toEqual({ successful: 4, error: 1 });
    expect((await store.entities.contact.get({ tenant: tenant.tenant, id: gone }).go()).data).toBeNull();
    expect((await activities(gone)).filter((a) => a.id === activityIdFor(id, gone))).toHaveLength(0);
    for (const contact of ids) {
      expect((await store.entities.contact.get({ tenant: tenant.tenant, id: contact }).go()).data?.city).toBe(
        "Meanwhile",
      );
      expect((await activities(contact)).filter((a) => a.id === activityIdFor(id, contact))).toHaveLength(1);
    }
  }, 60_000);

  it("a resumed delete counts a contact it deleted before the crash as deleted, not as an error", async () => {
    const id = await leftBehind(BULK_DELETE_KIND, {}, 0);
    // The dead worker had deleted the first contact (with its activity) but not checkpointed.
    const first = ids[0] as string;
    await store.transaction
      .write(({ contact, activityLog }) => [
        contact.delete({ tenant: tenant.tenant, id: first }).commit(),
        activityLog
          .put({
            tenant: tenant.tenant,
            id: activityIdFor(id, first),
            type: "System",
            title: "Contact Deleted",
            activityLogContactId: first,
            timestamp: new Date().toISOString(),
          })
          .commit(),
      ])
      .go();
    expect(await run(id)).toBe("done");
    expect((await readJob(tenant.tenant, id))?.counters).toEqual({ successful: 4, error: 0 });
    for (const contact of ids) {
      expect((await store.entities.contact.get({ tenant: tenant.tenant, id: contact }).go()).data).toBeNull();
      expect((await activities(contact)).filter((a) => a.title === "Contact Deleted")).toHaveLength(1);
    }
  }, 60_000);
});
