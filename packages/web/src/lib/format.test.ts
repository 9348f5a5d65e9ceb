import { describe, expect, it } from "vitest";
import { formatMoney, formatNumber, formatPhone } from "./format.ts";

describe("formatPhone", () => {
  it.each([
    ["3035550142", "(303) 555-0142"],
    ["303-555-0142", "(303) 555-0142"],
    [" 303-555-0142 ", "(303) 555-0142"],
    ["1-303-555-0142", "(303) 555-0142"],
    ["13035550142", "(303) 555-0142"],
    ["44-303-555-0142", "+44 (303) 555-0142"],
    ["4433035550142", "+443 (303) 555-0142"],
  ])("shows %s as %s", (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it("shows what the spec does not accept as stored, and nothing for nothing", () => {
    expect(formatPhone("ext. 12")).toBe("ext. 12");
    expect(formatPhone("555-0142")).toBe("555-0142");
    expect(formatPhone(null)).toBe("");
    expect(formatPhone(undefined)).toBe("");
  });
});

describe("numbers and money", () => {
  it("follows the locale's grouping and decimal marks", () => {
    expect(formatNumber(1234567.5, "en-US")).toBe("1,234,567.5");
    expect(formatNumber(1234567.5, "de-DE")).toBe("1.234.567,5");
    expect(formatNumber(-3, "en-US")).toBe("-3");
  });

  it("shows money in dollars with two decimals", () => {
    expect(formatMoney(1234.5, "en-US")).toBe("$1,234.50");
    // Intl puts a no-break space before the sign in German.
    expect(formatMoney(1234.5, "de-DE")).toBe("1.234,50\u00a0$");
    expect(formatMoney(0, "en-US")).toBe("$0.00");
  });
});
