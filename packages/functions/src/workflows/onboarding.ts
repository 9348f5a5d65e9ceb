import { kmsSecrets } from "@reachcx/core/adapters/kms";
import { sesMail } from "@reachcx/core/adapters/ses";
import { type Env, provideEnv } from "@reachcx/core/env";
import { runTask, type TaskEvent } from "@reachcx/core/onboarding/tasks";
import { createDynamoClient } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";
import { awsRegion, logLevel, requiredEnv } from "../config.ts";
import { log } from "../log.ts";
import { onboardingPorts } from "../onboarding-env.ts";

/**
 * The onboarding state machine's task function (core/src/workflows/onboarding.ts): every Task state
 * invokes it with its Payload ({step, vendorId, tenant, executionArn, ...}) and it runs that step of
 * core's task function — the same one the embedded runner binds. A thrown error keeps its name
 * (PartnerUnavailable, PartnerRefused, InvalidGatewayCredentials), which the ASL's Retry and Catch read.
 *
 * Its Env holds only what the steps use: the table, the credentials key, the sender, the partners.
 */
let env: Env | undefined;
function taskEnv(): Env {
  if (env) return env;
  log.setLogLevel(logLevel());
  const table = requiredEnv("TABLE_NAME");
  const absent = (port: string) =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`The onboarding task function has no ${port} port.`);
        },
      },
    );
  env = provideEnv({
    mode: "aws",
    store: createService(createDynamoClient({ table }), table),
    secrets: kmsSecrets({ keyId: requiredEnv("KMS_KEY_ID") }),
    mail: sesMail({ from: requiredEnv("MAIL_FROM"), region: awsRegion() }),
    identity: absent("identity"),
    search: absent("search"),
    push: absent("push"),
    blobs: absent("blobs"),
    ...onboardingPorts(),
  } as Env);
  return env;
}

export async function handler(event: TaskEvent) {
  const { mail } = taskEnv();
  try {
    return await runTask(event, { mail });
  } catch (err) {
    log.warn("onboarding step failed", {
      step: event.step,
      vendorId: event.vendorId,
      error: (err as Error).name,
    });
    throw err;
  }
}
