import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addsToDnc,
  countsAsContact,
  DISPOSITIONS,
  dispositionOf,
  isCallback,
  isFinal,
  retries,
} from "./index.ts";

describe("the disposition catalogue", () => {
  it("holds the spec's eight codes with their names verbatim", () => {
    const spec: [number, string][] = [
      [24, "Abandon"],
      [15, "Busy"],
      [20, "No Answer"],
      [39, "No Ports"],
      [23, "Network Busy"],
      [13, "Fax Machine"],
      [43, "Third Party - DNC"],
      [91, "Call Refused by Customer"],
    ];
    for (const [code, name] of spec) expect(dispositionOf(code)?.name).toBe(name);
  });

  it("numbers each code once, in order, and classes every one", () => {
    const codes = DISPOSITIONS.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    for (const entry of DISPOSITIONS) {
      expect(entry.name.length).toBeGreaterThan(0);
      expect(entry.class === "doNotCall").toBe(entry.dnc !== undefined);
    }
  });

  it("answers exactly one of retry, callback or final for any code, known or not", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 200 }), (code) => {
        const answers = [retries(code), isCallback(code), isFinal(code)].filter(Boolean);
        expect(answers).toHaveLength(1);
        if (countsAsContact(code) || addsToDnc(code)) expect(isFinal(code)).toBe(true);
        if (!dispositionOf(code)) expect(isFinal(code)).toBe(true);
      }),
    );
  });
});
