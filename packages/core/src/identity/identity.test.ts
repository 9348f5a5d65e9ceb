import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VisibleError } from "../error/index.ts";
import { CLAIM, claimsFrom } from "./index.ts";
import { hashPassword, verifyPassword } from "./password.ts";

const full = {
  sub: "u1",
  [CLAIM.tenant]: "acme",
  [CLAIM.tenantRole]: "Admin",
  [CLAIM.securityRights]: "1|0|1|0",
  [CLAIM.company]: "Acme",
  name: "Alex",
  email: "a@acme.example",
};

describe("claimsFrom", () => {
  it("reads every claim", () => {
    expect(claimsFrom(full)).toEqual({
      sub: "u1",
      tenant: "acme",
      tenantRole: "Admin",
      securityRights: "1|0|1|0",
      company: "Acme",
      name: "Alex",
      email: "a@acme.example",
    });
  });

  it("refuses a token missing any claim, naming it", () => {
    fc.assert(
      fc.property(fc.subarray(Object.keys(full), { minLength: 1 }), (dropped) => {
        const payload = Object.fromEntries(Object.entries(full).filter(([k]) => !dropped.includes(k)));
        try {
          claimsFrom(payload);
          return false;
        } catch (err) {
          return err instanceof VisibleError && err.kind === "auth";
        }
      }),
    );
  });

  it("refuses malformed rights and non-string claims", () => {
    expect(() => claimsFrom({ ...full, [CLAIM.securityRights]: "1|1" })).toThrow(/malformed/);
    expect(() => claimsFrom({ ...full, [CLAIM.tenant]: 42 })).toThrow(/tenant/);
  });
});

describe("passwords", () => {
  it("verifies the right password and refuses others", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsE", hash)).toBe(false);
    expect(await verifyPassword("correct horse", "plain")).toBe(false);
  });

  it("salts: the same password hashes differently", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });
});
