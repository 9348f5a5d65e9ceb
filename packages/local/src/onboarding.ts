import { useEnv } from "@reachcx/core/env";
import { runTask, type TaskEvent } from "@reachcx/core/onboarding/tasks";
import type { StoreService } from "@reachcx/core/store/entities";
import { type EmbeddedWorkflows, embeddedWorkflows } from "./workflows.ts";

/**
 * The embedded Workflows port with onboarding's task function bound (the one the AWS task Lambda runs,
 * packages/functions/src/workflows/onboarding.ts), the Mail port being the Env's outbox.
 */
export function onboardingWorkflows(
  store: StoreService,
  options: { retryIntervalOverrides?: Record<string, number | number[]> } = {},
): EmbeddedWorkflows {
  const task = (payload: Record<string, unknown>) =>
    runTask(payload as unknown as TaskEvent, { mail: useEnv().mail });
  return embeddedWorkflows({
    store,
    tasks: { onboarding: task },
    interrupted: {
      onboarding: async (input) => {
        await task({
          step: "RecordFailure",
          vendorId: input.vendorId,
          failure: {
            Error: "Interrupted",
            Cause: "The server stopped during this step; resume the onboarding to run it again.",
          },
        });
      },
    },
    ...options,
  });
}
