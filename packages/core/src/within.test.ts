import { describe, expect, it, vi } from "vitest";
import { within } from "./within.ts";

describe("within", () => {
  it("answers the work's value when it settles in time, and never calls the fallback", async () => {
    const fallback = vi.fn(() => "late");
    expect(await within(Promise.resolve("done"), 1000, fallback)).toBe("done");
    expect(fallback).not.toHaveBeenCalled();
  });

  it("answers the fallback's value once the time is up, leaving the work running", async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<string>(() => {});
      const answer = within(never, 500, () => "late");
      await vi.advanceTimersByTimeAsync(500);
      expect(await answer).toBe("late");
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes a rejection of the work through", async () => {
    await expect(within(Promise.reject(new Error("broken")), 1000, () => "late")).rejects.toThrow("broken");
  });
});
