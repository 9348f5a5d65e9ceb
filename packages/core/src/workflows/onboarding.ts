import type { State, StateMachine } from "./asl.ts";

/**
 * Merchant onboarding (spec 003 §2.8, §4 "Vendor status"), one execution per vendor:
 *
 *   CreateApplication -> AwaitPricing* -> SaveFees -> UpdateApplication (ApplicationUpdated)
 *   -> EmailApplicationLink -> AwaitApplicationComplete* -> AwaitGatewayCredentials*
 *   -> SaveGatewayToken (OnBoardComplete) -> AwaitApproval* -> Approve (Approved)
 *
 * Starred states are task-token waits completed by the stepper's buttons (the API sends task success).
 * Every task runs one Lambda (the `${OnboardingTaskFunction}` substitution, filled by stacks/Workflows.ts;
 * the embedded runner binds each state to the same task function by name). Partner and gateway outages
 * are retried with backoff here, not in code; a step that still fails goes to RecordFailure, which
 * leaves the vendor in its last good status with the error, and the execution ends Failed. The input's
 * `resumeAt` (Route) starts an execution at any step, so a failed onboarding resumes where it stopped
 * and a waiting one is re-created at its wait after a restart (docs/decisions.md).
 */

/** The Lambda that runs every task; stacks/Workflows.ts substitutes its ARN. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a CDK definition substitution, not a template
export const ONBOARDING_TASK_FUNCTION = "${OnboardingTaskFunction}";

/** The states a human step waits on (task tokens), in order. */
export const ONBOARDING_WAITS = [
  "AwaitPricing",
  "AwaitApplicationComplete",
  "AwaitGatewayCredentials",
  "AwaitApproval",
] as const;
export type OnboardingWait = (typeof ONBOARDING_WAITS)[number];

/** The task states (each a step of the task function). */
export const ONBOARDING_TASKS = [
  "CreateApplication",
  "SaveFees",
  "UpdateApplication",
  "EmailApplicationLink",
  "SaveGatewayToken",
  "Approve",
] as const;
export type OnboardingTask = (typeof ONBOARDING_TASKS)[number];

export type OnboardingStep = OnboardingTask | OnboardingWait;
export const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  "CreateApplication",
  "AwaitPricing",
  "SaveFees",
  "UpdateApplication",
  "EmailApplicationLink",
  "AwaitApplicationComplete",
  "AwaitGatewayCredentials",
  "SaveGatewayToken",
  "AwaitApproval",
  "Approve",
];

/** Errors the task function throws for an outside system that is down or slow: retried with backoff. */
export const TRANSIENT_ERRORS = [
  "PartnerUnavailable",
  "States.Timeout",
  "Lambda.ServiceException",
  "Lambda.AWSLambdaException",
  "Lambda.SdkClientException",
  "Lambda.TooManyRequestsException",
];

/** 2 s, 4 s, 8 s: a partner that is down for a quarter of a minute does not fail the onboarding. */
export const ONBOARDING_RETRY = { IntervalSeconds: 2, MaxAttempts: 3, BackoffRate: 2 };

/** A partner call is given this long (the client's own deadline is shorter). */
const TASK_TIMEOUT_SECONDS = 30;

/**
 * How long a human step may take before the execution gives up on it (the vendor keeps its status and
 * the onboarding is resumed from the console). 14 days: a merchant fills the application in days, and
 * the embedded runner's timer cannot go past 24.8 days.
 */
export const WAIT_TIMEOUT_SECONDS = 14 * 24 * 3600;

/** What every task is told: the vendor, the SuperAdmin's tenant that started it, the execution. */
const CONTEXT = { "vendorId.$": "$.vendorId", "tenant.$": "$.tenant", "executionArn.$": "$$.Execution.Id" };

const catchAll = [{ ErrorEquals: ["States.ALL"], ResultPath: "$.failure", Next: "RecordFailure" }];

function task(step: OnboardingTask, next: string | null, payload: Record<string, unknown> = {}): State {
  return {
    Type: "Task",
    Comment: `Runs the ${step} step of the onboarding task function`,
    Resource: "arn:aws:states:::lambda:invoke",
    Parameters: {
      FunctionName: ONBOARDING_TASK_FUNCTION,
      Payload: { step, ...CONTEXT, ...payload },
    },
    ResultSelector: { "value.$": "$.Payload" },
    ResultPath: `$.results.${step}`,
    TimeoutSeconds: TASK_TIMEOUT_SECONDS,
    Retry: [{ ErrorEquals: TRANSIENT_ERRORS, ...ONBOARDING_RETRY }],
    Catch: catchAll,
    ...(next ? { Next: next } : { End: true as const }),
  };
}

function wait(step: OnboardingWait, next: string): State {
  return {
    Type: "Task",
    Comment: `Waits for the stepper to complete ${step} (task token)`,
    Resource: "arn:aws:states:::lambda:invoke.waitForTaskToken",
    Parameters: {
      FunctionName: ONBOARDING_TASK_FUNCTION,
      Payload: { step, ...CONTEXT, "taskToken.$": "$$.Task.Token" },
    },
    ResultPath: `$.results.${step}`,
    TimeoutSeconds: WAIT_TIMEOUT_SECONDS,
    Retry: [{ ErrorEquals: TRANSIENT_ERRORS, ...ONBOARDING_RETRY }],
    Catch: catchAll,
    Next: next,
  };
}

export const OnboardingWorkflow = {
  Comment: "ReachCX merchant onboarding: one execution per vendor (spec 003 §2.8, §4)",
  StartAt: "Route",
  States: {
    Route: {
      Type: "Choice",
      Comment: "Starts at $.resumeAt: a new onboarding at CreateApplication, a resumed one where it stopped",
      Choices: ONBOARDING_STEPS.map((step) => ({ Variable: "$.resumeAt", StringEquals: step, Next: step })),
      Default: "CreateApplication",
    },
    CreateApplication: task("CreateApplication", "AwaitPricing"),
    AwaitPricing: wait("AwaitPricing", "SaveFees"),
    SaveFees: task("SaveFees", "UpdateApplication", { "pricing.$": "$.results.AwaitPricing" }),
    UpdateApplication: task("UpdateApplication", "EmailApplicationLink"),
    EmailApplicationLink: task("EmailApplicationLink", "AwaitApplicationComplete"),
    AwaitApplicationComplete: wait("AwaitApplicationComplete", "Repriced"),
    Repriced: {
      Type: "Choice",
      Comment:
        "New pricing sent while the merchant had not finished: save it and update the application again",
      Choices: [
        { Variable: "$.results.AwaitApplicationComplete.pricing", IsPresent: true, Next: "TakeNewPricing" },
      ],
      Default: "AwaitGatewayCredentials",
    },
    TakeNewPricing: {
      Type: "Pass",
      Comment: "The new pricing becomes the pricing SaveFees saves",
      InputPath: "$.results.AwaitApplicationComplete.pricing",
      ResultPath: "$.results.AwaitPricing",
      Next: "SaveFees",
    },
    AwaitGatewayCredentials: wait("AwaitGatewayCredentials", "SaveGatewayToken"),
    SaveGatewayToken: task("SaveGatewayToken", "AwaitApproval", {
      "credentials.$": "$.results.AwaitGatewayCredentials",
    }),
    AwaitApproval: wait("AwaitApproval", "Approve"),
    Approve: task("Approve", null),
    RecordFailure: {
      Type: "Task",
      Comment: "Keeps the vendor in its last good status and records the error, then fails the execution",
      Resource: "arn:aws:states:::lambda:invoke",
      Parameters: {
        FunctionName: ONBOARDING_TASK_FUNCTION,
        Payload: { step: "RecordFailure", ...CONTEXT, "failure.$": "$.failure" },
      },
      ResultPath: null,
      TimeoutSeconds: TASK_TIMEOUT_SECONDS,
      Retry: [{ ErrorEquals: ["States.ALL"], ...ONBOARDING_RETRY }],
      Next: "Failed",
    },
    Failed: { Type: "Fail", Error: "OnboardingStepFailed", Cause: "A step failed; the vendor records which" },
  },
} satisfies StateMachine;
