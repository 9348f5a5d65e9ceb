import { describe, expect, it } from "vitest";
import {
  ALL_CARD_FIELDS,
  AMEX_FIELDS,
  checkPricing,
  defaultsOf,
  fieldError,
  PRICING_TYPES,
  truncate2,
  VMD_FIELDS,
} from "./pricing.ts";

describe("pricing rules (spec 003 §3, §5)", () => {
  it("cuts to two decimals, never rounds up", () => {
    expect(truncate2(4.249)).toBe(4.24);
    expect(truncate2(4.999)).toBe(4.99);
    expect(truncate2(19.95)).toBe(19.95);
    expect(truncate2(10.2)).toBe(10.2);
    expect(truncate2(0.1 + 0.2)).toBe(0.3);
    expect(truncate2(100)).toBe(100);
  });

  it("defaults equal the minimums, and the defaults of every type are valid", () => {
    for (const type of PRICING_TYPES) {
      const input = {
        type,
        vmdPricing: defaultsOf(VMD_FIELDS[type]),
        amexPricing: defaultsOf(AMEX_FIELDS[type]),
        fees: defaultsOf(ALL_CARD_FIELDS),
        internalExempt: false,
      };
      expect(checkPricing(input).errors, type).toEqual([]);
    }
    expect(defaultsOf(VMD_FIELDS.ERR)).toEqual({
      qualifiedRate: 4.24,
      downgradeFee: 3.21,
      transactionFee: 14,
      merchantFee: 19.95,
    });
  });

  it("answers the spec's messages: the minimum, 100 for percentages only, and a non-number", () => {
    const rate = VMD_FIELDS.ERR[0];
    const fee = VMD_FIELDS.ERR[2];
    if (!rate || !fee) throw new Error("fields");
    expect(fieldError(rate, 4.23)).toBe("Minimum allowed value is 4.24");
    expect(fieldError(rate, 4.249)).toBeNull(); // 4.24 once cut
    expect(fieldError(rate, 100.001)).toBeNull(); // 100 once cut
    expect(fieldError(rate, 100.01)).toBe("Maximum allowed value is 100");
    expect(fieldError(fee, 1_000_000)).toBeNull(); // amounts have no maximum
    expect(fieldError(fee, Number.NaN)).toBe("Please enter a number");
    expect(fieldError(fee, "14")).toBe("Please enter a number");
  });

  it("skips a disabled Amex and the all-card fees of an exempt merchant, and keeps only the type's fields", () => {
    const { errors, value } = checkPricing({
      type: "Flat",
      vmdPricing: { flatRate: 6.789, transactionFeeFlat: 6, merchantFeeFlat: 6, qualifiedRate: 1 },
      amexPricing: null,
      fees: { accountSetupFee: 0 },
      internalExempt: true,
    });
    expect(errors).toEqual([]);
    expect(value).toEqual({
      type: "Flat",
      vmdPricing: { flatRate: 6.78, transactionFeeFlat: 6, merchantFeeFlat: 6 },
      amexPricing: null,
      fees: {},
      internalExempt: true,
    });
  });
});
