import { describe, expect, it } from "vitest";
import { NOTHING_MATCHED } from "../../packages/core/src/bulk-edit/index.ts";
import { call, eventually, expectProblem, newTenant } from "../support/api.ts";

/**
 * Tenant isolation for bulk edit and bulk delete: a query of tenant B matches only B's contacts however it
 * is written (A's source, A's contact ids), so B's job neither changes nor deletes A's; B cannot read,
 * cancel or get the report of A's bulk job.
 */
describe("tenant isolation: bulk edit", () => {
  it("tenant B's bulk edit and delete never touch tenant A's contacts, nor read A's job", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const source = `iso-bulk-${Date.now()}`;
    const created = await call("/api/contacts", {
      method: "POST",
      body: { firstName: "Alice", lastName: "Apart", phone: "3035550142", source },
      session: a,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const query = {
      type: "group",
      combinator: "or",
      rules: [
        { type: "rule", field: "source", operator: "eq", value: source },
        { type: "rule", field: "phone", operator: "eq", value: "3035550142" },
      ],
    };
    await eventually(
      () => call("/api/contacts/query", { method: "POST", body: { query }, session: a }),
      (r) => r.json?.total === 1,
      15_000,
    );

    const waitEnd = async (jobId: string, session: typeof a) =>
      (
        await eventually(
          () => call(`/api/jobs/${jobId}`, { session }),
          (r) => r.json?.state === "done" || r.json?.state === "failed",
          30_000,
        )
      ).json;

    const edit = await call("/api/bulk-edit/edit", {
      method: "POST",
      body: { query, updateField: "city", updateValue: "Elsewhere" },
      session: b,
    });
    expect(edit.status, edit.text).toBe(202);
    expect(await waitEnd(edit.json.id, b)).toMatchObject({
      state: "done",
      counters: { successful: 0, error: 0 },
      message: NOTHING_MATCHED,
    });
    const del = await call("/api/bulk-edit/delete", { method: "DELETE", body: { query }, session: b });
    expect(del.status, del.text).toBe(202);
    expect(await waitEnd(del.json.id, b)).toMatchObject({ state: "done", counters: { successful: 0 } });
    const after = await call(`/api/contacts/${id}`, { session: a });
    expect(after.status).toBe(200);
    expect(after.json.city).toBeUndefined();

    // A's own bulk job is A's alone.
    const mine = await call("/api/bulk-edit/edit", {
      method: "POST",
      body: { query, updateField: "city", updateValue: "Home" },
      session: a,
    });
    expect(mine.status, mine.text).toBe(202);
    expectProblem(await call(`/api/jobs/${mine.json.id}`, { session: b }), 404);
    expectProblem(await call(`/api/jobs/${mine.json.id}/cancel`, { method: "POST", session: b }), 404);
    expectProblem(await call(`/api/jobs/${mine.json.id}/report`, { session: b }), 404);
    expect((await call("/api/jobs", { session: b })).text).not.toContain(mine.json.id);
    expect(await waitEnd(mine.json.id, a)).toMatchObject({ counters: { successful: 1, error: 0 } });
    expect((await call(`/api/contacts/${id}`, { session: a })).json.city).toBe("Home");
  }, 90_000);
});
