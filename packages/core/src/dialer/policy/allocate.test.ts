import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AllocatorState, allocate, NO_RATIO_MESSAGE, splitRetries } from "./allocate.ts";

describe("ratio allocation", () => {
  it("interleaves by ratio and gives ratio 0 nothing", () => {
    const shares = [
      { segmentId: "a", ratio: 5 },
      { segmentId: "b", ratio: 1 },
      { segmentId: "c", ratio: 1 },
      { segmentId: "z", ratio: 0 },
    ];
    const { counts } = allocate(7, shares, { credit: {} });
    expect(Object.fromEntries(counts)).toEqual({ a: 5, b: 1, c: 1, z: 0 });
  });

  it("has nothing to hand out when every ratio is 0", () => {
    const { counts } = allocate(10, [{ segmentId: "a", ratio: 0 }], { credit: {} });
    expect(counts.get("a")).toBe(0);
    expect(NO_RATIO_MESSAGE).toMatch(/ratio above 0/);
  });

  it("drops the credits of segments left out", () => {
    const first = allocate(
      3,
      [
        { segmentId: "a", ratio: 1 },
        { segmentId: "b", ratio: 2 },
      ],
      { credit: {} },
    );
    const { state } = allocate(1, [{ segmentId: "b", ratio: 2 }], first.state);
    expect(Object.keys(state.credit)).toEqual(["b"]);
  });

  it("stays within 1 contact where picking the most credit falls behind (ratios 1, 6, 96, 96)", () => {
    const shares = [1, 6, 96, 96].map((ratio, i) => ({ segmentId: `s${i}`, ratio }));
    const totals = [0, 0, 0, 0];
    let state: AllocatorState = { credit: {} };
    for (let n = 1; n <= 2_000; n++) {
      const out = allocate(1, shares, state);
      state = out.state;
      shares.forEach((s, i) => {
        totals[i] = (totals[i] ?? 0) + (out.counts.get(s.segmentId) ?? 0);
        expect(Math.abs((totals[i] ?? 0) - (s.ratio / 199) * n)).toBeLessThan(1);
      });
    }
  });

  it("over 10,000 contacts in random batches, every segment is within 1 contact of its share", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 8 })
          .filter((r) => r.some((x) => x > 0)),
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 100 }),
        (ratios, batchSizes) => {
          const shares = ratios.map((ratio, i) => ({ segmentId: `s${i}`, ratio }));
          const sum = ratios.reduce((a, b) => a + b, 0);
          const totals = new Map<string, number>();
          let state: AllocatorState = { credit: {} };
          let dispensed = 0;
          for (let i = 0; dispensed < 10_000; i++) {
            const want = Math.min(batchSizes[i % batchSizes.length] ?? 1, 10_000 - dispensed);
            const out = allocate(want, shares, state);
            state = out.state;
            let got = 0;
            for (const [id, n] of out.counts) {
              totals.set(id, (totals.get(id) ?? 0) + n);
              got += n;
            }
            expect(got).toBe(want);
            dispensed += want;
            for (const s of shares) {
              expect(Math.abs((totals.get(s.segmentId) ?? 0) - (s.ratio / sum) * dispensed)).toBeLessThan(1);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe("retries and fresh", () => {
  it("takes ratio retries per 100 and fills each side from the other", () => {
    expect(splitRetries(100, 20, 50, 500)).toEqual({ retries: 20, fresh: 80 });
    expect(splitRetries(100, 20, 5, 500)).toEqual({ retries: 5, fresh: 95 });
    expect(splitRetries(100, 20, 50, 10)).toEqual({ retries: 50, fresh: 10 });
    expect(splitRetries(10, 0, 50, 0)).toEqual({ retries: 10, fresh: 0 });
    expect(splitRetries(10, 100, 0, 3)).toEqual({ retries: 0, fresh: 3 });
  });

  it("never exceeds n, the due retries or the fresh ones, and takes as many as it can", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (n, ratio, due, fresh) => {
          const out = splitRetries(n, ratio, due, fresh);
          expect(out.retries).toBeLessThanOrEqual(due);
          expect(out.fresh).toBeLessThanOrEqual(fresh);
          expect(out.retries + out.fresh).toBe(Math.min(n, due + fresh));
          if (out.fresh < fresh)
            expect(out.retries).toBeGreaterThanOrEqual(Math.min(due, Math.round((n * ratio) / 100)));
        },
      ),
    );
  });
});
