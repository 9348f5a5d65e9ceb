import { describe, expect, it } from "vitest";
import { callMsOf, inFlightOf, testClockOf } from "./dialer.ts";
import { StartupError } from "./errors.ts";

describe("the embedded dialer's settings", () => {
  it("reads CXONE_SIM_CALL_MS as a range or one length, and refuses anything else at start", () => {
    expect(callMsOf(undefined)).toBeUndefined();
    expect(callMsOf("2000-8000")).toEqual([2000, 8000]);
    expect(callMsOf(" 500 ")).toEqual([500, 500]);
    for (const bad of ["8000-2000", "fast", "-5", "1.5"]) expect(() => callMsOf(bad)).toThrow(StartupError);
  });

  it("reads DIALER_IN_FLIGHT as a whole number from 1", () => {
    expect(inFlightOf(undefined)).toBeUndefined();
    expect(inFlightOf("25")).toBe(25);
    for (const bad of ["0", "-1", "2.5", "many"]) expect(() => inFlightOf(bad)).toThrow(StartupError);
  });

  it("reads DIALER_TEST_UTC_HOUR as the next such hour going on, never behind the real clock, only for an instance that keeps nothing", () => {
    expect(testClockOf(undefined, true)).toBeUndefined();
    const before = Date.now();
    const clock = testClockOf("17", true);
    const at = clock?.() as Date;
    expect(at.getUTCHours()).toBe(17);
    expect(at.getUTCMinutes()).toBe(0);
    expect(at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(at.getTime() - before).toBeLessThan(86_400_000);
    expect(() => testClockOf("17", false)).toThrow(StartupError);
    for (const bad of ["24", "-1", "9.5", "noon"]) expect(() => testClockOf(bad, true)).toThrow(StartupError);
  });
});
