import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABANDON_LIMIT, abandonRate, rollingDays } from "./abandon.ts";

describe("abandon rate", () => {
  it("is abandoned over answered across the days, null when nothing was answered, a warning above 3%", () => {
    expect(abandonRate([])).toEqual({ rate: null, answered: 0, abandoned: 0, warning: false });
    expect(abandonRate([{ answered: 0, abandoned: 0 }]).rate).toBeNull();
    expect(
      abandonRate([
        { answered: 60, abandoned: 2 },
        { answered: 40, abandoned: 1 },
      ]),
    ).toEqual({
      rate: 0.03,
      answered: 100,
      abandoned: 3,
      warning: false,
    });
    expect(abandonRate([{ answered: 100, abandoned: 4 }]).warning).toBe(true);
    expect(ABANDON_LIMIT).toBe(0.03);
  });

  it("warns exactly when the rate is above the limit", () => {
    // An abandoned call is one a live person answered: a day never has more abandoned than answered.
    const day = fc
      .integer({ min: 0, max: 1000 })
      .chain((answered) =>
        fc.record({ answered: fc.constant(answered), abandoned: fc.integer({ min: 0, max: answered }) }),
      );
    fc.assert(
      fc.property(fc.array(day, { maxLength: 30 }), (days) => {
        const out = abandonRate(days);
        expect(out.warning).toBe(out.abandoned * 100 > 3 * out.answered);
      }),
    );
  });

  it("rolls over the last 30 UTC days, today included", () => {
    const days = rollingDays(new Date("2026-03-05T23:59:00Z"), 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-02-04");
    expect(days[29]).toBe("2026-03-05");
    expect(rollingDays(Date.UTC(2026, 0, 1), 2)).toEqual(["2025-12-31", "2026-01-01"]);
  });
});
