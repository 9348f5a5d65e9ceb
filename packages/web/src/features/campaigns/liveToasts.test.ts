import { describe, expect, it } from "vitest";
import { liveStatusMessage } from "./liveToasts.ts";

describe("live status toasts (spec 002 live updates)", () => {
  it("says Started on a change to Active and Stopped on a change to Completed or Expired", () => {
    expect(liveStatusMessage("Spring", "Pending", "Active")).toBe("Campaign Spring Started");
    expect(liveStatusMessage("Spring", "Paused", "Active")).toBe("Campaign Spring Started");
    expect(liveStatusMessage("Spring", "Active", "Completed")).toBe("Campaign Spring Stopped");
    expect(liveStatusMessage("Spring", "Pending", "Expired")).toBe("Campaign Spring Stopped");
  });

  it("says nothing for a pause or when the status stays", () => {
    expect(liveStatusMessage("Spring", "Active", "Paused")).toBeNull();
    expect(liveStatusMessage("Spring", "Active", "Active")).toBeNull();
  });
});
