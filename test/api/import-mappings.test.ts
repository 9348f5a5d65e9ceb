import { describe, expect, it } from "vitest";
import { call, expectProblem, newTenant, newUser } from "../support/api.ts";
import { newMapping } from "../support/imports.ts";

/**
 * GET /api/contacts/import/mappings: the /import picker's list. It needs Inventory Management, not
 * Configuration, so a user who may import but not configure still picks a mapping; it lists only the
 * caller's tenant's mappings.
 */
describe("the import's mapping list", () => {
  it("serves an Inventory Management user without Configuration, and only their tenant's mappings", async () => {
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const mapping = await newMapping(a);
    const importer = await newUser(a, "0|1|0|0");
    expectProblem(await call("/api/field-mappings", { session: importer }), 403);
    const list = await call("/api/contacts/import/mappings", { session: importer });
    expect(list.status, list.text).toBe(200);
    expect(list.json.items.map((m: { id: string; name: string }) => [m.id, m.name])).toEqual([
      [mapping.id, mapping.name],
    ]);
    expect(list.json.items[0].mappings).toContainEqual({ fromField: "ID", toField: "externalId" });

    const configOnly = await newUser(a, "0|0|0|1");
    expectProblem(await call("/api/contacts/import/mappings", { session: configOnly }), 403);

    const other = await call("/api/contacts/import/mappings", { session: b });
    expect(other.status).toBe(200);
    expect(other.text).not.toContain(mapping.id);
    expect(other.json.items).toEqual([]);
  }, 60_000);
});
