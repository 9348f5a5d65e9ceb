import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { API_ACCESS, checkAccess, describeNeed, NEEDS, needOf, refusal } from "./access.ts";
import { LICENSES, SUPER_ADMIN } from "./index.ts";

const rightsString = fc
  .array(fc.constantFrom("0", "1"), { minLength: 4, maxLength: 4 })
  .map((a) => a.join("|"));
const caller = fc.record({
  tenantRole: fc.constantFrom("Admin", "User", SUPER_ADMIN),
  securityRights: rightsString,
  licenses: fc.subarray([...LICENSES]),
});

describe("checkAccess", () => {
  it("public needs nothing; every other need refuses the signed-out", () => {
    expect(checkAccess(undefined, NEEDS.public)).toEqual({ ok: true });
    for (const [name, need] of Object.entries(NEEDS))
      if (name !== "public") expect(checkAccess(undefined, need).ok).toBe(false);
  });

  it("grants a user need exactly when a licence is held and the right position is 1", () => {
    fc.assert(
      fc.property(caller, fc.constantFrom(...Object.values(NEEDS)), (who, need) => {
        const access = checkAccess(who, need);
        if (need.kind === "public") {
          expect(access.ok).toBe(true);
          return;
        }
        if (need.kind === "provider") {
          expect(access.ok).toBe(who.tenantRole === SUPER_ADMIN);
          return;
        }
        if (need.kind === "platform") {
          // A platform's key, never a user's token, passes it (the API gate checks the key).
          expect(access).toEqual({ ok: false, reason: "signedOut" });
          return;
        }
        const licensed = !("licences" in need) || need.licences.some((l) => who.licenses.includes(l));
        const positions = ["dashboards", "inventory", "listManagement", "configuration"];
        const right = "right" in need ? who.securityRights.split("|")[positions.indexOf(need.right)] : "1";
        expect(access.ok).toBe(licensed && right === "1");
        // The licence is reported before the right.
        if (!licensed) expect(access).toMatchObject({ reason: "unlicensed" });
        if (!access.ok) expect(refusal(access)).toMatch(/\.$/);
      }),
    );
  });

  it("names the module, not the licence, when unlicensed", () => {
    const access = checkAccess({ licenses: ["MaxCIF"], securityRights: "1|1|1|1" }, NEEDS.contacts);
    expect(access.ok || refusal(access)).toBe("Your organization is not licensed for this (ReachCX or C3).");
  });
});

describe("API_ACCESS", () => {
  it("names a need for each operation, found with Hono's or OpenAPI's parameter syntax", () => {
    for (const name of Object.values(API_ACCESS)) expect(NEEDS).toHaveProperty(name);
    expect(needOf("get", "/api/contacts/:id")).toBe(NEEDS.contacts);
    expect(needOf("GET", "/api/contacts/{id}")).toBe(NEEDS.contacts);
    expect(needOf("PATCH", "/api/health")).toBeUndefined();
  });
});

describe("describeNeed", () => {
  it("says the licence and the right a need asks for", () => {
    expect(describeNeed(NEEDS.contacts)).toBe(
      "A signed-in user of a tenant licensed for ReachCX or C3 holding the Inventory Management right.",
    );
    expect(describeNeed(NEEDS.configuration)).toBe("A signed-in user holding the Configuration right.");
    expect(describeNeed(NEEDS.signedIn)).toBe("A signed-in user.");
    expect(describeNeed(NEEDS.public)).toBe("No token needed.");
    expect(describeNeed(NEEDS.provider)).toBe("Provider administrators only (tenantRole SuperAdmin).");
  });
});
