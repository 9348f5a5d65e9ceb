import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CustomFieldDef } from "../contact/custom-fields.ts";
import { PHONE_MESSAGE } from "../contact/schema.ts";
import { EXTERNAL_ID_REQUIRED, mapRow, missingRequired, planColumns } from "./row.ts";

const MAPPING = [
  { fromField: "ID", toField: "externalId" },
  { fromField: "FirstName", toField: "firstName" },
  { fromField: "LastName", toField: "lastName" },
  { fromField: "Phone", toField: "phone" },
  { fromField: "Cell", toField: "cell" },
  { fromField: "Score", toField: "custom:score" },
  { fromField: "Preview", toField: "preview" },
];
const DEFS: CustomFieldDef[] = [{ name: "score", displayName: "Score", type: "Number" }];
const HEADER = ["ID", "FirstName", "LastName", "Phone", "Cell", "Score", "Preview"];
const { plan } = planColumns(HEADER, MAPPING);

describe("planning columns", () => {
  it("finds columns exactly, then ignoring case and spaces, and names what is missing", () => {
    const found = planColumns([" id ", "FIRSTNAME", "LastName", "Cell"], MAPPING);
    expect(found.plan.columns.map((c) => [c.fromField, c.index])).toEqual([
      ["ID", 0],
      ["FirstName", 1],
      ["LastName", 2],
      ["Cell", 3],
    ]);
    // Phone is missing but Cell is there: nothing required is missing.
    expect(missingRequired(found.missing, found.plan)).toEqual([]);
    const none = planColumns(["ID", "FirstName"], MAPPING);
    expect(missingRequired(none.missing, none.plan).map((m) => m.fromField)).toEqual([
      "LastName",
      "Phone",
      "Cell",
    ]);
  });
});

describe("mapping and validating a row", () => {
  it("makes a contact of a good row, typing custom and boolean cells", () => {
    const mapped = mapRow(2, ["e-1", " Ada ", "Lovelace", "3035550101", "", "12.5", "yes"], plan, DEFS);
    expect(mapped).toEqual({
      ok: true,
      externalId: "e-1",
      contact: {
        externalId: "e-1",
        firstName: "Ada",
        lastName: "Lovelace",
        phone: "3035550101",
        preview: true,
      },
      custom: { "custom:score": 12.5 },
    });
  });

  it("names the file's column, the cell and the schema's message for every bad cell", () => {
    const mapped = mapRow(7, ["", "", "Lovelace", "12", "", "lots", "maybe"], plan, DEFS);
    expect(mapped.ok).toBe(false);
    if (mapped.ok) return;
    expect(mapped.errors).toEqual(
      expect.arrayContaining([
        { row: 7, column: "ID", value: "", message: EXTERNAL_ID_REQUIRED },
        { row: 7, column: "FirstName", value: "", message: "Please supply a first name" },
        { row: 7, column: "Phone", value: "12", message: PHONE_MESSAGE },
        { row: 7, column: "Score", value: "lots", message: "Score must be a number" },
        { row: 7, column: "Preview", value: "maybe", message: "Must be true or false" },
      ]),
    );
    expect(mapped.errors).toHaveLength(5);
  });

  it("asks for a phone or a cell when both are blank, on the Phone column", () => {
    const mapped = mapRow(3, ["e-2", "Ada", "Lovelace", "", "", "", ""], plan, DEFS);
    expect(mapped).toEqual({
      ok: false,
      errors: [{ row: 3, column: "Phone", value: "", message: "Please supply phone or cell number" }],
    });
  });

  // The rules combine: a row is accepted exactly when every cell is acceptable on its own and the row
  // has an externalId and a phone or a cell; whatever is refused is reported on its own column.
  it("accepts a row exactly when each of its cells is acceptable (property)", () => {
    const name = fc.oneof(
      fc.constantFrom("", "Ada", "Jo-Ann", "Zoë", "x".repeat(21), "R2D2!"),
      fc.string({ maxLength: 6 }),
    );
    const phone = fc.constantFrom("", "3035550101", "303-555-0101", "12", "phone");
    const score = fc.constantFrom("", "1", "-2.5", "abc");
    const flag = fc.constantFrom("", "true", "no", "perhaps");
    const id = fc.constantFrom("", "e-1", "x".repeat(101));
    fc.assert(
      fc.property(id, name, name, phone, phone, score, flag, (i, f, l, p, c, s, b) => {
        const mapped = mapRow(2, [i, f, l, p, c, s, b], plan, DEFS);
        const fine = {
          id: i.trim() !== "" && i.length <= 100,
          first: f.trim() !== "" && f.trim().length <= 20 && /^[\p{L}\p{M}0-9 -]+$/u.test(f.trim()),
          last: l.trim() !== "" && l.trim().length <= 20 && /\p{L}/u.test(l),
          phone: p === "" || p === "3035550101" || p === "303-555-0101",
          cell: c === "" || c === "3035550101" || c === "303-555-0101",
          oneNumber: p !== "" || c !== "",
          score: s !== "abc",
          flag: b !== "perhaps",
        };
        expect(mapped.ok).toBe(Object.values(fine).every(Boolean));
        if (mapped.ok) return;
        const columns = new Set(mapped.errors.map((e) => e.column));
        if (!fine.score) expect(columns).toContain("Score");
        if (!fine.flag) expect(columns).toContain("Preview");
        if (!fine.cell) expect(columns).toContain("Cell");
        for (const e of mapped.errors) expect(HEADER).toContain(e.column);
      }),
    );
  });
});
