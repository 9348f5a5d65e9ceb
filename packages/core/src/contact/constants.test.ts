import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "./constants.ts";

describe("contact time zones", () => {
  it("offers about 60 zones, each a real IANA zone the dialer can compute callable windows in", () => {
    const zones = Object.values(TIME_ZONES);
    expect(zones.length).toBeGreaterThanOrEqual(55);
    expect(zones.length).toBeLessThanOrEqual(65);
    for (const zone of zones)
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone }), zone).not.toThrow();
    expect(TIME_ZONES[DEFAULT_TIME_ZONE]).toBe("America/Denver");
  });
});
