import { beforeAll, describe, expect, it } from "vitest";
import {
  FIELD_REQUIRED_MESSAGE,
  NOTHING_MATCHED,
  RULE_REQUIRED_MESSAGE,
} from "../../packages/core/src/bulk-edit/index.ts";
import { PHONE_OR_CELL_MESSAGE } from "../../packages/core/src/contact/schema.ts";
import {
  baseUrl,
  call,
  eventually,
  expectProblem,
  newTenant,
  type Session,
  testStore,
} from "../support/api.ts";

/**
 * POST /api/bulk-edit/edit and DELETE /api/bulk-edit/delete over HTTP against the embedded runtime: every
 * refusal with the spec's message, the job run by the runtime's runner, the System activity per contact,
 * the snapshot (an edit of the field the query matches on changes each contact once), an empty match.
 */

let tenant: Session & { email: string };
const rule = (field: string, operator: string, value: unknown) => ({ type: "rule", field, operator, value });
const group = (rules: unknown[], combinator = "and") => ({ type: "group", combinator, rules });
const bySource = (source: string) => group([rule("source", "eq", source)]);

const edit = (body: unknown, session = tenant) =>
  call("/api/bulk-edit/edit", { method: "POST", body, session });
const remove = (body: unknown, session = tenant) =>
  call("/api/bulk-edit/delete", { method: "DELETE", body, session });

/** Waits for the job to end and answers it. */
async function ended(id: string) {
  const res = await eventually(
    () => call(`/api/jobs/${id}`, { session: tenant }),
    (r) => ["done", "failed", "cancelled"].includes(r.json?.state),
    30_000,
  );
  expect(["done", "failed", "cancelled"], res.text).toContain(res.json.state);
  return res.json;
}

/** Creates contacts with this source and waits until search finds them all. */
async function people(source: string, rows: Record<string, unknown>[]) {
  const ids: string[] = [];
  for (const [i, row] of rows.entries()) {
    const res = await eventually(
      () =>
        call("/api/contacts", {
          method: "POST",
          body: {
            firstName: "Bulk",
            lastName: `Person${i}`,
            phone: `303555${String(1000 + i)}`,
            source,
            ...row,
          },
          session: tenant,
        }),
      (r) => r.status === 201,
      15_000,
    );
    expect(res.status, res.text).toBe(201);
    ids.push(res.json.id);
  }
  await eventually(
    () => call("/api/contacts/query", { method: "POST", body: { query: bySource(source) }, session: tenant }),
    (r) => r.json?.total === rows.length,
    15_000,
  );
  return ids;
}

const activityOf = async (id: string) =>
  (await call(`/api/contacts/${id}/activity?limit=50`, { session: tenant })).json.items as {
    type: string;
    title: string;
    body: string;
  }[];

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  for (const field of [
    { displayName: "Balance", type: "Number" },
    { displayName: "Vip", type: "Boolean" },
  ]) {
    const res = await call("/api/custom-fields", { method: "POST", body: field, session: tenant });
    expect(res.status, res.text).toBe(201);
  }
}, 60_000);

describe("bulk edit: refusals", () => {
  const query = bySource("anything");

  it("needs a rule in the query, for edit and delete alike", async () => {
    for (const q of [undefined, null, group([]), group([group([]), group([], "or")])]) {
      const problem = expectProblem(
        await edit({ query: q, updateField: "city", updateValue: "Denver" }),
        400,
      );
      expect(problem.detail).toBe(RULE_REQUIRED_MESSAGE);
      expect(problem.errors).toEqual([{ path: "query", message: RULE_REQUIRED_MESSAGE }]);
      expect(expectProblem(await remove({ query: q }), 400).detail).toBe(RULE_REQUIRED_MESSAGE);
    }
  });

  it("needs a field name", async () => {
    for (const updateField of [undefined, "", "   "]) {
      const problem = expectProblem(await edit({ query, updateField, updateValue: "x" }), 400);
      expect(problem.detail).toBe(FIELD_REQUIRED_MESSAGE);
      expect(problem.errors).toEqual([{ path: "updateField", message: FIELD_REQUIRED_MESSAGE }]);
    }
  });

  it("refuses a field that is not one, or cannot be bulk edited", async () => {
    expect(
      expectProblem(await edit({ query, updateField: "custom:nope", updateValue: "x" }), 400).detail,
    ).toBe("Unknown custom field: nope");
    expect(
      expectProblem(await edit({ query, updateField: "externalId", updateValue: "x" }), 400).detail,
    ).toBe("externalId cannot be bulk edited.");
    expect(expectProblem(await edit({ query, updateField: "tenant", updateValue: "x" }), 400).detail).toBe(
      "tenant cannot be bulk edited.",
    );
  });

  it("checks the value against the contact schema for that field", async () => {
    const cases: [string, unknown, string][] = [
      ["state", "ZZ", "Please select a US state"],
      ["phone", "12", "Please enter a valid phone number"],
      ["email", "not-an-email", "Please enter a valid email address"],
      ["firstName", "", "First Name cannot be left empty."],
      ["firstName", "A".repeat(21), "Must be 20 characters or less"],
      ["timeZone", "Mars", "Please select a time zone"],
      ["dnc", "yes", "Do Not Call must be true or false."],
      ["expireDt", "tomorrow", "The expire date must be an ISO date and time."],
      ["custom:balance", "lots", "Balance must be a number"],
      ["custom:vip", "maybe", "Vip must be true or false."],
    ];
    for (const [updateField, updateValue, message] of cases) {
      const problem = expectProblem(await edit({ query, updateField, updateValue }), 400);
      expect(problem.detail, updateField).toBe(message);
      expect(problem.errors).toEqual([{ path: "updateValue", message }]);
    }
  });

  it("refuses a query on a field the tenant's contacts do not have", async () => {
    const res = await edit({
      query: group([rule("custom:gone", "eq", 1)]),
      updateField: "city",
      updateValue: "X",
    });
    expect(expectProblem(res, 400).detail).toMatch(/Unknown/);
  });

  it("refuses a list of ids instead of a query (the body is strict)", async () => {
    expectProblem(await edit({ contacts: ["a", "b"], updateField: "city", updateValue: "X" }), 400);
  });
});

describe("bulk edit: the job", () => {
  it("sets a field on every matched contact, each with a System activity, and counts them", async () => {
    const ids = await people("bulk-city", [{}, {}, {}]);
    const other = await people("bulk-city-other", [{}]);
    const started = await edit({ query: bySource("bulk-city"), updateField: "city", updateValue: "Denver" });
    expect(started.status, started.text).toBe(202);
    expect(started.json).toMatchObject({ kind: "bulkEdit", state: "queued", label: "Set City to Denver" });
    const job = await ended(started.json.id);
    expect(job).toMatchObject({
      state: "done",
      counters: { successful: 3, error: 0 },
      progress: { done: 3, total: 3, unit: "contacts" },
      message: "Successful Contacts: 3 | Error Contacts: 0",
      hasReport: false,
    });
    for (const id of ids) {
      const contact = (await call(`/api/contacts/${id}`, { session: tenant })).json;
      expect(contact.city).toBe("Denver");
      expect(contact.updatedBy).toBe(tenant.email);
      const activity = await activityOf(id);
      expect(activity.filter((a) => a.type === "System" && a.title === "Contact Updated")).toHaveLength(1);
      expect(activity[0]?.body).toContain("City set to Denver");
    }
    // The contact the query does not match is untouched.
    expect((await call(`/api/contacts/${other[0]}`, { session: tenant })).json.city).toBeUndefined();
  }, 60_000);

  it("changes each contact once when the edit changes the field the query matches on (snapshot)", async () => {
    const ids = await people("loop", [{}, {}]);
    // Every contact still matches `source beginsWith loop` after the edit: re-reading the query would loop.
    const started = await edit({
      query: group([rule("source", "beginsWith", "loop")]),
      updateField: "source",
      updateValue: "loop-again",
    });
    const job = await ended(started.json.id);
    expect(job.counters).toEqual({ successful: 2, error: 0 });
    for (const id of ids) {
      expect((await call(`/api/contacts/${id}`, { session: tenant })).json.source).toBe("loop-again");
      expect((await activityOf(id)).filter((a) => a.title === "Contact Updated")).toHaveLength(1);
    }
  }, 60_000);

  it("sets a custom field typed by the tenant's definition", async () => {
    const ids = await people("bulk-custom", [{ customFields: { "custom:vip": true } }, {}]);
    const job = await ended(
      (await edit({ query: bySource("bulk-custom"), updateField: "custom:balance", updateValue: "12.5" }))
        .json.id,
    );
    expect(job.counters).toEqual({ successful: 2, error: 0 });
    const first = (await call(`/api/contacts/${ids[0]}`, { session: tenant })).json;
    expect(first.customFields).toEqual({ "custom:vip": true, "custom:balance": 12.5 });
    const second = (await call(`/api/contacts/${ids[1]}`, { session: tenant })).json;
    expect(second.customFields).toEqual({ "custom:balance": 12.5 });
  }, 60_000);

  it("counts a contact the change would break as an error, with a report, and changes the others", async () => {
    // Clearing the phone of a contact without a cell would leave it unreachable (spec 000 §5).
    const ids = await people("bulk-clear", [{ cell: "3035559999" }, {}]);
    const job = await ended(
      (await edit({ query: bySource("bulk-clear"), updateField: "phone", updateValue: "" })).json.id,
    );
    expect(job).toMatchObject({
      state: "done",
      counters: { successful: 1, error: 1 },
      message: "Successful Contacts: 1 | Error Contacts: 1",
      hasReport: true,
    });
    expect((await call(`/api/contacts/${ids[0]}`, { session: tenant })).json.phone).toBeUndefined();
    expect((await call(`/api/contacts/${ids[1]}`, { session: tenant })).json.phone).toBe("3035551001");
    const link = await call(`/api/jobs/${job.id}/report`, { session: tenant });
    expect(link.status).toBe(200);
    const report = await (await fetch(new URL(link.json.url, baseUrl()))).text();
    expect(report).toContain("contactId,name,message");
    expect(report).toContain(ids[1]);
    expect(report).toContain(PHONE_OR_CELL_MESSAGE);
  }, 60_000);

  it("ends a query that matches nothing as done with nothing changed", async () => {
    const started = await edit({ query: bySource("nobody-has-this"), updateField: "city", updateValue: "X" });
    expect(started.status).toBe(202);
    const job = await ended(started.json.id);
    expect(job).toMatchObject({
      state: "done",
      counters: { successful: 0, error: 0 },
      progress: { done: 0, total: 0, unit: "contacts" },
      message: NOTHING_MATCHED,
    });
  }, 30_000);

  it("deletes every matched contact with a 'Contact Deleted' activity, as the single delete does", async () => {
    const ids = await people("bulk-delete", [{}, {}]);
    const keep = await people("bulk-keep", [{}]);
    const started = await remove({ query: bySource("bulk-delete") });
    expect(started.status, started.text).toBe(202);
    expect(started.json).toMatchObject({ kind: "bulkDelete", label: "Delete matched contacts" });
    const job = await ended(started.json.id);
    expect(job).toMatchObject({ state: "done", counters: { successful: 2, error: 0 } });
    for (const id of ids) {
      expectProblem(await call(`/api/contacts/${id}`, { session: tenant }), 404);
      const { data } = await (await testStore()).entities.activityLog.query
        .byContact({ tenant: tenant.tenant, activityLogContactId: id })
        .go();
      expect(data.map((a) => [a.type, a.title, a.agent])).toEqual([
        ["System", "Contact Deleted", tenant.email],
      ]);
    }
    expect((await call(`/api/contacts/${keep[0]}`, { session: tenant })).status).toBe(200);
  }, 60_000);
});
