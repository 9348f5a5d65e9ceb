import { cognitoIdentity } from "@reachcx/core/adapters/cognito";
import { kmsSecrets } from "@reachcx/core/adapters/kms";
import { openSearch } from "@reachcx/core/adapters/opensearch";
import { type Env, provideEnv } from "@reachcx/core/env";
import { createDynamoClient } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";
import { log } from "./log.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the stack passes it to every function (stacks/Api.ts).`);
  return value;
}

/** The AWS Env, built once per cold start from the variables the stacks set. The only reader of process.env. */
export function buildAwsEnv(): Env {
  log.setLogLevel((process.env.LOG_LEVEL?.toUpperCase() as "INFO") || "INFO");
  const table = required("TABLE_NAME");
  const store = createService(createDynamoClient({ table }), table);
  return provideEnv({
    mode: "aws",
    store,
    identity: cognitoIdentity({
      userPoolId: required("USER_POOL_ID"),
      clientId: required("USER_POOL_CLIENT_ID"),
    }),
    secrets: kmsSecrets({ keyId: required("KMS_KEY_ID") }),
    search: openSearch({ url: required("OPENSEARCH_URL"), region: process.env.AWS_REGION ?? "us-east-1" }),
  });
}
