import { beforeAll, describe, expect, it } from "vitest";
import {
  NAME_INVALID_MESSAGE,
  NAME_LONG_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  QUERY_REQUIRED_MESSAGE,
  RULE_REQUIRED_MESSAGE,
  RULES_ONLY_MESSAGE,
} from "../../packages/core/src/segment/schema.ts";
import { call, eventually, expectProblem, newTenant, type Session } from "../support/api.ts";
import { openEvents } from "../support/events.ts";

let tenant: Session;
const rule = (field: string, operator: string, value: unknown) => ({ type: "rule", field, operator, value });
const group = (combinator: "and" | "or", rules: unknown[], not = false) => ({
  type: "group",
  combinator,
  not,
  rules,
});
const TEXAS = group("and", [rule("state", "eq", "TX"), rule("zip", "beginsWith", "7")]);

const create = (body: unknown, session = tenant) => call("/api/segments", { method: "POST", body, session });
const errorsOf = async (body: unknown) => expectProblem(await create(body), 400).errors;

beforeAll(async () => {
  tenant = await newTenant(["ListManager"]);
  for (const field of [
    { displayName: "Balance", type: "Number" },
    { displayName: "Tier", type: "String" },
  ]) {
    const res = await call("/api/custom-fields", { method: "POST", body: field, session: tenant });
    expect(res.status, res.text).toBe(201);
  }
  const people = [
    {
      firstName: "Ann",
      lastName: "Ames",
      state: "TX",
      zip: "75001",
      customFields: { "custom:balance": 50, "custom:tier": "gold" },
    },
    {
      firstName: "Bob",
      lastName: "Bell",
      state: "TX",
      zip: "77002",
      customFields: { "custom:balance": 500 },
    },
    { firstName: "Cy", lastName: "Cole", state: "TX", zip: "88001" },
    { firstName: "Di", lastName: "Dunn", state: "CO", zip: "80202", customFields: { "custom:tier": "gold" } },
  ];
  for (const [i, p] of people.entries()) {
    // The server caches the tenant's settings briefly (the change feed evicts them): the new custom
    // fields are known to the contact write a moment later.
    const res = await eventually(
      () =>
        call("/api/contacts", { method: "POST", body: { ...p, phone: `303555010${i}` }, session: tenant }),
      (r) => r.status === 201,
      15_000,
    );
    expect(res.status, res.text).toBe(201);
  }
  // The contacts reach the search index through the change feed.
  await eventually(
    () => call("/api/contacts", { session: tenant }),
    (r) => r.json?.total === people.length,
    15_000,
  );
}, 60_000);

describe("segments", () => {
  it("creates, reads, replaces and deletes one; its query counts through the contact query", async () => {
    const created = await create({
      name: "Texas 7",
      description: "TX zips starting 7",
      query: TEXAS,
      sort: { field: "lastName", direction: "asc" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      tenant: tenant.tenant,
      name: "Texas 7",
      description: "TX zips starting 7",
      query: TEXAS,
      sort: { field: "lastName", direction: "asc" },
      staleFields: [],
    });
    const path = `/api/segments/${created.json.id}`;
    expect((await call(path, { session: tenant })).json).toEqual(created.json);

    const count = await call("/api/contacts/query", {
      method: "POST",
      body: { query: created.json.query, sort: [created.json.sort], limit: 10 },
      session: tenant,
    });
    expect(count.json.total).toBe(2);
    expect(count.json.items.map((c: { lastName: string }) => c.lastName)).toEqual(["Ames", "Bell"]);

    const nested = group("and", [
      rule("state", "eq", "TX"),
      group("or", [rule("custom:balance", "gte", 100), rule("custom:tier", "eq", "gold")]),
      group("and", [rule("zip", "beginsWith", "8")], true),
    ]);
    const replaced = await call(path, {
      method: "PUT",
      body: { name: "Texas value", query: nested },
      session: tenant,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ name: "Texas value", description: "", query: nested, sort: null });
    expect(replaced.json.createdAt).toBe(created.json.createdAt);
    const nestedCount = await call("/api/contacts/query", {
      method: "POST",
      body: { query: nested, limit: 10 },
      session: tenant,
    });
    expect(nestedCount.json.total).toBe(2);

    expect((await call(path, { method: "DELETE", session: tenant })).status).toBe(204);
    expect(expectProblem(await call(path, { session: tenant }), 404).code).toBe("segment.not_found");
    expectProblem(await call(path, { method: "DELETE", session: tenant }), 404);
    expectProblem(
      await call(path, { method: "PUT", body: { name: "Gone", query: TEXAS }, session: tenant }),
      404,
    );
  });

  it("answers the spec's name and query messages, and saves nothing", async () => {
    const before = (await call("/api/segments?limit=100", { session: tenant })).json.items.length;
    expect(await errorsOf({ name: "", query: TEXAS })).toEqual([
      { path: "name", message: NAME_REQUIRED_MESSAGE },
    ]);
    expect(await errorsOf({ name: "   ", query: TEXAS })).toEqual([
      { path: "name", message: NAME_REQUIRED_MESSAGE },
    ]);
    expect(await errorsOf({ query: TEXAS })).toEqual([{ path: "name", message: NAME_REQUIRED_MESSAGE }]);
    expect(await errorsOf({ name: "x".repeat(51), query: TEXAS })).toEqual([
      { path: "name", message: NAME_LONG_MESSAGE },
    ]);
    expect((await create({ name: "x".repeat(50), query: TEXAS })).status).toBe(201);
    for (const name of ["Texas_7", "Texas/7", "<b>", "---"])
      expect(await errorsOf({ name, query: TEXAS })).toEqual([
        { path: "name", message: NAME_INVALID_MESSAGE },
      ]);
    expect(await errorsOf({ name: "No query" })).toEqual([
      { path: "query", message: QUERY_REQUIRED_MESSAGE },
    ]);
    expect(await errorsOf({ name: "Null query", query: null })).toEqual([
      { path: "query", message: QUERY_REQUIRED_MESSAGE },
    ]);
    expect(await errorsOf({ name: "Bare rule", query: rule("state", "eq", "TX") })).toEqual([
      { path: "query", message: QUERY_REQUIRED_MESSAGE },
    ]);
    expect(await errorsOf({ name: "Empty", query: group("and", []) })).toEqual([
      { path: "query", message: RULE_REQUIRED_MESSAGE },
    ]);
    expect(
      await errorsOf({ name: "Empty groups", query: group("or", [group("and", []), group("or", [])]) }),
    ).toEqual([{ path: "query", message: RULE_REQUIRED_MESSAGE }]);
    const text = group("and", [{ type: "text", words: ["smith"], prefix: false }, rule("state", "eq", "TX")]);
    expect(await errorsOf({ name: "Text", query: text })).toEqual([
      { path: "query", message: RULES_ONLY_MESSAGE },
    ]);
    const after = (await call("/api/segments?limit=100", { session: tenant })).json.items.length;
    expect(after).toBe(before + 1);
  });

  it("refuses unknown fields, operators and values of the wrong type for their field", async () => {
    const refused = async (query: unknown) => {
      const problem = expectProblem(await create({ name: "Bad", query }), 400);
      expect(problem.errors[0]?.path).toMatch(/^query/);
      return problem.errors[0]?.message;
    };
    expect(await refused(group("and", [rule("custom:nope", "eq", "x")]))).toBe("Unknown custom field: nope");
    expect(await refused(group("and", [rule("shoeSize", "eq", "x")]))).toBe("Unknown field: shoeSize");
    expect(await refused(group("and", [rule("constructor", "eq", "x")]))).toBe("Unknown field: constructor");
    expect(await refused(group("and", [rule("state", "like", "TX")]))).toMatch(/operator must be one of/);
    expect(await refused(group("and", [rule("custom:balance", "gt", "lots")]))).toBe(
      "balance: expects a number.",
    );
    expect(await refused(group("and", [rule("dnc", "eq", "yes")]))).toBe("dnc: expects true or false.");
    expect(await refused(group("and", [rule("dnc", "lt", true)]))).toBe(
      "dnc: lt does not apply to true/false.",
    );
    expect(await refused(group("and", [rule("createdAt", "gt", "last week")]))).toMatch(
      /createdAt: expects a date/,
    );
    expect(await refused(group("and", [rule("state", "eq", 48)]))).toBe("state: expects text.");
    expect(await refused(group("and", [rule("custom:balance", "contains", "5")]))).toBe(
      "balance: contains works on text fields only.",
    );
    expect(await refused(group("and", [rule("zip", "lt", null)]))).toBe("zip: lt needs a value.");
    // "is empty" is a question a segment may ask.
    expect((await create({ name: "No zip", query: group("and", [rule("zip", "eq", null)]) })).status).toBe(
      201,
    );
    expect(
      (await create({ name: "Recent", query: group("and", [rule("createdAt", "gte", "2026-01-01")]) }))
        .status,
    ).toBe(201);

    const sort = expectProblem(
      await create({ name: "Bad sort", query: TEXAS, sort: { field: "doc", direction: "asc" } }),
      400,
    );
    expect(sort.errors).toEqual([{ path: "sort.field", message: "Cannot sort by doc." }]);
  });

  it("refuses 50 nested groups and 1,000 rules with the query model's limits", async () => {
    let deep: unknown = rule("state", "eq", "TX");
    for (let i = 0; i < 50; i++) deep = group("and", [deep]);
    expect(await errorsOf({ name: "Deep", query: deep })).toEqual([
      { path: "query", message: "A query may nest groups at most 20 deep." },
    ]);
    const wide = group(
      "or",
      Array.from({ length: 1000 }, (_, i) => rule("zip", "eq", String(i))),
    );
    const problem = expectProblem(await create({ name: "Wide", query: wide }), 400);
    expect(problem.errors[0]?.path).toBe("query");
    expect(problem.errors[0]?.message).toMatch(/at most (100|500) rules/);
  });

  it("keeps a segment whose custom field was deleted: it opens marked, and saves only once fixed", async () => {
    const add = await call("/api/custom-fields", {
      method: "POST",
      body: { displayName: "Region", type: "String" },
      session: tenant,
    });
    expect(add.status).toBe(201);
    const query = group("and", [rule("state", "eq", "TX"), rule("custom:region", "eq", "south")]);
    const created = await create({
      name: "Southern",
      query,
      sort: { field: "custom:region", direction: "desc" },
    });
    expect(created.status).toBe(201);
    expect(created.json.staleFields).toEqual([]);
    expect((await call("/api/custom-fields/region", { method: "DELETE", session: tenant })).status).toBe(204);

    const path = `/api/segments/${created.json.id}`;
    const opened = await call(path, { session: tenant });
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ query, staleFields: ["custom:region"] });
    const listed = (await call("/api/segments?limit=100", { session: tenant })).json.items.find(
      (s: { id: string }) => s.id === created.json.id,
    );
    expect(listed.staleFields).toEqual(["custom:region"]);

    const refused = expectProblem(
      await call(path, { method: "PUT", body: { name: "Southern", query }, session: tenant }),
      400,
    );
    expect(refused.errors).toEqual([{ path: "query", message: "Unknown custom field: region" }]);
    expect((await call(path, { session: tenant })).json).toEqual(opened.json);

    const fixed = group("and", [rule("state", "eq", "TX")]);
    const saved = await call(path, {
      method: "PUT",
      body: { name: "Southern", query: fixed },
      session: tenant,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ query: fixed, sort: null, staleFields: [] });
  });

  it("lists newest first, 10 to a page, with a cursor", async () => {
    const other = await newTenant(["ListManager"]);
    const names = Array.from({ length: 12 }, (_, i) => `Seg ${String(i).padStart(2, "0")}`);
    for (const name of names) expect((await create({ name, query: TEXAS }, other)).status).toBe(201);
    const first = await call("/api/segments", { session: other });
    expect(first.json.items.map((s: { name: string }) => s.name)).toEqual([...names].reverse().slice(0, 10));
    const second = await call(`/api/segments?cursor=${encodeURIComponent(first.json.nextCursor)}`, {
      session: other,
    });
    expect(second.json.items.map((s: { name: string }) => s.name)).toEqual(["Seg 01", "Seg 00"]);
    expect(second.json.nextCursor).toBeNull();
  });

  it("needs the ListManager licence", async () => {
    const c3 = await newTenant(["PromptPay"]);
    expect(expectProblem(await call("/api/segments", { session: c3 }), 403).code).toBe("auth.not_licensed");
    expectProblem(await create({ name: "Nope", query: TEXAS }, c3), 403);
  });

  it("tells the live feed of a create, an update and a delete", async () => {
    const events = await openEvents(tenant);
    try {
      const created = await create({ name: "Live one", query: TEXAS });
      const id = created.json.id;
      expect(await events.waitFor((e) => e.entity === "segment" && e.id === id)).toEqual({
        entity: "segment",
        op: "upsert",
        id,
      });
      await call(`/api/segments/${id}`, { method: "DELETE", session: tenant });
      expect(
        await events.waitFor((e) => e.entity === "segment" && e.id === id && e.op !== "upsert"),
      ).toMatchObject({
        entity: "segment",
        id,
      });
    } finally {
      await events.close();
    }
  });
});
