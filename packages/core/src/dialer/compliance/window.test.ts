import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STATE_RULES } from "./states.ts";
import { callableWindow, isCallable, nextCallable, openClasses, windowClassOf } from "./window.ts";
import { AREA_CODE_STATE, STATE_ZONES, stateOfPhone, stateOfZip, US_ZONES, zoneOfTimeZone } from "./zones.ts";

const ET = "America/New_York";
const CT = "America/Chicago";

/** Local "HH:MM" in a zone, straight from Intl (independent of window.ts's offset cache). */
function localHHMM(zone: string, ms: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(ms)
    .slice(0, 5);
}

const zonePool = [
  ...US_ZONES,
  "America/Puerto_Rico",
  "Pacific/Guam",
  "Pacific/Pago_Pago",
  "Europe/London",
  "Asia/Shanghai",
];
const windowClass = fc
  .tuple(
    fc.uniqueArray(fc.constantFrom(...zonePool), { minLength: 1, maxLength: 4 }),
    fc.uniqueArray(fc.constantFrom(...Object.keys(STATE_RULES)), { maxLength: 2 }),
  )
  .map(
    ([zones, states]) =>
      `${[...zones].sort().join(",")}${states.length ? `|${[...states].sort().join(",")}` : ""}`,
  );
/** Instants across 2025-2028, DST changes included. */
const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) });

describe("window classes", () => {
  it("is the union of the zones every source names, with the state rules any source points at", () => {
    expect(windowClassOf({ timeZone: "Eastern", state: "NY", zip: "10001", phone: "212-555-0100" })).toBe(ET);
    expect(windowClassOf({ state: "FL" })).toBe(`${CT},${ET}|FL`);
    expect(windowClassOf({ timeZone: "Eastern", zip: "33101" })).toBe(`${CT},${ET}|FL`);
    expect(windowClassOf({ timeZone: "Eastern", cell: "+1 (305) 555-0100" })).toBe(`${CT},${ET}|FL`);
    expect(windowClassOf({ timeZone: "Pacific", phone: "2125550100" })).toBe(`America/Los_Angeles,${ET}`);
    expect(windowClassOf({ state: "AZ" })).toBe("America/Denver,America/Phoenix");
    expect(windowClassOf({ state: "AK" })).toBe("America/Adak,America/Anchorage");
    expect(windowClassOf({ timeZone: "Europe/Paris" })).toBe("Europe/Paris");
    expect(windowClassOf({ timeZone: "America/Indiana/Indianapolis" })).toBe(ET);
    expect(windowClassOf({ state: "md", timeZone: "Eastern" })).toBe(`${ET}|MD`);
  });

  it("knows nothing from toll-free numbers, bad zips or unknown zones: then every US zone and every state rule", () => {
    const unknown = windowClassOf({
      phone: "800-555-0100",
      cell: "8885550100",
      zip: "ABCDE",
      timeZone: "Mars",
    });
    expect(unknown).toBe(windowClassOf({}));
    expect(callableWindow(unknown).zones).toEqual([...US_ZONES].sort());
    expect(callableWindow(unknown).states).toEqual(Object.keys(STATE_RULES).sort());
    expect(stateOfPhone("8005550100")).toBeNull();
    expect(stateOfZip("340")).toBeNull();
  });

  it("maps zips, area codes and console zones to what the tables say", () => {
    expect(stateOfZip("02108")).toBe("MA");
    expect(stateOfZip("99501-1234")).toBe("AK");
    expect(stateOfZip("96799")).toBe("AS");
    expect(stateOfZip("00901")).toBe("PR");
    expect(stateOfZip("34001")).toBeNull();
    expect(stateOfPhone("1-907-555-0100")).toBe("AK");
    expect(zoneOfTimeZone("Mountain")).toBe("America/Denver");
    expect(zoneOfTimeZone("Chamorro")).toBe("Pacific/Guam");
    for (const state of AREA_CODE_STATE.values()) expect(STATE_ZONES[state], state).toBeDefined();
    expect(AREA_CODE_STATE.size).toBeGreaterThan(300);
  });

  it("is deterministic whatever order the sources come in", () => {
    const source = fc.record({
      timeZone: fc.constantFrom(null, "Eastern", "Central", "Hawaii", "Mountain"),
      state: fc.constantFrom(null, "FL", "TX", "OK", "CA"),
      zip: fc.constantFrom(null, "33101", "73301", "99501"),
      phone: fc.constantFrom(null, "3055550100", "8005550100", "4055550100"),
      cell: fc.constantFrom(null, "9075550100", "2065550100"),
    });
    fc.assert(
      fc.property(source, (c) => {
        const key = windowClassOf(c);
        expect(windowClassOf({ ...c })).toBe(key);
        expect(
          windowClassOf({ phone: c.cell, cell: c.phone, timeZone: c.timeZone, state: c.state, zip: c.zip }),
        ).toBe(key);
        expect(key).not.toContain("#");
      }),
    );
  });
});

describe("calling window", () => {
  it("is 08:00-21:00 local, DST-correct", () => {
    expect(isCallable(ET, new Date("2026-07-15T12:00:00Z"))).toBe(true); // 08:00 EDT
    expect(isCallable(ET, new Date("2026-07-15T11:59:00Z"))).toBe(false);
    expect(isCallable(ET, new Date("2026-07-16T00:59:00Z"))).toBe(true); // 20:59 EDT
    expect(isCallable(ET, new Date("2026-07-16T01:00:00Z"))).toBe(false); // 21:00 EDT
    // 2026-03-08 US clocks spring forward: 12:30Z is 07:30 EST on the 7th, 08:30 EDT on the 9th.
    expect(isCallable(ET, new Date("2026-03-07T12:30:00Z"))).toBe(false);
    expect(isCallable(ET, new Date("2026-03-09T12:30:00Z"))).toBe(true);
    // 2026-11-01 they fall back: 12:30Z is 08:30 EDT on October 31, 07:30 EST on November 1.
    expect(isCallable(ET, new Date("2026-10-31T12:30:00Z"))).toBe(true);
    expect(isCallable(ET, new Date("2026-11-01T12:30:00Z"))).toBe(false);
    expect(isCallable("America/Phoenix", new Date("2026-07-15T15:00:00Z"))).toBe(true); // 08:00 MST
  });

  it("closes at 20:00 where Florida's rule applies, in every zone of the class", () => {
    const fl = `${CT},${ET}|FL`;
    expect(callableWindow(fl)).toEqual({ zones: [CT, ET], start: "08:00", end: "20:00", states: ["FL"] });
    expect(isCallable(fl, new Date("2026-07-15T23:59:00Z"))).toBe(true); // 19:59 EDT
    expect(isCallable(fl, new Date("2026-07-16T00:00:00Z"))).toBe(false); // 20:00 EDT
    expect(isCallable(fl, new Date("2026-07-15T12:30:00Z"))).toBe(false); // 07:30 CDT
    expect(isCallable(fl, new Date("2026-07-15T13:00:00Z"))).toBe(true); // 08:00 CDT
    expect(openClasses([ET, fl], new Date("2026-07-15T12:30:00Z"))).toEqual([ET]);
  });

  it("opens a class of several zones only where their windows overlap", () => {
    const coasts = windowClassOf({ timeZone: "Pacific", phone: "212-555-0100" });
    expect(isCallable(coasts, new Date("2026-07-15T14:59:00Z"))).toBe(false); // 10:59 EDT, 07:59 PDT
    expect(isCallable(coasts, new Date("2026-07-15T15:00:00Z"))).toBe(true); // 11:00 EDT, 08:00 PDT
    expect(isCallable(coasts, new Date("2026-07-16T00:59:00Z"))).toBe(true); // 20:59 EDT
    expect(isCallable(coasts, new Date("2026-07-16T01:00:00Z"))).toBe(false); // 21:00 EDT, 18:00 PDT
    expect(nextCallable(coasts, new Date("2026-07-15T12:00:00Z"))).toEqual(new Date("2026-07-15T15:00:00Z"));
  });

  it("is never callable outside the window in any zone of the class", () => {
    fc.assert(
      fc.property(windowClass, instant, (c, ms) => {
        const { zones, start, end } = callableWindow(c);
        const inside = zones.every((z) => {
          const hhmm = localHHMM(z, ms);
          return hhmm >= start && hhmm < end;
        });
        expect(isCallable(c, new Date(ms))).toBe(inside);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it("nextCallable is callable and no earlier minute is", () => {
    fc.assert(
      fc.property(windowClass, instant, (c, ms) => {
        const now = new Date(ms);
        const next = nextCallable(c, now);
        if (next === null) {
          for (let t = ms; t < ms + 2 * 86_400_000; t += 60_000)
            expect(isCallable(c, new Date(t))).toBe(false);
          return;
        }
        expect(next.getTime()).toBeGreaterThanOrEqual(ms);
        expect(isCallable(c, next)).toBe(true);
        if (next.getTime() === ms) return;
        expect(next.getTime() % 60_000).toBe(0);
        expect(isCallable(c, now)).toBe(false);
        for (let t = Math.ceil(ms / 60_000) * 60_000; t < next.getTime(); t += 60_000) {
          expect(isCallable(c, new Date(t))).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("an empty overlap is never callable", () => {
    const never = "America/Los_Angeles,Asia/Shanghai,Etc/UTC";
    expect(nextCallable(never, new Date("2026-07-15T00:00:00Z"))).toBeNull();
    expect(nextCallable(never, new Date("2026-01-15T00:00:00Z"))).toBeNull();
    expect(nextCallable(`${ET},Pacific/Guam,Pacific/Honolulu`, new Date("2026-07-15T02:00:00Z"))).toEqual(
      new Date("2026-07-15T22:00:00Z"),
    );
  });
});
