import { cognitoIdentity } from "@reachcx/core/adapters/cognito";
import { createDynamoClient } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (stacks/Realtime.ts).`);
  return value;
}

/** What the realtime functions need, built once per cold start. */
export function realtimeEnv() {
  const table = required("TABLE_NAME");
  return {
    store: createService(createDynamoClient({ table }), table),
    identity: () =>
      cognitoIdentity({ userPoolId: required("USER_POOL_ID"), clientId: required("USER_POOL_CLIENT_ID") }),
    wsEndpoint: () => required("WS_ENDPOINT"),
  };
}

export const CONNECTION_TTL_SECONDS = 24 * 3600;
