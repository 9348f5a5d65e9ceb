import type { VisibleError } from "../error/index.ts";
import { PushError } from "./port.ts";

/** How the push flows log a failure: the call and the error's name, never a credential. */
export type PushLog = (event: string, detail: Record<string, unknown>) => void;

/**
 * What a log line may say about a failure: a PushError's detail (the call and the platform's error name,
 * built never to carry a credential), otherwise the error's name only.
 */
export const failureName = (err: unknown) =>
  err instanceof PushError ? err.message : err instanceof Error ? err.name : "unknown";

export interface Step {
  run(projectId: string): Promise<unknown>;
  /** The spec's sentence for this step. */
  failure(): VisibleError;
}

/**
 * Runs a creation as spec 001 §4 orders it — the project, its channel steps, the save — and undoes the
 * project when a later step fails, so nothing is left half-written and a retry starts clean. An undo that
 * fails too is logged (the project is then an orphan on the platform, claimed by nobody's application).
 */
export async function createWithCompensation<T>(flow: {
  create: { run(): Promise<string>; failure(): VisibleError };
  steps: Step[];
  save: { run(projectId: string): Promise<T>; failure(): VisibleError };
  undo(projectId: string): Promise<void>;
  log: PushLog;
}): Promise<T> {
  let projectId: string;
  try {
    projectId = await flow.create.run();
  } catch (err) {
    flow.log("push.create_failed", { error: failureName(err) });
    throw flow.create.failure();
  }
  const attempt = async <R>(step: { run(projectId: string): Promise<R>; failure(): VisibleError }) => {
    try {
      return await step.run(projectId);
    } catch (err) {
      const failure = step.failure();
      flow.log(failure.code, { projectId, error: failureName(err) });
      await flow
        .undo(projectId)
        .catch((undo: unknown) => flow.log("push.undo_failed", { projectId, error: failureName(undo) }));
      throw failure;
    }
  };
  for (const step of flow.steps) await attempt(step);
  return attempt(flow.save);
}
