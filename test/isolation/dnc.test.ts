import { describe, expect, it } from "vitest";
import { call, expectProblem, newTenant } from "../support/api.ts";

/** One tenant's do-not-call entries are invisible to another: list, check, remove, import. */
describe("tenant isolation: do-not-call lists", () => {
  it("never lists, checks or removes another tenant's numbers", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    expect(
      (await call("/api/dnc", { method: "POST", body: { phone: "3035550300" }, session: a })).status,
    ).toBe(201);
    await call("/api/dnc/import", {
      method: "POST",
      raw: "3035550301\n",
      headers: { "content-type": "text/csv" },
      session: a,
    });

    expect((await call("/api/dnc", { session: b })).json.items).toEqual([]);
    const checked = await call("/api/dnc/check", {
      method: "POST",
      body: { phones: ["3035550300", "3035550301"] },
      session: b,
    });
    expect(checked.json.listed).toEqual([]);
    expectProblem(await call("/api/dnc/3035550300", { method: "DELETE", session: b }), 404);
    expect(
      (await call("/api/dnc/check", { method: "POST", body: { phones: ["3035550300"] }, session: a })).json
        .listed,
    ).toEqual([{ phone: "3035550300", sources: ["org"] }]);

    const first = await call("/api/dnc?limit=1", { session: a });
    expectProblem(
      await call(`/api/dnc?cursor=${encodeURIComponent(first.json.nextCursor)}`, { session: b }),
      400,
    );
  });
});
