import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contactDncSources, isActive } from "./index.ts";
import { normalizePhone } from "./schema.ts";

const digit = (from: number) => fc.integer({ min: from, max: 9 }).map(String);
const usNumber = fc
  .tuple(digit(2), digit(0), digit(0), digit(2), fc.array(digit(0), { minLength: 6, maxLength: 6 }))
  .map(([a, b, c, d, rest]) => `${a}${b}${c}${d}${rest.join("")}`);

describe("normalizePhone", () => {
  it("gives the same 10 digits however a US number is written", () => {
    fc.assert(
      fc.property(usNumber, fc.constantFrom("", "1", "+1 ", "1-"), fc.boolean(), (n, prefix, punctuated) => {
        const written = punctuated ? `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}` : n;
        expect(normalizePhone(`${prefix}${written}`)).toBe(n);
      }),
    );
  });

  it("refuses anything that is not one", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const out = normalizePhone(s);
        if (out !== null) expect(out).toMatch(/^[2-9]\d{2}[2-9]\d{6}$/);
      }),
    );
    for (const bad of [
      "",
      "555-0100",
      "0035550100",
      "1035550100",
      "303a5550100",
      "22345678901",
      "+44 20 7946 0958",
    ])
      expect(normalizePhone(bad)).toBeNull();
  });
});

describe("the campaign build's view of a contact", () => {
  it("counts a flagged contact as org DNC, and its numbers' listings", () => {
    const listed = new Map([["3035550100", ["state" as const]]]);
    expect(contactDncSources({ dnc: true, phone: "3035550199" }, listed)).toEqual(["org"]);
    expect(contactDncSources({ dnc: false, phone: "(303) 555-0100" }, listed)).toEqual(["state"]);
    expect(contactDncSources({ dnc: true, cell: "3035550100" }, listed)).toEqual(["org", "state"]);
    expect(contactDncSources({ phone: "3035550199" }, listed)).toEqual([]);
  });

  it("lets an entry block until its expiry date", () => {
    expect(isActive({ expiresAt: null }, "2026-11-24")).toBe(true);
    expect(isActive({ expiresAt: "2026-11-25" }, "2026-11-24")).toBe(true);
    expect(isActive({ expiresAt: "2026-11-24" }, "2026-11-24")).toBe(false);
  });
});
