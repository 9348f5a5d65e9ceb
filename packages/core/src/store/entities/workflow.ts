import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * WorkflowWait — a task token a workflow execution waits on (a human step of onboarding). Written by the
 * wait task in both modes; completing it is a conditional write (waiting -> done), so a token completed
 * twice is refused once and for all, and the embedded runner re-creates a waiting execution from it after
 * a restart (docs/decisions.md "Onboarding workflow"). Provider-level: the reserved provider partition.
 * Access patterns: get by token hash; list the waits (embedded restart).
 */
export const WorkflowWaitEntity = new Entity({
  model: { entity: "workflowWait", version: "1", service: SERVICE },
  attributes: {
    /** sha256 of the token, base64url: Step Functions tokens run to a kilobyte, too long for a key. */
    tokenHash: { type: "string", required: true, readOnly: true },
    token: { type: "string", required: true },
    executionArn: { type: "string", required: true },
    state: { type: "string", required: true },
    /** The execution's input, so the embedded runner can re-create it at this state. */
    input: { type: "any", required: true },
    status: { type: ["waiting", "done", "failed"] as const, required: true, default: "waiting" },
    ...timestamps,
  },
  indexes: {
    byToken: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["tokenHash"] } },
  },
});

export type WorkflowWaitItem = EntityItem<typeof WorkflowWaitEntity>;

/**
 * WorkflowExecution — an execution of the embedded runner (on AWS Step Functions keeps them): its input,
 * status and history events, so the history outlives the process and a restart finds what was running.
 * Access patterns: get by arn; list all (restart).
 */
export const WorkflowExecutionEntity = new Entity({
  model: { entity: "workflowExecution", version: "1", service: SERVICE },
  attributes: {
    arn: { type: "string", required: true, readOnly: true },
    workflow: { type: "string", required: true },
    input: { type: "any", required: true },
    status: { type: ["RUNNING", "SUCCEEDED", "FAILED", "ABORTED"] as const, required: true },
    /** The history, oldest first (WorkflowEvent in core/src/workflows/port.ts). */
    events: { type: "list", items: { type: "any" }, required: true, default: () => [] },
    ...timestamps,
  },
  indexes: {
    byArn: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["arn"] } },
  },
});

export type WorkflowExecutionItem = EntityItem<typeof WorkflowExecutionEntity>;
export type CreateWorkflowExecutionItem = CreateEntityItem<typeof WorkflowExecutionEntity>;
