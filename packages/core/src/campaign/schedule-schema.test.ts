import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  eventCron,
  FILL_ALL_FIELDS_MESSAGE,
  knownTimeZone,
  nextEventTime,
  randomEventId,
  ScheduleRequest,
} from "./schedule-schema.ts";

describe("schedule events (spec 002 §5, §9)", () => {
  it("offers 08:00, then 5 minutes later after each add, wrapping at midnight", () => {
    expect(nextEventTime("08:00")).toBe("08:05");
    expect(nextEventTime("09:58")).toBe("10:03");
    expect(nextEventTime("23:57")).toBe("00:02");
  });

  it("draws 6-digit ids", () => {
    expect(randomEventId(() => 0)).toBe(100_000);
    expect(randomEventId(() => 0.999_999_9)).toBe(999_999);
  });

  it("writes the weekly cron with the days in order, each once", () => {
    expect(eventCron({ time: "08:05", days: [5, 1, 3] })).toBe("5 8 * * 1,3,5");
    expect(eventCron({ time: "00:00", days: [0] })).toBe("0 0 * * 0");
  });

  it("knows IANA zones and refuses others", () => {
    expect(knownTimeZone("America/New_York")).toBe(true);
    expect(knownTimeZone("Mars/Olympus")).toBe(false);
    expect(knownTimeZone("")).toBe(false);
  });

  it("reads both forms of the call, and answers a missing day, time or action with the spec's sentence", () => {
    const event = { id: 123_456, days: [1], time: "08:00", timeZone: "UTC", action: "start" };
    expect(v.parse(ScheduleRequest, { campaignId: "c", eventType: "campaignStatus", event })).toMatchObject({
      eventType: "campaignStatus",
      event,
    });
    expect(v.parse(ScheduleRequest, { delete: true, campaignId: "c", event })).toEqual({
      delete: true,
      campaignId: "c",
      event: { id: 123_456 },
    });
    for (const missing of ["days", "time", "action"]) {
      const { [missing]: _, ...rest } = event as Record<string, unknown>;
      const result = v.safeParse(ScheduleRequest, {
        campaignId: "c",
        eventType: "campaignStatus",
        event: rest,
      });
      expect(result.issues?.map((i) => i.message)).toContain(FILL_ALL_FIELDS_MESSAGE);
    }
    const ratios = { ...event, action: undefined, segments: [{ segmentId: "s", segmentRatio: 101 }] };
    expect(
      v.safeParse(ScheduleRequest, { campaignId: "c", eventType: "segmentRatio", event: ratios }).success,
    ).toBe(false);
  });
});
