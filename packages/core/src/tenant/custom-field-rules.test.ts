import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  BUILT_IN_CONTACT_FIELDS,
  CUSTOM_FIELD_DUPLICATE,
  CUSTOM_FIELD_SHORT,
  CustomFieldInput,
  checkCustomFieldList,
  customFieldName,
  NEW_TYPE_ONLY,
  newCustomField,
} from "./custom-field-rules.ts";

const displayName = fc.string({ minLength: 0, maxLength: 50 });
const type = fc.constantFrom("String", "Number", "DateTime", "Boolean" as const);

describe("custom field name", () => {
  it("is the display name's letters and digits, lower-cased, and never longer", () => {
    fc.assert(
      fc.property(displayName, (d) => {
        const name = customFieldName(d);
        expect(name).toMatch(/^[a-z0-9]*$/);
        expect(name.length).toBeLessThanOrEqual(d.normalize("NFKD").length);
        expect(customFieldName(name)).toBe(name);
        expect(customFieldName(d.toUpperCase())).toBe(customFieldName(d.toLowerCase()));
      }),
    );
    expect(customFieldName("  Balance Due ")).toBe("balancedue");
    expect(customFieldName("Café Tier #2")).toBe("cafetier2");
  });
});

describe("a new custom field", () => {
  it("is accepted exactly when its name has 3 characters and matches no existing or built-in field", () => {
    fc.assert(
      fc.property(
        displayName,
        type,
        fc.array(
          fc.string({ minLength: 3, maxLength: 12 }).map((s) => ({ name: s })),
          { maxLength: 8 },
        ),
        (d, t, existing) => {
          const result = newCustomField({ displayName: d, type: t }, existing);
          const name = customFieldName(d);
          const taken =
            BUILT_IN_CONTACT_FIELDS.has(name) || existing.some((f) => f.name.toLowerCase() === name);
          if (d.trim().length < 3 || name.length < 3)
            expect(result.errors).toEqual([{ path: "displayName", message: CUSTOM_FIELD_SHORT }]);
          else if (taken)
            expect(result.errors).toEqual([{ path: "displayName", message: CUSTOM_FIELD_DUPLICATE }]);
          else expect(result.field).toEqual({ name, displayName: d.trim(), type: t });
        },
      ),
    );
  });

  it("once added, the same display name in any case is a duplicate", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{2,30}$/), type, (d, t) => {
        const first = newCustomField({ displayName: d, type: t }, []);
        fc.pre(first.field !== undefined);
        const existing = first.field ? [first.field] : [];
        for (const again of [d, d.toUpperCase(), d.toLowerCase(), ` ${d} `])
          expect(newCustomField({ displayName: again, type: t }, existing).errors).toEqual([
            { path: "displayName", message: CUSTOM_FIELD_DUPLICATE },
          ]);
      }),
    );
  });

  it("never shadows a built-in contact field", () => {
    for (const d of ["First Name", "PHONE", "time zone", "External Id", "Created At", "Custom Fields"])
      expect(newCustomField({ displayName: d, type: "String" }, []).errors).toEqual([
        { path: "displayName", message: CUSTOM_FIELD_DUPLICATE },
      ]);
  });

  it("the form schema: trimmed, 3 to 50 characters, the four types", () => {
    const messages = (value: unknown) => {
      const r = v.safeParse(CustomFieldInput, value);
      return r.success ? [] : r.issues.map((i) => i.message);
    };
    expect(messages({ displayName: " ab ", type: "String" })).toEqual([CUSTOM_FIELD_SHORT]);
    expect(messages({ displayName: "abc", type: "Phone" })).toEqual(["Please select a field type"]);
    expect(messages({ displayName: "abc", type: "Boolean" })).toEqual([]);
    expect(messages({ displayName: "x".repeat(51), type: "Number" })).toEqual([
      "Must be 50 characters or less",
    ]);
  });
});

describe("the whole list", () => {
  it("finds a repeat in any case, a built-in and a short name, one error a field", () => {
    expect(
      checkCustomFieldList(
        [
          { name: "balanceDue", displayName: "Balance Due", type: "Number" },
          { name: "BALANCEDUE", displayName: "Balance", type: "Number" },
          { name: "cell", displayName: "Cell", type: "Phone" },
          { name: "ab", displayName: "Abc", type: "String" },
        ],
        new Set(["balanceDue"]),
      ),
    ).toEqual([
      { path: "customFields.1.name", message: CUSTOM_FIELD_DUPLICATE },
      { path: "customFields.2.name", message: CUSTOM_FIELD_DUPLICATE },
      { path: "customFields.3.displayName", message: CUSTOM_FIELD_SHORT },
    ]);
  });

  it("a field not stored yet must be named from its display name; a stored name may stay", () => {
    const field = { name: "accountRef", displayName: "Account Ref", type: "String" as const };
    expect(checkCustomFieldList([field])).toEqual([
      {
        path: "customFields.0.name",
        message: "A new custom field is named from its display name: accountref",
      },
    ]);
    expect(checkCustomFieldList([field], new Set(["accountRef"]))).toEqual([]);
    expect(checkCustomFieldList([{ ...field, name: "accountref" }])).toEqual([]);
  });

  it("keeps a stored Phone field but creates none", () => {
    const phone = { name: "altphone", displayName: "Alt Phone", type: "Phone" as const };
    expect(checkCustomFieldList([phone])).toEqual([{ path: "customFields.0.type", message: NEW_TYPE_ONLY }]);
    expect(checkCustomFieldList([phone], new Set(["altphone"]))).toEqual([]);
  });
});
