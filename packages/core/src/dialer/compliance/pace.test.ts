import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, dailyCapOf, type PaceState, paceAllows, WEEK_MS, withAttempt, withRpc } from "./pace.ts";

const ET = "America/New_York";
const FL = "America/Chicago,America/New_York|FL";
const T0 = Date.UTC(2026, 6, 1);
const HOUR = 3_600_000;

/** Steps of a simulated dialer: wait some time, then try an attempt (and maybe reach the person). */
const steps = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 30 * HOUR }), fc.boolean(), fc.integer({ min: 0, max: 30 })),
  {
    minLength: 1,
    maxLength: 120,
  },
);

/** Runs the steps; attempts allowed are made, refused ones are retried at `until` once (which must be allowed). */
function simulate(input: [number, boolean, number][], regF: boolean, windowClass: string) {
  let pace: PaceState = { attempts: [] };
  const made: number[] = [];
  const rpcs: number[] = [];
  let now = T0;
  for (const [wait, tryNow, rpcRoll] of input) {
    now += wait;
    if (!tryNow) continue;
    const verdict = paceAllows(pace, now, { regF, windowClass });
    if (!verdict.ok) {
      expect(verdict.until).toBeGreaterThan(now);
      expect(paceAllows(pace, verdict.until, { regF, windowClass }).ok).toBe(true);
      expect(paceAllows(pace, verdict.until - 1, { regF, windowClass }).ok).toBe(false);
      continue;
    }
    pace = withAttempt(pace, now);
    made.push(now);
    if (rpcRoll === 0) {
      pace = withRpc(pace, now);
      rpcs.push(now);
    }
  }
  return { made, rpcs };
}

const inSpan = (made: number[], from: number, span: number) =>
  made.filter((t) => t >= from && t < from + span).length;

describe("call frequency", () => {
  it("Reg F: the eighth attempt in 7 days waits for the first to age out; none for 7 days after a conversation", () => {
    let pace: PaceState = { attempts: [] };
    for (let i = 0; i < 7; i++) pace = withAttempt(pace, T0 + i * HOUR);
    const rules = { regF: true, windowClass: ET };
    expect(paceAllows(pace, T0 + 7 * HOUR, rules)).toEqual({
      ok: false,
      until: T0 + WEEK_MS,
      rule: "regF7in7",
    });
    expect(paceAllows(pace, T0 + WEEK_MS, rules)).toEqual({ ok: true });
    expect(paceAllows(pace, T0 + 7 * HOUR, { regF: false, windowClass: ET })).toEqual({ ok: true });
    const talked = withRpc({ attempts: [T0] }, T0);
    expect(paceAllows(talked, T0 + DAY_MS, rules)).toEqual({
      ok: false,
      until: T0 + WEEK_MS,
      rule: "regFAfterRpc",
    });
    expect(paceAllows(talked, T0 + WEEK_MS, rules)).toEqual({ ok: true });
  });

  it("Florida: a fourth call in 24 hours waits, whatever the Reg F option", () => {
    expect(dailyCapOf(FL)).toBe(3);
    expect(dailyCapOf(ET)).toBeNull();
    const pace = [0, 1, 2].reduce<PaceState>((p, i) => withAttempt(p, T0 + i * HOUR), { attempts: [] });
    expect(paceAllows(pace, T0 + 3 * HOUR, { regF: false, windowClass: FL })).toEqual({
      ok: false,
      until: T0 + DAY_MS,
      rule: "stateDaily",
    });
    expect(paceAllows(pace, T0 + 3 * HOUR, { regF: false, windowClass: ET })).toEqual({ ok: true });
  });

  it("withAttempt keeps only the last 7 days", () => {
    const pace = withAttempt({ attempts: [T0, T0 + DAY_MS] }, T0 + WEEK_MS + HOUR);
    expect(pace.attempts).toEqual([T0 + DAY_MS, T0 + WEEK_MS + HOUR]);
  });

  it("no sequence of allowed attempts puts 8 in 7 days, one in the 7 days after a conversation, or 4 in 24 hours in Florida", () => {
    fc.assert(
      fc.property(steps, fc.constantFrom(ET, FL), (input, windowClass) => {
        const { made, rpcs } = simulate(input, true, windowClass);
        for (const t of made) expect(inSpan(made, t, WEEK_MS)).toBeLessThanOrEqual(7);
        for (const r of rpcs) expect(made.filter((t) => t > r && t < r + WEEK_MS)).toEqual([]);
        if (windowClass === FL) for (const t of made) expect(inSpan(made, t, DAY_MS)).toBeLessThanOrEqual(3);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("without Reg F only the state cap limits", () => {
    fc.assert(
      fc.property(steps, (input) => {
        const tries = input.filter(([, tryNow]) => tryNow).length;
        expect(simulate(input, false, ET).made.length).toBe(tries);
        const { made } = simulate(input, false, FL);
        for (const t of made) expect(inSpan(made, t, DAY_MS)).toBeLessThanOrEqual(3);
      }),
    );
  });
});
