import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ThrottledError } from "../error/index.ts";
import { DEFAULT_THROTTLE, lockSeconds, memoryThrottle } from "./throttle.ts";

/** A throttle on a clock the test moves by hand. */
function clocked(rules: Partial<typeof DEFAULT_THROTTLE> = {}) {
  let now = 1_000_000;
  const throttle = memoryThrottle({ rules, now: () => now });
  const refusal = (account: string, address?: string) => {
    try {
      throttle.attempt(account, address);
      return undefined;
    } catch (err) {
      if (!(err instanceof ThrottledError)) throw err;
      return err;
    }
  };
  return { throttle, refusal, tick: (seconds: number) => (now += seconds * 1000) };
}

describe("lockSeconds", () => {
  it("is free up to the allowance, then doubles up to the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (failures) => {
        const lock = lockSeconds(DEFAULT_THROTTLE, failures);
        if (failures <= DEFAULT_THROTTLE.freeFailures) return lock === 0;
        const next = lockSeconds(DEFAULT_THROTTLE, failures + 1);
        return (
          lock > 0 &&
          lock <= DEFAULT_THROTTLE.maxLockSeconds &&
          (next === 2 * lock || next === DEFAULT_THROTTLE.maxLockSeconds)
        );
      }),
    );
    expect([6, 7, 8, 9].map((n) => lockSeconds(DEFAULT_THROTTLE, n))).toEqual([1, 2, 4, 8]);
    expect(lockSeconds(DEFAULT_THROTTLE, 1000)).toBe(15 * 60);
  });
});

describe("memoryThrottle: per account", () => {
  it("locks an account after the free failures, refusing every attempt with a Retry-After that grows", () => {
    const { throttle, refusal, tick } = clocked();
    for (let i = 0; i < 5; i++) expect(refusal("a@x")).toBeUndefined();
    // The sixth failure locks for 1 s: the next attempt, whatever its password, waits.
    expect(refusal("a@x")).toBeUndefined();
    expect(refusal("a@x")?.retryAfterSeconds).toBe(1);
    tick(1);
    expect(refusal("a@x")).toBeUndefined();
    expect(refusal("a@x")?.retryAfterSeconds).toBe(2);
    tick(2);
    expect(refusal("a@x")).toBeUndefined();
    expect(refusal("a@x")?.retryAfterSeconds).toBe(4);
    // Another account is untouched.
    expect(refusal("b@x")).toBeUndefined();
    throttle.succeeded("b@x", undefined);
  });

  it("forgets the failures on success and after a quiet spell", () => {
    const { throttle, refusal, tick } = clocked();
    for (let i = 0; i < 6; i++) refusal("a@x");
    tick(1);
    expect(refusal("a@x")).toBeUndefined();
    throttle.succeeded("a@x", undefined);
    for (let i = 0; i < 6; i++) expect(refusal("a@x")).toBeUndefined();
    expect(refusal("a@x")).toBeInstanceOf(ThrottledError);
    tick(15 * 60 + 1);
    for (let i = 0; i < 6; i++) expect(refusal("a@x")).toBeUndefined();
  });

  it("runs the lockout from when the failure is answered, not from when the check began", () => {
    const { throttle, refusal, tick } = clocked({ freeFailures: 0, baseLockSeconds: 10 });
    refusal("a@x");
    tick(8);
    throttle.failed("a@x");
    tick(5);
    expect(refusal("a@x")?.retryAfterSeconds).toBe(5);
  });

  it("answers 429 with a code and a message that says when to come back", () => {
    const { refusal } = clocked({ freeFailures: 0, baseLockSeconds: 30 });
    refusal("a@x");
    const err = refusal("a@x") as ThrottledError;
    expect(err).toMatchObject({ kind: "too_many", code: "auth.too_many_attempts", retryAfterSeconds: 30 });
    expect(err.message).toBe("Too many sign-in attempts. Try again in 30 seconds.");
  });

  it("never lets more than the free failures plus one through in any burst without time passing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 100 }), (free, burst) => {
        const { refusal } = clocked({ freeFailures: free });
        let through = 0;
        for (let i = 0; i < burst; i++) if (!refusal("a@x")) through++;
        return through === Math.min(burst, free + 1);
      }),
    );
  });
});

describe("memoryThrottle: per address", () => {
  it("refuses an address after too many failures across many accounts, until its window ends", () => {
    const { refusal, tick } = clocked({ addressFailures: 10, addressWindowSeconds: 60 });
    for (let i = 0; i < 10; i++) expect(refusal(`u${i}@x`, "203.0.113.9")).toBeUndefined();
    tick(1);
    expect(refusal("u10@x", "203.0.113.9")).toBeUndefined();
    expect(refusal("fresh@x", "203.0.113.9")?.retryAfterSeconds).toBe(59);
    // Another address, same accounts' neighbours: untouched.
    expect(refusal("fresh@x", "198.51.100.7")).toBeUndefined();
    tick(59);
    expect(refusal("fresh@x", "203.0.113.9")).toBeUndefined();
  });

  it("counts only failures: successful sign-ins from one address never add up", () => {
    const { throttle, refusal } = clocked({ addressFailures: 3 });
    for (let i = 0; i < 50; i++) {
      expect(refusal(`user${i}@x`, "10.0.0.1")).toBeUndefined();
      throttle.succeeded(`user${i}@x`, "10.0.0.1");
    }
    for (let i = 0; i < 3; i++) expect(refusal(`bad${i}@x`, "10.0.0.1")).toBeUndefined();
    expect(refusal("one-more@x", "10.0.0.1")).toBeUndefined();
    expect(refusal("next@x", "10.0.0.1")).toBeInstanceOf(ThrottledError);
  });
});
