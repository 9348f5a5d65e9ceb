import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashId, NumberSet, SortedNumbers } from "./number-set.ts";

/** The compact sets answer as a JS Set of the same members does, through growth and duplicates. */
describe("number sets", () => {
  const member = fc.oneof(
    fc.integer({ min: 1, max: 2000 }),
    fc.integer({ min: 2_000_000_000, max: 9_999_999_999 }),
  );

  it("NumberSet: has/size equal a Set's", () => {
    fc.assert(
      fc.property(
        fc.array(member, { maxLength: 3000 }),
        fc.array(member, { maxLength: 200 }),
        (added, probes) => {
          const set = new NumberSet();
          for (const n of added) set.add(n);
          const expected = new Set(added);
          expect(set.size).toBe(expected.size);
          for (const n of [...added, ...probes]) expect(set.has(n)).toBe(expected.has(n));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("SortedNumbers: has/size equal a Set's after seal", () => {
    fc.assert(
      fc.property(
        fc.array(member, { maxLength: 3000 }),
        fc.array(member, { maxLength: 200 }),
        (added, probes) => {
          const sorted = new SortedNumbers();
          for (const n of added) sorted.add(n);
          sorted.seal();
          const expected = new Set(added);
          expect(sorted.size).toBe(expected.size);
          for (const n of [...added, ...probes]) expect(sorted.has(n)).toBe(expected.has(n));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("NumberSet refuses 0, negatives and fractions (0 marks an empty slot)", () => {
    const set = new NumberSet();
    for (const bad of [0, -1, 1.5, 2 ** 53]) expect(() => set.add(bad)).toThrow(RangeError);
  });

  it("hashId: positive, below 2^53, stable, and spread", () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => `c-${i}`);
    const hashes = ids.map(hashId);
    for (const h of hashes) expect(h > 0 && Number.isSafeInteger(h)).toBe(true);
    expect(hashId("c-1")).toBe(hashes[1]);
    expect(new Set(hashes).size).toBe(ids.length);
  });
});
