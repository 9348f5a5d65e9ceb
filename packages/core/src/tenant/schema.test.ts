import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { TenantId, TenantLicenses, TenantSettingsPatch } from "./schema.ts";
import { connectionRules } from "./telephony.ts";

const messages = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((i) => i.message);
};

describe("tenant settings patch", () => {
  it("business unit: at most 9 characters here; its product's form decides the rest", () => {
    expect(messages(TenantSettingsPatch, { icBU: "123456789" })).toEqual([]);
    expect(messages(TenantSettingsPatch, { icBU: "1234567890" })).toContain(
      "The Business Unit Number is at most 9 Characters Long",
    );
    // Without a product, 7 to 9 digits (either form's); the forms' own rules are in telephony.test.ts.
    expect(connectionRules({ icBU: "1234567" }, {}).problems).toEqual([]);
    expect(connectionRules({ icBU: "123456" }, {}).problems).toEqual([
      { path: "icBU", message: "The Business Unit Number is at least 7 Characters Long" },
    ]);
    expect(connectionRules({ icBU: "12a4567" }, {}).problems).toEqual([
      { path: "icBU", message: "Please supply a valid CXOne Business Unit" },
    ]);
  });

  it("field limits of spec 000 §9", () => {
    expect(messages(TenantSettingsPatch, { icUserName: "x".repeat(50) })).toEqual([]);
    expect(messages(TenantSettingsPatch, { icUserName: "x".repeat(51) })).toEqual([
      "Please supply an inContact User Name",
    ]);
    expect(messages(TenantSettingsPatch, { icAccessKey: "x".repeat(81) })).toEqual([
      "Please supply a CXOne access key",
    ]);
    expect(
      messages(TenantSettingsPatch, { icAPIOverride: `https://a.example/${"x".repeat(120)}` }).length,
    ).toBe(1);
  });

  it("refuses provider-managed and unknown fields", () => {
    for (const field of ["licenses", "apiKey", "tenantRole", "tenant", "id", "whatever"])
      expect(messages(TenantSettingsPatch, { [field]: "x" }).length).toBeGreaterThan(0);
  });
});

describe("tenant id and licences (spec 003 §5)", () => {
  it("lowercase letters, numbers and dashes, trimmed", () => {
    expect(v.parse(TenantId, "  acme-2 ")).toBe("acme-2");
    expect(messages(TenantId, "Acme")).toEqual([
      "Tenant ID must contain only lowercase letters, numbers, and dashes",
    ]);
    expect(messages(TenantId, "   ")).toContain("Please enter in a Tenant ID");
  });

  it("at least one known licence", () => {
    expect(messages(TenantLicenses, [])).toEqual(["You must select at least one license."]);
    expect(messages(TenantLicenses, ["Nope"]).length).toBe(1);
    expect(messages(TenantLicenses, "ListManager")).toEqual(["Please select Tenant Licenses"]);
  });
});
