import {
  type HistoryEvent,
  paginateGetExecutionHistory,
  SendTaskFailureCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from "@aws-sdk/client-sfn";
import type { WorkflowEvent, WorkflowName, Workflows } from "../workflows/port.ts";

/**
 * The Workflows port on AWS Step Functions: the state machines stacks/Workflows.ts deploys from the same
 * ASL objects, by name. A token Step Functions no longer knows (completed, timed out) is refused with
 * its own error (TaskDoesNotExist, TaskTimedOut, InvalidToken); callers refuse the second completion
 * before it gets here (core/src/onboarding).
 */
export function stepFunctions(options: {
  region: string;
  stateMachines: Record<WorkflowName, string>;
}): Workflows {
  const client = new SFNClient({ region: options.region });
  return {
    async start(workflow, input, name) {
      const answer = await client.send(
        new StartExecutionCommand({
          stateMachineArn: options.stateMachines[workflow],
          input: JSON.stringify(input),
          ...(name ? { name } : {}),
        }),
      );
      return { executionArn: answer.executionArn as string };
    },
    async sendTaskSuccess(token, output) {
      await client.send(new SendTaskSuccessCommand({ taskToken: token, output: JSON.stringify(output) }));
    },
    async sendTaskFailure(token, error, cause) {
      await client.send(new SendTaskFailureCommand({ taskToken: token, error, cause }));
    },
    async stop(executionArn) {
      await client.send(new StopExecutionCommand({ executionArn })).catch((err: unknown) => {
        if ((err as Error).name !== "ExecutionDoesNotExist") throw err;
      });
    },
    async history(executionArn) {
      const events: WorkflowEvent[] = [];
      try {
        for await (const page of paginateGetExecutionHistory(
          { client },
          { executionArn, includeExecutionData: true },
        ))
          for (const e of page.events ?? []) {
            const event = toEvent(e);
            if (event) events.push(event);
          }
      } catch (err) {
        if ((err as Error).name === "ExecutionDoesNotExist") return [];
        throw err;
      }
      return events;
    },
  };
}

const parse = (text: string | undefined) => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Step Functions' history event as the port's WorkflowEvent (the task-level events are left out). */
export function toEvent(e: HistoryEvent): WorkflowEvent | null {
  const at = (e.timestamp ?? new Date()).toISOString();
  switch (e.type) {
    case "ExecutionStarted":
      return { at, type: "ExecutionStarted", input: parse(e.executionStartedEventDetails?.input) };
    case "ExecutionSucceeded":
      return { at, type: "ExecutionSucceeded", output: parse(e.executionSucceededEventDetails?.output) };
    case "ExecutionFailed":
    case "ExecutionTimedOut":
      return {
        at,
        type: "ExecutionFailed",
        error:
          e.executionFailedEventDetails?.error ?? e.executionTimedOutEventDetails?.error ?? "States.Timeout",
        cause: e.executionFailedEventDetails?.cause ?? e.executionTimedOutEventDetails?.cause,
      };
    case "ExecutionAborted":
      return { at, type: "ExecutionAborted" };
    case "TaskFailed":
    case "LambdaFunctionFailed":
    case "TaskTimedOut":
      return {
        at,
        type: "StateFailed",
        error: e.taskFailedEventDetails?.error ?? e.taskTimedOutEventDetails?.error ?? "Error",
        cause: (e.taskFailedEventDetails?.cause ?? e.taskTimedOutEventDetails?.cause)?.slice(0, 500),
      };
    default:
      break;
  }
  if (e.type?.endsWith("StateEntered") && e.stateEnteredEventDetails)
    return {
      at,
      type: "StateEntered",
      state: e.stateEnteredEventDetails.name,
      input: parse(e.stateEnteredEventDetails.input),
    };
  if (e.type?.endsWith("StateExited") && e.stateExitedEventDetails)
    return {
      at,
      type: "StateExited",
      state: e.stateExitedEventDetails.name,
      output: parse(e.stateExitedEventDetails.output),
    };
  return null;
}
