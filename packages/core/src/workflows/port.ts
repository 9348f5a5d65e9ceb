/**
 * The Workflows port: Step Functions on AWS (adapters/sfn.ts), the same ASL run in process by
 * aws-local-stepfunctions in embedded mode (packages/local/src/workflows.ts). Task states call the same
 * task functions in both (core/src/onboarding/tasks.ts); human steps are task-token waits.
 */

/** The workflows this product runs, by name (the ASL objects are in this folder). */
export type WorkflowName = "onboarding";

/** One line of an execution's history, the same shape from both adapters. */
export interface WorkflowEvent {
  at: string;
  type:
    | "ExecutionStarted"
    | "ExecutionSucceeded"
    | "ExecutionFailed"
    | "ExecutionAborted"
    /** Embedded only: a waiting execution re-created at its wait after a restart. */
    | "ExecutionResumed"
    | "StateEntered"
    | "StateExited"
    | "StateFailed"
    | "StateRetried"
    | "StateCaught";
  state?: string;
  /** What went in (StateEntered) or came out (StateExited), as the runner saw it. */
  input?: unknown;
  output?: unknown;
  error?: string;
  cause?: string;
}

export interface Workflows {
  /** Starts an execution; `name` makes it idempotent on AWS (a name already used is refused there). */
  start(
    workflow: WorkflowName,
    input: Record<string, unknown>,
    name?: string,
  ): Promise<{ executionArn: string }>;
  /** Resumes the execution waiting on this token with `output` as the wait's result. */
  sendTaskSuccess(token: string, output: Record<string, unknown>): Promise<void>;
  /** Fails the wait on this token: the state's Catch decides what follows. */
  sendTaskFailure(token: string, error: string, cause: string): Promise<void>;
  /** Stops a running execution (a vendor deleted mid-onboarding). Unknown or finished: nothing. */
  stop(executionArn: string): Promise<void>;
  /** The execution's history, oldest first; [] for an unknown execution. */
  history(executionArn: string): Promise<WorkflowEvent[]>;
}
