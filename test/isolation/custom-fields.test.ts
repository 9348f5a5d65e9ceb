import { describe, expect, it } from "vitest";
import { call, expectProblem, newTenant } from "../support/api.ts";

/** Tenant B must neither see, add to nor delete tenant A's custom fields. */
describe("tenant isolation: custom fields", () => {
  it("each tenant lists, adds and deletes only its own fields", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const added = await call("/api/custom-fields", {
      method: "POST",
      body: { displayName: "Tenant A Only", type: "String" },
      session: a,
    });
    expect(added.status).toBe(201);

    expect((await call("/api/custom-fields", { session: b })).json.items).toEqual([]);
    // B deleting A's field finds nothing, exactly as a field that never existed.
    const foreign = expectProblem(
      await call(`/api/custom-fields/${added.json.name}`, { method: "DELETE", session: b }),
      404,
    );
    const missing = expectProblem(
      await call("/api/custom-fields/nosuchfield", { method: "DELETE", session: b }),
      404,
    );
    expect(foreign.code).toBe(missing.code);
    // The same display name in B is B's own field, not a duplicate of A's.
    const same = await call("/api/custom-fields", {
      method: "POST",
      body: { displayName: "Tenant A Only", type: "Number" },
      session: b,
    });
    expect(same.status).toBe(201);
    // A tenant named in the body is an unknown key, not a way into another tenant.
    expectProblem(
      await call("/api/custom-fields", {
        method: "POST",
        body: { displayName: "Sneaky", type: "String", tenant: a.tenant },
        session: b,
      }),
      400,
    );

    expect((await call("/api/custom-fields", { session: a })).json.items).toEqual([
      { name: "tenantaonly", displayName: "Tenant A Only", type: "String" },
    ]);
    expect((await call("/api/custom-fields", { session: b })).json.items).toEqual([
      { name: "tenantaonly", displayName: "Tenant A Only", type: "Number" },
    ]);
  });
});
