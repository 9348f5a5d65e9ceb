import { kmsSecrets } from "@reachcx/core/adapters/kms";
import { sqsJobs } from "@reachcx/core/adapters/sqs-jobs";
import { type Env, provideEnv } from "@reachcx/core/env";
import {
  type DispatchResult,
  dispatchScheduleTarget,
  type TenantLookup,
} from "@reachcx/core/scheduler/index";
import { createDynamoClient } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";
import { awsRegion, requiredEnv } from "../config.ts";
import { log } from "../log.ts";

export type { TenantLookup };

const logDispatch = (event: string, detail: Record<string, unknown>) => log.warn(event, detail);

/**
 * What a schedule does when it fires: core's one dispatcher (core/scheduler/dispatch.ts), which the
 * embedded scheduler runs too. A disabled tenant's schedule does nothing and succeeds.
 */
export function runSchedule(event: unknown, tenantOf?: TenantLookup): Promise<DispatchResult> {
  return dispatchScheduleTarget(event, { tenantOf, log: logDispatch });
}

/** A port this function never uses: reaching it is a programming error, said plainly. */
function notHere<T extends object>(port: string): T {
  return new Proxy({} as T, {
    get(_, prop) {
      if (prop === "then") return undefined;
      throw new Error(`The ${port} port is not available to the schedule target.`);
    },
  });
}

let built: Env | undefined;

/**
 * The target's Env: the table (tenant check, the connection, the job record and its slot, the campaign),
 * the job queue (the work itself runs in the job worker, stacks/Jobs.ts) and the credentials key (a
 * scheduled campaign operation starts or stops the tenant's CXone skill). Nothing else is granted to it.
 */
function targetEnv(): Env {
  if (built) return built;
  const table = requiredEnv("TABLE_NAME");
  built = provideEnv({
    mode: "aws",
    store: createService(createDynamoClient({ table }), table),
    jobs: sqsJobs({ queueUrl: requiredEnv("JOB_QUEUE_URL"), region: awsRegion() }),
    identity: notHere("Identity"),
    secrets: kmsSecrets({ keyId: requiredEnv("KMS_KEY_ID") }),
    search: notHere("Search"),
    push: notHere("Push"),
    blobs: notHere("Blobs"),
    mail: notHere("Mail"),
  });
  return built;
}

/** EventBridge Scheduler target (stacks/Scheduler.ts): the schedule's payload is the event. */
export async function handler(event: unknown) {
  targetEnv();
  const result = await runSchedule(event);
  log.info("schedule fired", { ...result });
  return result;
}
