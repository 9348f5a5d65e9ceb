import { randomUUID } from "node:crypto";
import type { StoreService } from "@reachcx/core/store/entities";
import type { StateMachine as Definition } from "@reachcx/core/workflows/asl";
import { OnboardingWorkflow } from "@reachcx/core/workflows/onboarding";
import type { WorkflowEvent, WorkflowName, Workflows } from "@reachcx/core/workflows/port";
import { StateMachine, type StateMachineDefinition } from "aws-local-stepfunctions";

/**
 * The embedded Workflows adapter: the same ASL objects Step Functions runs (core/src/workflows), executed
 * in process by aws-local-stepfunctions. Every Task state is bound by name to the workflow's task function
 * (the one the AWS task Lambda runs). The runner has no `.waitForTaskToken`: a wait state's binding mints a
 * token, hands it to the task function (which keeps it in the Store, as on AWS) and waits for
 * sendTaskSuccess/sendTaskFailure. Executions and their history are kept in the Store, so after a restart
 * `resume()` re-creates a waiting execution at its wait with the same token and arn, and marks one that
 * was interrupted mid-task as failed through the workflow's own `interrupted` hook (docs/decisions.md).
 */

// aws-local-stepfunctions 3 calls Promise.withResolvers, which Node 20 lacks (shared/VERSIONS.md).
const P = Promise as unknown as { withResolvers?: unknown };
if (!P.withResolvers)
  P.withResolvers = <T>() => {
    let resolve!: (value: T) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

const DEFINITIONS: Record<WorkflowName, Definition> = { onboarding: OnboardingWorkflow };

/** The Payload of a task state (Parameters.Payload) and what the task function answers. */
export type TaskFunction = (payload: Record<string, unknown>) => Promise<unknown>;

export interface EmbeddedWorkflowOptions {
  store: StoreService;
  /** Each workflow's task function (the same as its AWS task Lambda's). */
  tasks: Record<WorkflowName, TaskFunction>;
  /** Called for an execution a restart interrupted outside a wait: record the failure where the workflow keeps it. */
  interrupted?: Record<WorkflowName, (input: Record<string, unknown>) => Promise<void>>;
  /** Milliseconds between retries per state, instead of the ASL's backoff (tests only). */
  retryIntervalOverrides?: Record<string, number | number[]>;
}

export class TaskTokenError extends Error {
  override name = "TaskDoesNotExist";
}

export interface EmbeddedWorkflows extends Workflows {
  /**
   * Re-creates the executions that were running when the process stopped (only those whose input
   * `only` accepts: a test shares the Store with a running instance).
   */
  resume(only?: (input: Record<string, unknown>) => boolean): Promise<void>;
  /** Stops every execution of this process (shutdown): they stay RUNNING in the Store and resume next start. */
  close(): void;
  /** Resolves when every event of the execution so far has been written (tests). */
  settled(executionArn: string): Promise<void>;
}

interface Pending {
  executionArn: string;
  resolve: (output: unknown) => void;
  reject: (err: Error) => void;
}

const isWait = (resource: string) => resource.endsWith(".waitForTaskToken");

export function embeddedWorkflows(options: EmbeddedWorkflowOptions): EmbeddedWorkflows {
  const { store } = options;
  const pending = new Map<string, Pending>();
  const running = new Map<string, { abort: () => void; done: Promise<void> }>();
  const writes = new Map<string, Promise<unknown>>();
  const mine = new Set<string>();
  let closing = false;

  /** Appends events in order, one write at a time per execution. */
  function record(arn: string, events: WorkflowEvent[], status?: "SUCCEEDED" | "FAILED" | "ABORTED") {
    if (closing) return Promise.resolve();
    const previous = writes.get(arn) ?? Promise.resolve();
    const next = previous.then(async () => {
      const patch = store.entities.workflowExecution.patch({ arn });
      const write =
        events.length > 0 && status
          ? patch.append({ events }).set({ status })
          : events.length > 0
            ? patch.append({ events })
            : patch.set({ status: status ?? "RUNNING" });
      // A history line that cannot be written (the execution's record deleted with its vendor) is dropped.
      await write.go().catch(() => undefined);
    });
    writes.set(arn, next);
    return next;
  }

  function run(
    workflow: WorkflowName,
    arn: string,
    input: Record<string, unknown>,
    reuse: Map<string, string> = new Map(),
  ) {
    const definition = DEFINITIONS[workflow];
    const task = options.tasks[workflow];
    const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const [name, state] of Object.entries(definition.States)) {
      if (state.Type !== "Task") continue;
      handlers[name] = async (parameters) => {
        const payload = ((parameters as { Payload?: Record<string, unknown> }).Payload ?? {}) as Record<
          string,
          unknown
        >;
        if (!isWait(state.Resource)) return { Payload: (await task(payload)) ?? null };
        const token = reuse.get(name) ?? `embedded:${arn.split(":").pop()}:${name}:${randomUUID()}`;
        reuse.delete(name);
        const waited = new Promise<unknown>((resolve, reject) =>
          pending.set(token, { executionArn: arn, resolve, reject }),
        );
        // close() may settle it while the task above still runs, before anything awaits it: marked handled
        // here so a shutdown is no unhandled rejection; `return waited` still hands the outcome on.
        waited.catch(() => undefined);
        try {
          await task({ ...payload, taskToken: token });
        } catch (err) {
          pending.delete(token);
          throw err;
        }
        return waited;
      };
    }
    const machine = new StateMachine(definition as unknown as StateMachineDefinition);
    const execution = machine.run(input as never, {
      overrides: {
        taskResourceLocalHandlers: handlers as never,
        ...(options.retryIntervalOverrides ? { retryIntervalOverrides: options.retryIntervalOverrides } : {}),
      },
      context: {
        Execution: {
          Id: arn,
          Name: arn.split(":").pop(),
          Input: input as never,
          StartTime: new Date().toISOString(),
        },
        Task: { Token: "embedded" },
      },
    });
    const logged = (async () => {
      for await (const e of execution.eventLogs) {
        const event = toEvent(e as unknown as Record<string, unknown>);
        if (event) void record(arn, [event]);
      }
    })().catch(() => undefined);
    const done = execution.result.then(
      async () => {
        await logged;
        await record(arn, [], "SUCCEEDED");
      },
      async (err: Error) => {
        await logged;
        if (closing) return; // shutdown: stays RUNNING, resumed at next start
        await record(arn, [], err.name === "ExecutionAbortedError" ? "ABORTED" : "FAILED");
      },
    );
    running.set(arn, {
      abort: execution.abort,
      done: done.finally(() => {
        running.delete(arn);
        for (const [token, p] of pending) if (p.executionArn === arn) pending.delete(token);
      }),
    });
  }

  return {
    async start(workflow, input, name) {
      const arn = `arn:embedded:states:local:execution:${workflow}:${name ?? randomUUID()}`;
      // Started here: a resume() running meanwhile must not take it for one a restart interrupted.
      mine.add(arn);
      await store.entities.workflowExecution
        .create({ arn, workflow, input, status: "RUNNING", events: [] })
        .go();
      run(workflow, arn, input);
      return { executionArn: arn };
    },
    async sendTaskSuccess(token, output) {
      const p = pending.get(token);
      if (!p) throw new TaskTokenError("No execution is waiting on this task token.");
      pending.delete(token);
      p.resolve(output);
    },
    async sendTaskFailure(token, error, cause) {
      const p = pending.get(token);
      if (!p) throw new TaskTokenError("No execution is waiting on this task token.");
      pending.delete(token);
      const err = new Error(cause);
      err.name = error;
      p.reject(err);
    },
    async stop(executionArn) {
      running.get(executionArn)?.abort();
      await running.get(executionArn)?.done;
    },
    async history(executionArn) {
      await writes.get(executionArn);
      const { data } = await store.entities.workflowExecution.get({ arn: executionArn }).go();
      return (data?.events ?? []) as WorkflowEvent[];
    },
    async settled(executionArn) {
      await writes.get(executionArn);
    },
    async resume(only) {
      const executions = await store.entities.workflowExecution.query
        .byArn({})
        .where((a, op) => op.eq(a.status, "RUNNING"))
        .go({ pages: "all" });
      if (executions.data.length === 0) return;
      const waits = await store.entities.workflowWait.query
        .byToken({})
        .where((a, op) => op.eq(a.status, "waiting"))
        .go({ pages: "all" });
      for (const execution of executions.data) {
        const workflow = execution.workflow as WorkflowName;
        if (!DEFINITIONS[workflow] || running.has(execution.arn) || mine.has(execution.arn)) continue;
        if (only && !only(execution.input as Record<string, unknown>)) continue;
        const wait = waits.data.find((w) => w.executionArn === execution.arn);
        const at = new Date().toISOString();
        if (wait) {
          await record(execution.arn, [
            {
              at,
              type: "ExecutionResumed",
              state: wait.state,
              cause: "Re-created at its wait after a restart",
            },
          ]);
          const input = { ...(execution.input as Record<string, unknown>), resumeAt: wait.state };
          run(workflow, execution.arn, input, new Map([[wait.state, wait.token]]));
        } else {
          const cause = "The server stopped during this step; resume the onboarding to run it again.";
          await record(
            execution.arn,
            [{ at, type: "ExecutionFailed", error: "Interrupted", cause }],
            "FAILED",
          );
          await options.interrupted?.[workflow]?.(execution.input as Record<string, unknown>);
        }
      }
    },
    close() {
      closing = true;
      for (const { abort } of running.values()) abort();
      // A wait's promise would hold the runner's state timer (days) and keep the process alive: settle it.
      // The execution is already aborted, so its Catch target never runs; it stays RUNNING in the Store.
      for (const [token, p] of pending) {
        pending.delete(token);
        const err = new Error("The process is stopping.");
        err.name = "ProcessStopping";
        p.reject(err);
      }
    },
  };
}

/** The runner's event as the port's WorkflowEvent. */
function toEvent(e: Record<string, unknown>): WorkflowEvent | null {
  const at = new Date(Number(e.timestamp) || Date.now()).toISOString();
  const state = e.state as { name?: string; input?: unknown; output?: unknown } | undefined;
  const error = e.Error === undefined ? undefined : String(e.Error);
  const cause = e.Cause === undefined ? undefined : String(e.Cause).slice(0, 500);
  switch (e.type) {
    case "ExecutionStarted":
      return { at, type: "ExecutionStarted", input: e.input };
    case "ExecutionSucceeded":
      return { at, type: "ExecutionSucceeded", output: e.output };
    case "ExecutionFailed":
      return { at, type: "ExecutionFailed", error, cause };
    case "ExecutionAborted":
      return { at, type: "ExecutionAborted" };
    case "StateEntered":
      return { at, type: "StateEntered", state: state?.name, input: state?.input };
    case "StateExited":
      return { at, type: "StateExited", state: state?.name, output: state?.output };
    case "StateFailed":
      return { at, type: "StateFailed", state: state?.name, error, cause };
    case "StateRetried":
      return { at, type: "StateRetried", state: state?.name };
    case "StateCaught":
      return { at, type: "StateCaught", state: state?.name };
    default:
      return null;
  }
}
