import { cognitoIdentity } from "@reachcx/core/adapters/cognito";
import { eventBridgeScheduler } from "@reachcx/core/adapters/eventbridge-scheduler";
import { kmsSecrets } from "@reachcx/core/adapters/kms";
import { openSearch } from "@reachcx/core/adapters/opensearch";
import { pinpointPush } from "@reachcx/core/adapters/pinpoint";
import { s3Blobs } from "@reachcx/core/adapters/s3";
import { sesMail } from "@reachcx/core/adapters/ses";
import { sqsJobs } from "@reachcx/core/adapters/sqs-jobs";
import { type Env, provideEnv } from "@reachcx/core/env";
import { createDynamoClient } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";
import { awsRegion, jobQueueUrl, logLevel, requiredEnv, schedulerConfig } from "./config.ts";
import { log } from "./log.ts";
import { onboardingPorts } from "./onboarding-env.ts";

/** The AWS Env, built once per cold start from the variables the stacks set (read through ./config.ts). */
export function buildAwsEnv(): Env {
  log.setLogLevel(logLevel());
  const table = requiredEnv("TABLE_NAME");
  const store = createService(createDynamoClient({ table }), table);
  const queueUrl = jobQueueUrl();
  const schedules = schedulerConfig();
  return provideEnv({
    mode: "aws",
    store,
    identity: cognitoIdentity({
      userPoolId: requiredEnv("USER_POOL_ID"),
      clientId: requiredEnv("USER_POOL_CLIENT_ID"),
    }),
    secrets: kmsSecrets({ keyId: requiredEnv("KMS_KEY_ID") }),
    search: openSearch({ url: requiredEnv("OPENSEARCH_URL"), region: awsRegion() }),
    push: pinpointPush({ region: awsRegion() }),
    blobs: s3Blobs({ bucket: requiredEnv("BUCKET_NAME"), region: awsRegion() }),
    mail: sesMail({ from: requiredEnv("MAIL_FROM"), region: awsRegion() }),
    ...onboardingPorts(),
    ...(queueUrl ? { jobs: sqsJobs({ queueUrl, region: awsRegion() }) } : {}),
    ...(schedules ? { scheduler: eventBridgeScheduler({ ...schedules, region: awsRegion() }) } : {}),
  });
}
