import { beforeAll, describe, expect, it } from "vitest";
import { call, DEMO_USERS, expectProblem, type Session, signIn } from "../support/api.ts";

/**
 * Bad input is bounded (issue 8, item 4): oversized arrays and strings, prototype-named keys and deep
 * nesting are refused as small 400 problems, never a long stall, a megabyte of errors or a 500.
 */
let acme: Session;
beforeAll(async () => {
  acme = await signIn(DEMO_USERS.acme);
});

const contact = { firstName: "Bound", lastName: "Tester", phone: "3035550100" };
const query = (body: unknown) => call("/api/contacts/query", { method: "POST", body, session: acme });
const rule = (field: string) => ({ type: "rule", field, operator: "eq", value: "x" });

/** `depth` groups, each holding the next; the innermost holds one rule. */
function nested(depth: number): unknown {
  let node: unknown = rule("firstName");
  for (let i = 0; i < depth; i++) node = { type: "group", combinator: "and", rules: [node] };
  return node;
}

describe("oversized arrays", () => {
  it("50,000 empty balances answer one small 400 about the count", async () => {
    const res = await call("/api/contacts", {
      method: "POST",
      body: { ...contact, balances: Array.from({ length: 50_000 }, () => ({})) },
      session: acme,
    });
    const problem = expectProblem(res, 400);
    expect(res.text.length).toBeLessThan(2_000);
    expect(problem.errors).toEqual([{ path: "balances", message: "A contact holds at most 50 balances." }]);
  });

  it("a problem lists the first 20 errors and counts them all", async () => {
    // 50 balances (the most allowed), each missing its four values: 200 errors.
    const res = await call("/api/contacts", {
      method: "POST",
      body: { ...contact, balances: Array.from({ length: 50 }, () => ({})) },
      session: acme,
    });
    const problem = expectProblem(res, 400) as ReturnType<typeof expectProblem> & { errorCount: number };
    expect(problem.errors).toHaveLength(20);
    expect(problem.errors[0]?.path).toBe("balances.0.id");
    expect(problem.errorCount).toBe(200);
  });

  it("too many devices, sort keys or settings charts are refused", async () => {
    const devices = await call("/api/contacts", {
      method: "POST",
      body: {
        ...contact,
        mobileDevices: Array.from({ length: 1_000 }, (_, i) => ({ id: `d${i}`, type: "ios" })),
      },
      session: acme,
    });
    expect(expectProblem(devices, 400).errors[0]?.path).toBe("mobileDevices");

    const sort = await query({
      query: null,
      sort: Array(1_000).fill({ field: "firstName", direction: "asc" }),
    });
    expect(expectProblem(sort, 400).errors[0]?.path).toBe("sort");

    const charts = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { dashBoardCharts: Array.from({ length: 10_000 }, () => ({ chart: "BarChart" })) },
      session: acme,
    });
    expect(expectProblem(charts, 400).errors[0]?.path).toBe("dashBoardCharts");
  });

  it("a huge chart definition is refused", async () => {
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])));
    const long = JSON.stringify({ chart: "BarChart", title: "x".repeat(200_000) });
    // Written as text: JSON.stringify itself recurses once per level.
    const deep = `{"chart":"BarChart","items":${"[".repeat(5_000)}1${"]".repeat(5_000)}}`;
    for (const chart of [wide, long, deep]) {
      const res = await call("/api/tenant-settings", {
        method: "PATCH",
        raw: `{"e2DashCharts":[${chart}]}`,
        headers: { "content-type": "application/json" },
        session: acme,
      });
      expect(expectProblem(res, 400).errors[0]?.path).toBe("e2DashCharts.0");
    }
  });

  it("a long string where the spec sets no limit is refused", async () => {
    const balance = { id: "b".repeat(10_000), type: "Principal", amount: 1, age: 1 };
    const res = await call("/api/contacts", {
      method: "POST",
      body: { ...contact, balances: [balance] },
      session: acme,
    });
    expect(expectProblem(res, 400).errors[0]?.path).toBe("balances.0.id");

    const value = await query({ query: { ...rule("firstName"), value: "v".repeat(100_000) } });
    expect(expectProblem(value, 400).errors[0]?.path).toBe("query.value");
  });
});

describe("field names that are Object.prototype's", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
    "a rule on %s answers 400 search.unknown_field",
    async (field) => {
      const problem = expectProblem(await query({ query: rule(field) }), 400);
      expect(problem.code).toBe("search.unknown_field");
      expect(problem.detail).toBe(`Unknown field: ${field}`);
    },
  );

  it.each(["__proto__", "constructor", "toString", "custom:constructor", "custom:__proto__"])(
    "sorting by %s answers 400",
    async (field) => {
      const body = expectProblem(await query({ query: null, sort: [{ field, direction: "asc" }] }), 400);
      expect(body.code).toMatch(/^search\.unknown_(sort|field)$/);
      const list = expectProblem(
        await call(`/api/contacts?sort=${encodeURIComponent(field)}:asc`, { session: acme }),
        400,
      );
      expect(list.code).toMatch(/^search\.unknown_(sort|field)$/);
    },
  );
});

describe("nesting", () => {
  it("groups nested 1,500 deep answer 400 with the depth limit", async () => {
    const problem = expectProblem(await query({ query: nested(1_500) }), 400);
    expect(problem.detail).toBe("A query may nest groups at most 20 deep.");
    expect(problem.errors).toEqual([{ path: "query", message: "A query may nest groups at most 20 deep." }]);
  });

  it("20 levels are fine, 21 are not", async () => {
    expect((await query({ query: nested(20) })).status).toBe(200);
    expectProblem(await query({ query: nested(21) }), 400);
  });

  it("a query of more than 500 rules in all is refused", async () => {
    const wide = {
      type: "group",
      combinator: "or",
      rules: Array.from({ length: 10 }, () => ({
        type: "group",
        combinator: "or",
        rules: Array.from({ length: 60 }, () => rule("firstName")),
      })),
    };
    const problem = expectProblem(await query({ query: wide }), 400);
    expect(problem.detail).toBe("A query may hold at most 500 rules and groups.");
  });

  it("a search box query nested too deep answers 400, not a 500", async () => {
    const search = `${"-(".repeat(150)}a${")".repeat(150)}`;
    const res = await call(`/api/contacts?search=${encodeURIComponent(search)}`, { session: acme });
    expect(expectProblem(res, 400).detail).toBe("A query may nest groups at most 20 deep.");
  });
});

describe("custom fields named like Object.prototype's", () => {
  it.each(["__proto__", "constructor", "prototype"])(
    "customFields.%s is refused on create and on patch",
    async (key) => {
      // Written as raw JSON: an object literal's __proto__ would set the prototype instead of a key.
      const customFields = `{"${key}": {"polluted": true}}`;
      const created = await call("/api/contacts", {
        method: "POST",
        raw: `{"firstName":"Proto","lastName":"Key","phone":"3035550100","customFields":${customFields}}`,
        headers: { "content-type": "application/json" },
        session: acme,
      });
      const problem = expectProblem(created, 400);
      expect(problem.errors).toContainEqual({
        path: `customFields.${key}`,
        message: `Unknown custom field: ${key}`,
      });

      const ok = await call("/api/contacts", { method: "POST", body: contact, session: acme });
      expect(ok.status).toBe(201);
      const patched = await call(`/api/contacts/${ok.json.id}`, {
        method: "PATCH",
        raw: `{"customFields":${customFields}}`,
        headers: { "content-type": "application/json" },
        session: acme,
      });
      expect(expectProblem(patched, 400).errors).toContainEqual({
        path: `customFields.${key}`,
        message: `Unknown custom field: ${key}`,
      });
    },
  );

  it("more custom values than a tenant can define are refused", async () => {
    const customFields = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`custom:f${i}`, i]));
    const res = await call("/api/contacts", {
      method: "POST",
      body: { ...contact, customFields },
      session: acme,
    });
    const problem = expectProblem(res, 400);
    expect(problem.errors).toEqual([
      {
        path: "customFields",
        message: "A contact holds at most 100 custom fields, each a value of at most 1,000 characters.",
      },
    ]);
  });
});

describe("top-level keys named like Object.prototype's", () => {
  it.each(["__proto__", "constructor", "prototype", "toString", "valueOf"])(
    "a body key %s is refused by name, not dropped",
    async (key) => {
      const raw = JSON.stringify(contact).replace(/^\{/, `{"${key}":{"polluted":true},`);
      const created = await call("/api/contacts", {
        method: "POST",
        raw,
        headers: { "content-type": "application/json" },
        session: acme,
      });
      expect(expectProblem(created, 400).errors.map((e) => e.path)).toEqual([key]);
      const settings = await call("/api/tenant-settings", {
        method: "PATCH",
        raw: `{"${key}":1}`,
        headers: { "content-type": "application/json" },
        session: acme,
      });
      expect(expectProblem(settings, 400).errors.map((e) => e.path)).toEqual([key]);
    },
  );
});

describe("numbers the Store cannot keep", () => {
  it.each([4.04e41, -1.7e184, 1e-200])("%d in a chart or a balance answers 400, not 500", async (n) => {
    const chart = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { dashBoardCharts: [{ title: "Big", value: n }] },
      session: acme,
    });
    expectProblem(chart, 400);
    const balance = await call("/api/contacts", {
      method: "POST",
      body: { ...contact, balances: [{ id: "b1", type: "Loan", amount: n, age: 1 }] },
      session: acme,
    });
    expect(expectProblem(balance, 400).errors[0]?.message).toBe("The amount must be a number.");
  });
});

describe("refusals never echo a huge input", () => {
  it.each([
    ["a 200 KB string as the body", JSON.stringify("x".repeat(200_000))],
    ["a 100 KB key", JSON.stringify({ ["k".repeat(100_000)]: 1 })],
    ["a 200 KB first name", JSON.stringify({ ...contact, firstName: 1, lastName: ["y".repeat(200_000)] })],
  ])("%s answers a small 400", async (_name, raw) => {
    const res = await call("/api/contacts", {
      method: "POST",
      raw,
      headers: { "content-type": "application/json" },
      session: acme,
    });
    expectProblem(res, 400);
    expect(res.text.length).toBeLessThan(4096);
  });
});
