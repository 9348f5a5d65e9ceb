import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityIdFor, BATCH } from "../../packages/core/src/bulk-edit/index.ts";
import type { ContactItem } from "../../packages/core/src/store/entities.ts";
import { loadContacts } from "../../packages/local/src/generate/load.ts";
import { readRuntimeFile, storeOf } from "../../packages/local/src/runtime-file.ts";
import { apiAt, killRuntime, signInAt, startServing, until } from "../support/processes.ts";

/**
 * Bulk edit and bulk delete killed with kill -9 mid-job (issue 12): a separate embedded runtime works the
 * job, its whole process group (node and DynamoDB Local) is killed once a checkpoint says some contacts
 * are done, and a runtime restarted on the same DATA_DIR resumes the job from its checkpoint. Afterwards
 * the job counted each matched contact once, every matched contact is changed (or gone) with exactly one
 * System activity of that job, and no other contact changed or went missing. Contacts are loaded with the
 * generator's loader (npm run generate) straight into the running instance's table, once: the delete runs
 * on the runtime the edit's restart started, over another split of the same contacts.
 */

const PASSWORD = "bulk-kill-1";
const TENANT = "acme";
const SEED = 11;
/** Generated contacts: the queries below match about five sixths, so the jobs run three batches. */
const COUNT = 1400;
const dir = mkdtempSync(join(tmpdir(), "reachcx-bulk-kill-"));
const env = { DATA_DIR: dir, DEMO_PASSWORD: PASSWORD };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Running = Awaited<ReturnType<typeof startServing>>;
let running: Running;
let headers: Record<string, string>;
const api = (path: string, init?: { method?: string; body?: unknown }) =>
  apiAt(running.url, headers, path, init);
const store = () => storeOf(readRuntimeFile(dir) as NonNullable<ReturnType<typeof readRuntimeFile>>);

beforeAll(async () => {
  running = await startServing(env, { detached: true, timeoutMs: 240_000 });
  headers = await signInAt(running.url, PASSWORD);
  expect(await loadContacts(store(), { tenant: TENANT, count: COUNT, seed: SEED })).toBe(COUNT);
}, 600_000);

afterAll(async () => {
  await running?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The generated contacts whose source is not `leftOut` (one of the generator's six). */
const queryOf = (leftOut: string) => ({
  type: "group",
  combinator: "and",
  not: false,
  rules: [
    { type: "rule", field: "externalId", operator: "beginsWith", value: `GEN-${SEED}-` },
    { type: "rule", field: "source", operator: "ne", value: leftOut },
  ],
});
const matches = (c: ContactItem, leftOut: string) =>
  c.externalId?.startsWith(`GEN-${SEED}-`) === true && c.source !== leftOut;

/** Every contact of the tenant in the table, by id. */
async function contactsById(): Promise<Map<string, ContactItem>> {
  const { data } = await store().entities.contact.query.byTenant({ tenant: TENANT }).go({ pages: "all" });
  return new Map(data.map((c) => [c.id, c]));
}

/** The ids of these contacts the query leaving out `leftOut` matches, once search matches them all. */
async function matchedBy(contacts: Map<string, ContactItem>, leftOut: string) {
  const matched = new Set([...contacts.values()].filter((c) => matches(c, leftOut)).map((c) => c.id));
  // Enough for more than one batch, and some left out.
  expect(matched.size).toBeGreaterThan(BATCH);
  expect(matched.size).toBeLessThan(COUNT);
  await until(
    () => api("/api/contacts/query", { method: "POST", body: { query: queryOf(leftOut), limit: 1 } }),
    (r) => r.json?.total === matched.size,
    240_000,
    "the index",
  );
  return matched;
}

/**
 * Waits until the job's checkpoint says some but not all contacts are done, kills the runtime's whole
 * process group with SIGKILL, and starts another on the same DATA_DIR (detached, so it can be killed too).
 */
async function killMidJob(id: string) {
  let done = 0;
  let total = 0;
  for (let i = 0; i < 6000 && done < BATCH; i++) {
    const job = await api(`/api/jobs/${id}`);
    expect(job.json.state, job.text).not.toBe("done");
    done = job.json.progress?.done ?? 0;
    total = job.json.progress?.total ?? 0;
    if (done < BATCH) await sleep(50);
  }
  expect(done).toBeGreaterThanOrEqual(BATCH);
  expect(done).toBeLessThan(total);
  await killRuntime(running.pid, dir);
  // On a machine this loaded DynamoDB Local may miss the runtime's 30 s start deadline: start it again, as
  // an operator would (the refused start leaves nothing running).
  running = await startServing(env, { detached: true, timeoutMs: 240_000 }).catch((err: Error) => {
    console.warn(`restart refused, starting again: ${err.message}`);
    return startServing(env, { detached: true, timeoutMs: 240_000 });
  });
  headers = await signInAt(running.url, PASSWORD);
}

/**
 * Waits until the job has ended and answers it; it must have been claimed twice, before the kill and
 * after the restart (a kill that came after the job's end would prove nothing).
 */
async function ended(id: string) {
  const job = await until(
    () => api(`/api/jobs/${id}`),
    (j) => ["done", "failed", "cancelled"].includes(j.json?.state),
    300_000,
    "the job",
  );
  expect((await store().entities.job.get({ tenant: TENANT, id }).go()).data?.attempts).toBe(2);
  return job;
}

/**
 * Starts a bulk job, kills the runtime mid-job and restarts it, and answers the job's id once it has
 * ended done with every one of the `matched` contacts counted successful.
 */
async function killedAndResumed(path: string, init: Parameters<typeof api>[1], matched: number) {
  const started = await api(path, init);
  expect(started.status, started.text).toBe(202);
  const id = started.json.id as string;
  await killMidJob(id);
  const job = await ended(id);
  expect(job.json, job.text).toMatchObject({
    state: "done",
    counters: { successful: matched, error: 0 },
    progress: { done: matched, total: matched },
  });
  return id;
}

/** The tenant's activities, and those this job wrote grouped by contact. */
async function activitiesOf(jobId: string) {
  const { data } = await store().entities.activityLog.query.byTenant({ tenant: TENANT }).go({ pages: "all" });
  const byContact = new Map<string, typeof data>();
  for (const a of data) {
    if ((a.metaData as { job?: string } | undefined)?.job !== jobId) continue;
    byContact.set(a.activityLogContactId, [...(byContact.get(a.activityLogContactId) ?? []), a]);
  }
  return { all: data, byContact };
}

describe("bulk edit and bulk delete after kill -9", { timeout: 900_000 }, () => {
  it("an edit resumes from its checkpoint: every matched contact changed once, with one activity, none else", async () => {
    const before = await contactsById();
    const matched = await matchedBy(before, "Referral");
    const value = "RESUMED";
    const id = await killedAndResumed(
      "/api/bulk-edit/edit",
      {
        method: "POST",
        body: { query: queryOf("Referral"), updateField: "custom:accountRef", updateValue: value },
      },
      matched.size,
    );

    const after = await contactsById();
    expect(after.size).toBe(before.size);
    for (const [cid, was] of before) {
      const now = after.get(cid);
      expect(now, cid).toBeDefined();
      if (matched.has(cid)) {
        // Only the field changed: the contact's other fields and custom fields are as they were.
        const { customFields: nowCustom, updatedAt: _a, updatedBy: _b, ...nowRest } = now as ContactItem;
        const { customFields: wasCustom, updatedAt: _c, updatedBy: _d, ...wasRest } = was;
        expect(nowRest, cid).toEqual(wasRest);
        expect(nowCustom, cid).toEqual({ ...wasCustom, "custom:accountRef": value });
      } else expect(now, cid).toEqual(was);
    }

    const { byContact } = await activitiesOf(id);
    expect(byContact.size).toBe(matched.size);
    for (const cid of matched) {
      const mine = byContact.get(cid) ?? [];
      expect(mine, cid).toHaveLength(1);
      expect(mine[0]).toMatchObject({ id: activityIdFor(id, cid), type: "System", title: "Contact Updated" });
    }
  });

  it("a delete resumes from its checkpoint: every matched contact gone with one 'Contact Deleted', none else", async () => {
    const before = await contactsById();
    // Another split than the edit's: edited contacts and ones the edit left out are deleted alike.
    const matched = await matchedBy(before, "Web Lead");
    const id = await killedAndResumed(
      "/api/bulk-edit/delete",
      { method: "DELETE", body: { query: queryOf("Web Lead") } },
      matched.size,
    );

    const after = await contactsById();
    expect(after.size).toBe(before.size - matched.size);
    for (const [cid, was] of before) {
      if (matched.has(cid)) expect(after.has(cid), cid).toBe(false);
      else expect(after.get(cid), cid).toEqual(was);
    }

    const { all, byContact } = await activitiesOf(id);
    const deletions = new Map<string, number>();
    for (const a of all)
      if (a.title === "Contact Deleted")
        deletions.set(a.activityLogContactId, (deletions.get(a.activityLogContactId) ?? 0) + 1);
    expect(byContact.size).toBe(matched.size);
    for (const cid of matched) {
      expect(byContact.get(cid), cid).toHaveLength(1);
      expect(byContact.get(cid)?.[0]).toMatchObject({
        id: activityIdFor(id, cid),
        type: "System",
        title: "Contact Deleted",
      });
      expect(deletions.get(cid), cid).toBe(1);
    }
  });
});
