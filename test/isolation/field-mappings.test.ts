import { describe, expect, it } from "vitest";
import { DEFAULT_MAPPINGS } from "../../packages/core/src/field-mapping/schema.ts";
import { call, expectProblem, newTenant } from "../support/api.ts";

/** Tenant B must not reach tenant A's field mappings by id, and neither list shows the other's. */
describe("tenant isolation: field mappings", () => {
  it("another tenant's mapping answers 404 exactly like a missing one, for every verb, and lists never mix", async () => {
    const a = await newTenant([]);
    const b = await newTenant([]);
    const body = { name: "A's mapping", mappings: DEFAULT_MAPPINGS };
    const { json: mapping } = await call("/api/field-mappings", { method: "POST", body, session: a });
    await call("/api/field-mappings", { method: "POST", body: { ...body, name: "B's mapping" }, session: b });

    const path = `/api/field-mappings/${mapping.id}`;
    const missing = expectProblem(await call("/api/field-mappings/does-not-exist", { session: b }), 404);
    const foreign = expectProblem(await call(path, { session: b }), 404);
    expect(foreign.code).toBe(missing.code);
    expect(foreign.detail.replace(mapping.id, "X")).toBe(missing.detail.replace("does-not-exist", "X"));
    expectProblem(await call(path, { method: "PUT", body: { ...body, name: "Hacked" }, session: b }), 404);
    expectProblem(await call(path, { method: "DELETE", session: b }), 404);

    const listA = await call("/api/field-mappings", { session: a });
    const listB = await call("/api/field-mappings", { session: b });
    expect(listA.json.items.map((m: { name: string }) => m.name)).toEqual(["A's mapping"]);
    expect(listB.json.items.map((m: { name: string }) => m.name)).toEqual(["B's mapping"]);
    expect((await call(path, { session: a })).json.name).toBe("A's mapping");

    // A's cursor is refused in B's list, before it reaches the store.
    await call("/api/field-mappings", { method: "POST", body: { ...body, name: "A's second" }, session: a });
    const first = await call("/api/field-mappings?limit=1", { session: a });
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.json.nextCursor);
    expectProblem(await call(`/api/field-mappings?cursor=${cursor}`, { session: b }), 400);
  });
});
