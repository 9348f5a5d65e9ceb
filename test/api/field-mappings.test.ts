import { beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_MAPPINGS,
  FROM_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  REQUIRED_TARGETS_MESSAGE,
  TO_REQUIRED_MESSAGE,
  TO_UNIQUE_MESSAGE,
} from "../../packages/core/src/field-mapping/schema.ts";
import { call, expectProblem, newTenant, type Session } from "../support/api.ts";

let tenant: Session;
beforeAll(async () => {
  tenant = await newTenant([]);
  const res = await call("/api/tenant-settings", {
    method: "PATCH",
    body: { customFields: [{ name: "tier", displayName: "Tier", type: "String" }] },
    session: tenant,
  });
  expect(res.status).toBe(200);
}, 30_000);

const create = (body: unknown) => call("/api/field-mappings", { method: "POST", body, session: tenant });

describe("field mappings", () => {
  it("creates one with the nine default rows, reads, replaces and deletes it", async () => {
    const created = await create({ name: " Daily file ", mappings: DEFAULT_MAPPINGS });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ tenant: tenant.tenant, name: "Daily file" });
    expect(created.json.mappings).toEqual(DEFAULT_MAPPINGS);
    const path = `/api/field-mappings/${created.json.id}`;

    expect((await call(path, { session: tenant })).json).toEqual(created.json);

    const mappings = [
      ...DEFAULT_MAPPINGS.filter((r) => r.toField !== "phone"),
      { fromField: "Tier", toField: "custom:tier" },
    ];
    const replaced = await call(path, {
      method: "PUT",
      body: { name: "Nightly file", mappings },
      session: tenant,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ id: created.json.id, name: "Nightly file", mappings });
    expect(replaced.json.createdAt).toBe(created.json.createdAt);

    expect((await call(path, { method: "DELETE", session: tenant })).status).toBe(204);
    expectProblem(await call(path, { session: tenant }), 404);
    expectProblem(await call(path, { method: "DELETE", session: tenant }), 404);
    const gone = { name: "Gone", mappings: DEFAULT_MAPPINGS };
    const put = expectProblem(await call(path, { method: "PUT", body: gone, session: tenant }), 404);
    expect(put.code).toBe("field_mapping.not_found");
  });

  it("answers each of the spec's messages under the field the editor shows it on", async () => {
    const errors = async (body: unknown) => expectProblem(await create(body), 400).errors;
    expect(await errors({ name: "", mappings: DEFAULT_MAPPINGS })).toEqual([
      { path: "name", message: NAME_REQUIRED_MESSAGE },
    ]);
    expect(
      await errors({ name: "x", mappings: [...DEFAULT_MAPPINGS, { fromField: "", toField: "" }] }),
    ).toEqual([
      { path: "mappings.9.fromField", message: FROM_REQUIRED_MESSAGE },
      { path: "mappings.9.toField", message: TO_REQUIRED_MESSAGE },
    ]);
    expect(
      await errors({ name: "x", mappings: [...DEFAULT_MAPPINGS, { fromField: "Mobile", toField: "cell" }] }),
    ).toEqual([{ path: "mappings.9.toField", message: TO_UNIQUE_MESSAGE }]);
    for (const missing of ["externalId", "firstName", "lastName"])
      expect(
        await errors({ name: "x", mappings: DEFAULT_MAPPINGS.filter((r) => r.toField !== missing) }),
      ).toEqual([{ path: "mappings", message: REQUIRED_TARGETS_MESSAGE }]);
    const neither = DEFAULT_MAPPINGS.filter((r) => r.toField !== "phone" && r.toField !== "cell");
    expect(await errors({ name: "x", mappings: neither })).toEqual([
      { path: "mappings", message: REQUIRED_TARGETS_MESSAGE },
    ]);
    // Phone alone or cell alone is enough.
    expect(
      (await create({ name: "cell only", mappings: DEFAULT_MAPPINGS.filter((r) => r.toField !== "phone") }))
        .status,
    ).toBe(201);
  });

  it("refuses a target that is no contact field and a custom field the tenant does not have", async () => {
    const unknown = await create({
      name: "x",
      mappings: [...DEFAULT_MAPPINGS, { fromField: "T", toField: "tenant" }],
    });
    expect(expectProblem(unknown, 400).errors).toEqual([
      { path: "mappings.9.toField", message: "Not a contact field" },
    ]);
    const custom = await create({
      name: "x",
      mappings: [...DEFAULT_MAPPINGS, { fromField: "T", toField: "custom:nosuch" }],
    });
    expect(expectProblem(custom, 400).errors).toEqual([
      { path: "mappings.9.toField", message: "Unknown custom field: nosuch" },
    ]);
    expectProblem(await create({ name: "x", mappings: DEFAULT_MAPPINGS, extra: 1 }), 400);
  });

  it("lists newest first, ten to a page by default, with a cursor for the rest", async () => {
    const other = await newTenant([]);
    for (let i = 0; i < 12; i++)
      expect(
        (
          await call("/api/field-mappings", {
            method: "POST",
            body: { name: `M${i}`, mappings: DEFAULT_MAPPINGS },
            session: other,
          })
        ).status,
      ).toBe(201);
    const first = await call("/api/field-mappings", { session: other });
    expect(first.json.items.map((m: { name: string }) => m.name)).toEqual([
      "M11",
      "M10",
      "M9",
      "M8",
      "M7",
      "M6",
      "M5",
      "M4",
      "M3",
      "M2",
    ]);
    const rest = await call(`/api/field-mappings?cursor=${encodeURIComponent(first.json.nextCursor)}`, {
      session: other,
    });
    expect(rest.json.items.map((m: { name: string }) => m.name)).toEqual(["M1", "M0"]);
    expect(rest.json.nextCursor).toBeNull();
  }, 30_000);
});
