import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VisibleError } from "../error/index.ts";
import { CLAIM, checkLifetime, claimsFrom } from "./index.ts";
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

describe("checkLifetime", () => {
  const now = 1_700_000_000;
  const refusal = (payload: Record<string, unknown>) => {
    try {
      checkLifetime(payload, 12 * 3600, now);
      return undefined;
    } catch (err) {
      return err instanceof VisibleError && err.kind === "auth" ? err.message : err;
    }
  };

  it("accepts a token issued within its lifetime", () => {
    expect(refusal({ iat: now - 60, exp: now + 3600 })).toBeUndefined();
  });

  it("refuses a token without exp or iat, issued in the future, expired, or living too long", () => {
    expect(refusal({ iat: now })).toMatch(/no expiry/);
    expect(refusal({ exp: now + 60 })).toMatch(/no expiry/);
    expect(refusal({ iat: String(now), exp: now + 60 })).toMatch(/no expiry/);
    expect(refusal({ iat: now + 3600, exp: now + 7200 })).toMatch(/future/);
    expect(refusal({ iat: now - 7200, exp: now - 1 })).toMatch(/expired/);
    expect(refusal({ iat: now, exp: now + 30 * 24 * 3600 })).toMatch(/longer than allowed/);
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
