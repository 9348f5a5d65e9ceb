import { randomUUID } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, DEMO_USERS, eventually, expectProblem, type Session, signIn } from "../support/api.ts";

let acme: Session;
const tag = randomUUID()
  .slice(0, 6)
  .replace(/[^a-z0-9]/g, "x");
const source = `src${tag}`;

beforeAll(async () => {
  acme = await signIn(DEMO_USERS.acme);
  for (const [firstName, lastName, city] of [
    ["Mary", "Smith", "Denver"],
    ["Mary-Ann", "Jones", "Boulder"],
    ["John", "Smithson", "Denver"],
    ["Zoe", "Adams", "Aurora"],
  ])
    await call("/api/contacts", {
      method: "POST",
      body: { firstName, lastName, city, state: "CO", phone: "3035550100", source },
      session: acme,
    });
});

const list = (qs: string, session = acme) => call(`/api/contacts?${qs}`, { session });

describe("GET /api/contacts", () => {
  it("finds a new contact within 2 s, with search syntax, sort, page and total", async () => {
    const all = await eventually(
      () => list(`search=${source}&sort=lastName:asc&limit=10`),
      (r) => r.json?.total === 4,
    );
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(4);
    expect(all.json.items.map((c: { lastName: string }) => c.lastName)).toEqual([
      "Adams",
      "Jones",
      "Smith",
      "Smithson",
    ]);

    const marys = await list(`search=${encodeURIComponent(`${source} + mary`)}&sort=firstName:desc`);
    expect(marys.json.items.map((c: { firstName: string }) => c.firstName)).toEqual(["Mary-Ann", "Mary"]);
    const prefix = await list(`search=${encodeURIComponent(`${source} smith*`)}`);
    expect(prefix.json.total).toBe(2);
    const negated = await list(`search=${encodeURIComponent(`${source} -denver`)}`);
    expect(negated.json.total).toBe(2);
    const phrase = await list(`search=${encodeURIComponent(`${source} "mary ann"`)}`);
    expect(phrase.json.items.map((c: { firstName: string }) => c.firstName)).toEqual(["Mary-Ann"]);
    const grouped = await list(`search=${encodeURIComponent(`${source} + (boulder | aurora)`)}`);
    expect(grouped.json.total).toBe(2);

    const first = await list(`search=${source}&sort=lastName:asc&limit=3`);
    expect(first.json.items).toHaveLength(3);
    const rest = await list(
      `search=${source}&sort=lastName:asc&limit=3&cursor=${encodeURIComponent(first.json.nextCursor)}`,
    );
    expect(rest.json.items.map((c: { lastName: string }) => c.lastName)).toEqual(["Smithson"]);
    expect(rest.json.nextCursor).toBeNull();
  });

  it("indexes a contact saved with an empty custom-field map (the stream writes it without a type)", async () => {
    const name = `Empty${Date.now().toString(36)}`;
    const created = await call("/api/contacts", {
      method: "POST",
      body: { firstName: "Ed", lastName: name, phone: "3035550177", customFields: {} },
      session: acme,
    });
    expect(created.status).toBe(201);
    const found = await eventually(
      () => list(`search=${name}`),
      (r) => r.json?.total === 1,
    );
    expect(found.json.items[0].id).toBe(created.json.id);
  });

  it("an updated or deleted contact follows in the index", async () => {
    const created = await call("/api/contacts", {
      method: "POST",
      body: { firstName: "Temp", lastName: "Person", phone: "3035550199", source: `${source}t` },
      session: acme,
    });
    await eventually(
      () => list(`search=${source}t`),
      (r) => r.json.total === 1,
    );
    await call(`/api/contacts/${created.json.id}`, {
      method: "PATCH",
      body: { lastName: "Renamed" },
      session: acme,
    });
    const renamed = await eventually(
      () => list(`search=${source}t + renamed`),
      (r) => r.json.total === 1,
    );
    expect(renamed.json.total).toBe(1);
    await call(`/api/contacts/${created.json.id}`, { method: "DELETE", session: acme });
    const gone = await eventually(
      () => list(`search=${source}t`),
      (r) => r.json.total === 0,
    );
    expect(gone.json.total).toBe(0);
  });

  it("answers 400, never 500, for bad syntax, unknown fields and bad sort or cursor", async () => {
    expect(expectProblem(await list(`search=${encodeURIComponent('"mary')}`), 400).detail).toBe(
      'Unbalanced quotes: a " has no closing ".',
    );
    expect(expectProblem(await list(`search=${encodeURIComponent("(mary")}`), 400).detail).toBe(
      "Unbalanced parentheses: a ( has no closing ).",
    );
    expectProblem(await list("sort=nope:asc"), 400);
    expectProblem(await list("sort=lastName:sideways"), 400);
    expectProblem(await list("cursor=garbage"), 400);
    const unknown = await call("/api/contacts/query", {
      method: "POST",
      body: { query: { type: "rule", field: "custom:nope", operator: "eq", value: "x" } },
      session: acme,
    });
    expect(expectProblem(unknown, 400).detail).toBe("Unknown custom field: nope");
  });
});

/** POST /api/contacts/query as acme: the source's contacts and `rule`. */
const queryWith = (rule: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  call("/api/contacts/query", {
    method: "POST",
    body: {
      query: {
        type: "group",
        combinator: "and",
        rules: [{ type: "rule", field: "source", operator: "eq", value: source }, rule],
      },
      ...extra,
    },
    session: acme,
  });

describe("POST /api/contacts/query", () => {
  it("takes the typed rule-group model", async () => {
    const res = await queryWith(
      {
        type: "group",
        combinator: "or",
        not: false,
        rules: [
          { type: "rule", field: "city", operator: "eq", value: "denver" },
          { type: "rule", field: "lastName", operator: "beginsWith", value: "Ad" },
        ],
      },
      { sort: [{ field: "firstName", direction: "asc" }], limit: 10 },
    );
    expect(res.status).toBe(200);
    expect(res.json.items.map((c: { firstName: string }) => c.firstName)).toEqual(["John", "Mary", "Zoe"]);
    expect(res.json.total).toBe(3);
  });

  it("filters on dateCreated, the date a contact was created", async () => {
    const query = (operator: string, value: string) =>
      queryWith({ type: "rule", field: "dateCreated", operator, value });
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const all = await list(`search=${source}`);
    expect(all.json.total).toBeGreaterThan(0);
    expect((await query("gte", since)).json.total).toBe(all.json.total);
    expect((await query("lt", since)).json.total).toBe(0);
  });

  it("indexes activity logs from the change stream: a note is in the activity index within 2 s", async () => {
    const { json: contact } = await call("/api/contacts", {
      method: "POST",
      body: { firstName: "Ida", lastName: "Index", phone: "3035550190", source },
      session: acme,
    });
    const { json: note } = await call(`/api/contacts/${contact.id}/notes`, {
      method: "POST",
      body: { title: "Indexed note", body: "<p>findable</p>" },
      session: acme,
    });
    // The embedded index is DATA_DIR/search.db; read it as a second reader would.
    const db = new Database(join(inject("dataDir"), "search.db"), { readonly: true });
    try {
      const row = await eventually(
        async () =>
          db
            .prepare("SELECT tenant, contact, type FROM activitylog WHERE tenant = ? AND id = ?")
            .get("acme", note.id) as { tenant: string; contact: string; type: string } | undefined,
        (r) => r !== undefined,
      );
      expect(row).toEqual({ tenant: "acme", contact: contact.id, type: "Note" });
      // Deleting the contact writes a System 'Contact Deleted' log, indexed the same way.
      await call(`/api/contacts/${contact.id}`, { method: "DELETE", session: acme });
      const types = await eventually(
        async () =>
          (
            db
              .prepare("SELECT type FROM activitylog WHERE tenant = ? AND contact = ? ORDER BY type")
              .all("acme", contact.id) as { type: string }[]
          ).map((r) => r.type),
        (t) => t.length === 2,
      );
      expect(types).toEqual(["Note", "System"]);
    } finally {
      db.close();
    }
  });
});
