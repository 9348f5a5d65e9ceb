import { describe, expect, it } from "vitest";
import { call, expectProblem, newTenant } from "../support/api.ts";

const query = {
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
};

/** Tenant B must not reach tenant A's segments by id, and neither list shows the other's. */
describe("tenant isolation: segments", () => {
  it("another tenant's segment answers 404 exactly like a missing one, for every verb, and lists never mix", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const body = { name: "A segment", query };
    const { json: segment } = await call("/api/segments", { method: "POST", body, session: a });
    await call("/api/segments", { method: "POST", body: { ...body, name: "B segment" }, session: b });

    const path = `/api/segments/${segment.id}`;
    const missing = expectProblem(await call("/api/segments/does-not-exist", { session: b }), 404);
    const foreign = expectProblem(await call(path, { session: b }), 404);
    expect(foreign.code).toBe(missing.code);
    expect(foreign.detail.replace(segment.id, "X")).toBe(missing.detail.replace("does-not-exist", "X"));
    expectProblem(await call(path, { method: "PUT", body: { ...body, name: "Hacked" }, session: b }), 404);
    expectProblem(await call(path, { method: "DELETE", session: b }), 404);

    const listA = await call("/api/segments", { session: a });
    const listB = await call("/api/segments", { session: b });
    expect(listA.json.items.map((s: { name: string }) => s.name)).toEqual(["A segment"]);
    expect(listB.json.items.map((s: { name: string }) => s.name)).toEqual(["B segment"]);
    expect((await call(path, { session: a })).json.name).toBe("A segment");

    // A's cursor is refused in B's list, before it reaches the store.
    await call("/api/segments", { method: "POST", body: { ...body, name: "A second" }, session: a });
    const first = await call("/api/segments?limit=1", { session: a });
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.json.nextCursor);
    expectProblem(await call(`/api/segments?cursor=${cursor}`, { session: b }), 400);
  });

  it("a segment's query counts only the caller's contacts", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const created = await call("/api/contacts", {
      method: "POST",
      body: { firstName: "Tex", lastName: "Ann", phone: "2145550100", state: "TX" },
      session: a,
    });
    expect(created.status).toBe(201);
    const count = (session: typeof a) =>
      call("/api/contacts/query", { method: "POST", body: { query, limit: 10 }, session });
    await expect.poll(async () => (await count(a)).json.total, { timeout: 15_000 }).toBe(1);
    expect((await count(b)).json.total).toBe(0);
  });
});
