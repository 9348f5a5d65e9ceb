import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, eventually, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import { jobEnd, report } from "../support/imports.ts";
import { type Endpoints, startEndpoints } from "../support/rest-endpoints.ts";

/**
 * REST connection pulls (issue 12 item 6) against a local HTTP server: every page (page numbers, a next
 * link in the body, a Link header), the list at listPath, the mapping, the import's validation, upsert,
 * report and notice; matched by externalId, or by phone when the mapping has none; a 500, a hang and
 * garbage JSON end the job with a clear message.
 */

let session: Session & { email: string };
let remote: Endpoints;
beforeAll(async () => {
  [session, remote] = await Promise.all([newTenant(["ListManager"]), startEndpoints()]);
}, 30_000);
afterAll(() => remote?.close());

const WITH_ID = [
  { from: "id", to: "externalId" },
  { from: "first", to: "firstName" },
  { from: "last", to: "lastName" },
  { from: "tel", to: "phone" },
  { from: "address.city", to: "city" },
];
const BY_PHONE = WITH_ID.filter((m) => m.to !== "externalId");

async function connection(path: string, overrides: Record<string, unknown> = {}) {
  const res = await call("/api/rest-connections", {
    method: "POST",
    session,
    body: {
      name: `Leads ${randomUUID().slice(0, 6)}`,
      endpoint: `${remote.url}${path}`,
      mapping: WITH_ID,
      auth: { type: "Bearer_Token", info: { token: "pull-secret-1" } },
      ...overrides,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; name: string };
}

async function run(id: string) {
  const started = await call(`/api/rest-connections/${id}/run`, { method: "POST", session });
  expect(started.status, started.text).toBe(202);
  expect(started.json).toMatchObject({ kind: "restPull", state: "queued" });
  return jobEnd(session, started.json.id, 90_000);
}

const people = (tag: string, n: number, phoneBase = 3035550000) =>
  Array.from({ length: n }, (_, i) => ({
    id: `${tag}-${i}`,
    first: `First${i}`,
    last: `Last${i}`,
    tel: String(phoneBase + i),
    address: { city: "Denver" },
  }));

const contactsOf = async (tenant: string) => {
  const store = await testStore();
  const { data } = await store.entities.contact.query.byTenant({ tenant }).go({ pages: "all" });
  return data;
};

describe("REST connection pulls", () => {
  it("Run now pulls every page by page number, imports by externalId, and is idempotent", async () => {
    const tag = randomUUID().slice(0, 6);
    remote.people.splice(0, remote.people.length, ...people(tag, 5));
    const conn = await connection("/paged", { params: [{ key: "page", value: "1", description: "" }] });
    const first = await run(conn.id);
    expect(first.state, first.message).toBe("done");
    expect(first.counters).toMatchObject({ pages: 3, read: 5, imported: 5, updated: 0, rejected: 0 });
    const pages = remote
      .all()
      .filter((r) => r.url.startsWith("/paged"))
      .map((r) => new URL(r.url, "http://x").searchParams.get("page"));
    expect(pages).toEqual(["1", "2", "3"]);
    expect(remote.last()?.headers.authorization).toBe("Bearer pull-secret-1");
    const { data } = await (await testStore()).entities.contact.query
      .byExternalId({ externalKey: `${session.tenant}#${tag}-3` })
      .go();
    expect(data[0]).toMatchObject({ firstName: "First3", city: "Denver", phone: "3035550003" });

    const again = await run(conn.id);
    expect(again.counters).toMatchObject({ read: 5, imported: 0, updated: 5 });

    // The person who pressed Run now is told, as after an upload.
    const outbox = (await call("/api/outbox?limit=50", { session })).json.items as {
      subject: string;
      to: string[];
    }[];
    expect(outbox.find((m) => m.subject === `Contact import finished: REST ${conn.name}`)?.to).toEqual([
      session.email,
    ]);
  });

  it("without an externalId mapping matches contacts by phone (an existing one keeps its External ID), following next links", async () => {
    const tag = randomUUID().slice(0, 6);
    const own = await newTenant(["ListManager"]);
    const existing = await call("/api/contacts", {
      method: "POST",
      session: own,
      body: { externalId: `crm-${tag}`, firstName: "Old", lastName: "Name", phone: "3035551000" },
    });
    expect(existing.status, existing.text).toBe(201);
    // The phone match reads the search index, which the change feed fills within seconds.
    await eventually(
      () => call("/api/contacts?search=Old", { session: own }),
      (r) => (r.json?.items?.length ?? 0) > 0,
      10_000,
    );
    remote.people.splice(0, remote.people.length, ...people(tag, 3, 3035551000));
    const res = await call("/api/rest-connections", {
      method: "POST",
      session: own,
      body: {
        name: `Phones ${tag}`,
        endpoint: `${remote.url}/linked`,
        mapping: BY_PHONE,
        auth: { type: "None", info: {} },
      },
    });
    expect(res.status, res.text).toBe(201);
    const started = await call(`/api/rest-connections/${res.json.id}/run`, { method: "POST", session: own });
    const job = await jobEnd(own, started.json.id, 90_000);
    expect(job.state, job.message).toBe("done");
    expect(job.counters).toMatchObject({ pages: 2, read: 3, imported: 2, updated: 1 });
    const after = await contactsOf(own.tenant);
    const matched = after.find((c) => c.phone === "3035551000");
    expect(matched).toMatchObject({ id: existing.json.id, externalId: `crm-${tag}`, firstName: "First0" });
    expect(after.filter((c) => c.phone === "3035551001")).toHaveLength(1);
    expect(after.find((c) => c.phone === "3035551001")?.externalId).toBeUndefined();

    const again = await call(`/api/rest-connections/${res.json.id}/run`, { method: "POST", session: own });
    const second = await jobEnd(own, again.json.id, 90_000);
    expect(second.counters).toMatchObject({ read: 3, imported: 0, updated: 3 });
    expect(await contactsOf(own.tenant)).toHaveLength(3);
  });

  it("reads a Link header and a nested listPath, and reports a bad item", async () => {
    const tag = randomUUID().slice(0, 6);
    const list = people(tag, 3, 3035552000);
    (list[1] as { tel: string }).tel = "not-a-phone";
    remote.people.splice(0, remote.people.length, ...list);
    const conn = await connection("/link-header", { listPath: "$.data.people" });
    const job = await run(conn.id);
    expect(job).toMatchObject({ state: "done", hasReport: true });
    expect(job.counters).toMatchObject({ pages: 2, read: 3, imported: 2, rejected: 1 });
    expect(await report(session, job.id)).toBe(
      "row,column,value,message\r\n2,tel,not-a-phone,Please enter a valid phone number\r\n",
    );
  });

  it("reads the items under a wildcard ($.data[*].person) and imports each", async () => {
    const tag = randomUUID().slice(0, 6);
    remote.people.splice(0, remote.people.length, ...people(tag, 3, 3035554000));
    const conn = await connection("/wrapped", { listPath: "$.data[*].person" });
    const job = await run(conn.id);
    expect(job.state, job.message).toBe("done");
    expect(job.counters).toMatchObject({ pages: 1, read: 3, imported: 3, rejected: 0 });
    const mine = (await contactsOf(session.tenant)).filter((c) => c.externalId?.startsWith(`${tag}-`));
    expect(mine.map((c) => [c.externalId, c.firstName, c.phone, c.city]).sort()).toEqual([
      [`${tag}-0`, "First0", "3035554000", "Denver"],
      [`${tag}-1`, "First1", "3035554001", "Denver"],
      [`${tag}-2`, "First2", "3035554002", "Denver"],
    ]);
  });

  it("ends with a clear message on a 500, a hang, garbage, a missing list and a next link to another site", async () => {
    const tag = randomUUID().slice(0, 6);
    remote.people.splice(0, remote.people.length, ...people(tag, 4, 3035553000));
    const failed = await run((await connection("/fail-second")).id);
    expect(failed).toMatchObject({ state: "failed", message: "The endpoint answered 500 to page 2." });
    // What page 1 brought stays imported.
    expect(failed.counters).toMatchObject({ read: 2, imported: 2 });
    expect(await run((await connection("/fail")).id)).toMatchObject({
      state: "failed",
      message: "The endpoint answered 500 to page 1.",
    });
    expect(await run((await connection("/garbage")).id)).toMatchObject({
      state: "failed",
      message: "Page 1 is not JSON.",
    });
    expect(await run((await connection("/ok", { listPath: "$.people" })).id)).toMatchObject({
      state: "failed",
      message: "Page 1 has no list at $.people.",
    });
    const elsewhere = await run((await connection("/elsewhere")).id);
    expect(elsewhere.state).toBe("done");
    expect(elsewhere.message).toContain("leads to another site");
    expect(elsewhere.counters).toMatchObject({ pages: 1, read: 2 });
    const hung = await run((await connection("/hang")).id);
    expect(hung).toMatchObject({
      state: "failed",
      message: "The endpoint did not answer page 1 within 20 s.",
    });
  }, 120_000);

  it("refuses Run now on a disabled connection; sets, reads and removes the optional schedule", async () => {
    const conn = await connection("/ok", { enabled: false });
    const refused = expectProblem(
      await call(`/api/rest-connections/${conn.id}/run`, { method: "POST", session }),
      409,
    );
    expect(refused.detail).toBe("This connection is disabled. Enable it to pull contacts.");
    expectProblem(await call("/api/rest-connections/nope/run", { method: "POST", session }), 404);

    const path = `/api/rest-connections/${conn.id}/schedule`;
    expect((await call(path, { session })).json).toEqual({ everyMinutes: null });
    const set = await call(path, { method: "PUT", session, body: { everyMinutes: 60 } });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toEqual({ everyMinutes: 60 });
    const store = await testStore();
    expect((await store.entities.schedule.get({ name: `rest-${conn.id}` }).go()).data).toMatchObject({
      expression: { rate: { value: 1, unit: "hours" } },
      target: { kind: "restPull", tenant: session.tenant, connectionId: conn.id },
    });
    expectProblem(await call(path, { method: "PUT", session, body: { everyMinutes: 7 } }), 400);
    expect((await call(path, { session })).json).toEqual({ everyMinutes: 60 });
    expect((await call(`/api/rest-connections/${conn.id}`, { method: "DELETE", session })).status).toBe(204);
    expect((await store.entities.schedule.get({ name: `rest-${conn.id}` }).go()).data).toBeNull();

    const other = await connection("/ok");
    await call(`/api/rest-connections/${other.id}/schedule`, {
      method: "PUT",
      session,
      body: { everyMinutes: 15 },
    });
    const off = await call(`/api/rest-connections/${other.id}/schedule`, {
      method: "PUT",
      session,
      body: { everyMinutes: null },
    });
    expect(off.json).toEqual({ everyMinutes: null });
    expect((await store.entities.schedule.get({ name: `rest-${other.id}` }).go()).data).toBeNull();
  });
});
