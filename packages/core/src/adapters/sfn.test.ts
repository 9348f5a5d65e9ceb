import { describe, expect, it } from "vitest";
import { toEvent } from "./sfn.ts";

const at = new Date("2026-11-25T10:00:00.000Z");

describe("Step Functions history as the Workflows port's events", () => {
  it("maps entered and exited states with their input and output", () => {
    expect(
      toEvent({
        type: "TaskStateEntered",
        timestamp: at,
        id: 2,
        stateEnteredEventDetails: { name: "CreateApplication", input: '{"vendorId":"v1"}' },
      }),
    ).toEqual({
      at: at.toISOString(),
      type: "StateEntered",
      state: "CreateApplication",
      input: { vendorId: "v1" },
    });
    expect(
      toEvent({
        type: "ChoiceStateExited",
        timestamp: at,
        id: 3,
        stateExitedEventDetails: { name: "Route", output: "not json" },
      }),
    ).toEqual({ at: at.toISOString(), type: "StateExited", state: "Route", output: "not json" });
  });

  it("maps failures with their error and cause, and leaves task plumbing out", () => {
    expect(
      toEvent({
        type: "TaskFailed",
        timestamp: at,
        id: 4,
        taskFailedEventDetails: {
          resourceType: "lambda",
          resource: "invoke",
          error: "PartnerUnavailable",
          cause: "createAppFromLandingPage answered 500",
        },
      }),
    ).toMatchObject({
      type: "StateFailed",
      error: "PartnerUnavailable",
      cause: "createAppFromLandingPage answered 500",
    });
    expect(
      toEvent({
        type: "ExecutionFailed",
        timestamp: at,
        id: 9,
        executionFailedEventDetails: { error: "OnboardingStepFailed" },
      }),
    ).toMatchObject({ type: "ExecutionFailed", error: "OnboardingStepFailed" });
    expect(toEvent({ type: "TaskScheduled", timestamp: at, id: 5 })).toBeNull();
    expect(toEvent({ type: "TaskSubmitted", timestamp: at, id: 6 })).toBeNull();
  });
});
