import { dispositionOf } from "@reachcx/core/disposition/index";
import { describe, expect, it } from "vitest";
import { AGENTS, playOutcome, resultOf } from "./cxone-calls.ts";

const now = new Date("2026-11-25T15:00:00.000Z");
/** A draw that answers `pick` for the outcome and the middle of every other range. */
const drawing = (pick: number) => {
  let first = true;
  return (n: number) => {
    if (first) {
      first = false;
      return pick;
    }
    return Math.floor(n / 2);
  };
};

describe("the CXone simulator's calls", () => {
  it("ends every call with a catalogue code, in the mix's proportions", () => {
    const seen = new Map<number, number>();
    for (let pick = 0; pick < 100; pick++) {
      const outcome = playOutcome(now, drawing(pick));
      expect(dispositionOf(outcome.disposition), String(outcome.disposition)).toBeDefined();
      seen.set(outcome.disposition, (seen.get(outcome.disposition) ?? 0) + 1);
    }
    expect(seen.get(20)).toBe(35); // No Answer
    expect((seen.get(19) ?? 0) + (seen.get(11) ?? 0) + (seen.get(12) ?? 0)).toBe(20); // answering machines
    expect(seen.get(15)).toBe(8); // Busy
    expect(seen.get(4)).toBe(1); // Negative - DNC - BU
  });

  it("gives a connected call an agent and talk time, a machine a short one, an unanswered one none", () => {
    const live = playOutcome(now, drawing(63)); // within Positive w/Amount
    expect(live.disposition).toBe(1);
    expect(AGENTS).toContain(live.agent);
    expect(live.durationSec).toBeGreaterThanOrEqual(30);
    const machine = playOutcome(now, drawing(40)); // Answering Machine
    expect(machine).toMatchObject({ disposition: 19 });
    expect(machine.durationSec).toBeGreaterThanOrEqual(5);
    expect(machine).not.toHaveProperty("agent");
    expect(playOutcome(now, drawing(0))).toEqual({ disposition: 20, durationSec: 0 });
  });

  it("names a callback time for a call rescheduled to a specified time, 1 to 48 hours out", () => {
    const callback = playOutcome(now, drawing(76)); // Retry - Rescheduled Specified Date/Time
    expect(callback.disposition).toBe(8);
    const hours = (Date.parse(callback.callbackAt as string) - now.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(1);
    expect(hours).toBeLessThanOrEqual(48);
  });

  it("splits the script's value back into the result's campaign and attempt key", () => {
    const contact = {
      businessUnitId: 1,
      contactId: 987654321,
      scriptId: 2,
      skillId: 3,
      parameters: "2125550100|camp-1:camp-1-abc-123|contact-9|3",
    };
    expect(resultOf(contact, now, drawing(0))).toEqual({
      campaignId: "camp-1",
      attemptKey: "camp-1-abc-123",
      contactId: "contact-9",
      platformContactId: "987654321",
      disposition: 20,
      durationSec: 0,
    });
    expect(resultOf({ ...contact, parameters: "2125550100|no-campaign|contact-9" }, now)).toBeNull();
  });
});
