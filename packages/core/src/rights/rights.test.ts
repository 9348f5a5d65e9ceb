import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LICENSES, landingPath, modulesFor, parseRights, RIGHTS } from "./index.ts";

const rightsString = fc
  .array(fc.constantFrom("0", "1"), { minLength: 4, maxLength: 4 })
  .map((a) => a.join("|"));
const licenceSet = fc.subarray([...LICENSES]);

describe("parseRights", () => {
  it("reads each position in the order Dashboards, Inventory, List Management, Configuration", () => {
    fc.assert(
      fc.property(rightsString, (value) => {
        const parsed = parseRights(value);
        for (const [i, right] of RIGHTS.entries()) expect(parsed[right]).toBe(value.split("|")[i] === "1");
      }),
    );
  });

  it("grants nothing for a malformed string", () => {
    for (const bad of ["", "1|1|1", "1|1|1|1|1", "1,1,1,1", "2|1|1|1", null, undefined])
      expect(Object.values(parseRights(bad)).some(Boolean)).toBe(false);
  });
});

describe("modules and landing", () => {
  it("a module shows exactly when its licence is held", () => {
    fc.assert(
      fc.property(licenceSet, (licenses) => {
        const modules = modulesFor(licenses);
        expect(modules.includes("ReachCX")).toBe(licenses.includes("ListManager"));
        expect(modules.includes("E2")).toBe(licenses.includes("MaxCIF"));
        expect(modules.includes("C3")).toBe(licenses.includes("PromptPay"));
      }),
    );
  });

  it("no business unit sends a licensed tenant to /config, whatever else holds", () => {
    fc.assert(
      fc.property(licenceSet, fc.constantFrom("Admin", "SuperAdmin"), (licenses, tenantRole) => {
        fc.pre(modulesFor(licenses).length > 0);
        expect(landingPath({ licenses, icBU: null, tenantRole })).toBe("/config");
      }),
    );
  });

  it("only MaxCIF goes to /e2; ListManager goes to /dashboard", () => {
    expect(landingPath({ licenses: ["MaxCIF"], icBU: "1234567" })).toBe("/e2");
    expect(landingPath({ licenses: ["MaxCIF", "USD"], icBU: "1234567" })).toBe("/e2");
    fc.assert(
      fc.property(licenceSet, (licenses) => {
        fc.pre(licenses.includes("ListManager"));
        expect(landingPath({ licenses, icBU: "1234567" })).toBe("/dashboard");
      }),
    );
  });

  it("provider staff without module licences land in the admin area", () => {
    expect(landingPath({ licenses: [], icBU: null, tenantRole: "SuperAdmin" })).toBe("/admin");
    expect(landingPath({ licenses: [], icBU: null, tenantRole: "Admin" })).toBe("/config");
  });

  it("every landing is a route the shell has", () => {
    fc.assert(
      fc.property(
        licenceSet,
        fc.option(fc.constant("1234567")),
        fc.constantFrom("Admin", "SuperAdmin"),
        (l, bu, role) => {
          expect(["/config", "/e2", "/dashboard", "/ppay", "/admin"]).toContain(
            landingPath({ licenses: l, icBU: bu, tenantRole: role }),
          );
        },
      ),
    );
  });
});
