import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { eventBridgeAt, eventBridgeCron, eventBridgeExpression } from "./cron.ts";
import { scheduleName } from "./port.ts";
import { ScheduleTarget } from "./target.ts";

describe("eventBridgeCron", () => {
  it("adds the year and a ? for the day field left open", () => {
    expect(eventBridgeCron("*/15 * * * *")).toBe("cron(*/15 * * * ? *)");
    expect(eventBridgeCron("0 8 1 * *")).toBe("cron(0 8 1 * ? *)");
  });
  it("names the days of the week (Unix Sunday is 0 or 7, EventBridge counts from 1)", () => {
    expect(eventBridgeCron("30 9 * * 1-5")).toBe("cron(30 9 ? * MON-FRI *)");
    expect(eventBridgeCron("0 12 * * 0,6")).toBe("cron(0 12 ? * SUN,SAT *)");
    expect(eventBridgeCron("0 12 * * 7")).toBe("cron(0 12 ? * SUN *)");
  });
  it("refuses what EventBridge cannot express", () => {
    expect(() => eventBridgeCron("0 8 1 * 1")).toThrow(/both/);
    expect(() => eventBridgeCron("0 8 * *")).toThrow(/five fields/);
    expect(() => eventBridgeCron("0 8 * * 8")).toThrow(/0-7/);
  });
  it("writes rates in EventBridge's singular and plural", () => {
    expect(eventBridgeExpression({ rate: { value: 1, unit: "hours" } })).toBe("rate(1 hour)");
    expect(eventBridgeExpression({ rate: { value: 15, unit: "minutes" } })).toBe("rate(15 minutes)");
    expect(() => eventBridgeExpression({ rate: { value: 0, unit: "minutes" } })).toThrow();
  });
  it("writes a one-time instant as at(...) in UTC, to the second", () => {
    expect(eventBridgeAt("2027-03-01T08:30:15.250-05:00")).toBe("at(2027-03-01T13:30:15)");
    expect(eventBridgeExpression({ at: "2027-03-01T13:30:00Z" })).toBe("at(2027-03-01T13:30:00)");
    expect(() => eventBridgeAt("tomorrow")).toThrow(/ISO/);
  });
});

describe("ScheduleTarget", () => {
  it("reads each kind, and a campaign payload written before kinds existed", () => {
    expect(v.parse(ScheduleTarget, { tenant: "acme", campaignId: "c", action: "start" })).toEqual({
      kind: "campaign",
      tenant: "acme",
      campaignId: "c",
      action: "start",
    });
    expect(
      v.parse(ScheduleTarget, {
        kind: "campaign",
        tenant: "acme",
        campaignId: "c",
        action: "segmentRatio",
        eventId: 123_456,
      }),
    ).toMatchObject({ action: "segmentRatio", eventId: 123_456 });
    expect(
      v.parse(ScheduleTarget, { kind: "campaign", tenant: "acme", campaignId: "c", action: "expire" }),
    ).toMatchObject({ action: "expire" });
    expect(v.parse(ScheduleTarget, { kind: "sftpPoll", tenant: "acme", importId: "i" }).kind).toBe(
      "sftpPoll",
    );
    expect(v.parse(ScheduleTarget, { kind: "restPull", tenant: "acme", connectionId: "r" }).kind).toBe(
      "restPull",
    );
    expect(() => v.parse(ScheduleTarget, { kind: "restPull", tenant: "acme" })).toThrow();
    expect(() => v.parse(ScheduleTarget, { kind: "other", tenant: "acme" })).toThrow();
  });
  it("names schedules as EventBridge allows", () => {
    expect(scheduleName("sftp", "0b6c1f7e-1111-4222-8333-944445555666")).toBe(
      "sftp-0b6c1f7e-1111-4222-8333-944445555666",
    );
    expect(() => scheduleName("rest", "a/b")).toThrow();
  });
});
