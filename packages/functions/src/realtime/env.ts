import { cognitoIdentity } from "@reachcx/core/adapters/cognito";
import { createDynamoClient } from "@reachcx/core/store/client";
import { createService } from "@reachcx/core/store/entities";
import { requiredEnv } from "../config.ts";

/** What the realtime functions need, built once per cold start. */
export function realtimeEnv() {
  const table = requiredEnv("TABLE_NAME");
  return {
    store: createService(createDynamoClient({ table }), table),
    identity: () =>
      cognitoIdentity({
        userPoolId: requiredEnv("USER_POOL_ID"),
        clientId: requiredEnv("USER_POOL_CLIENT_ID"),
      }),
    wsEndpoint: () => requiredEnv("WS_ENDPOINT"),
  };
}

export const CONNECTION_TTL_SECONDS = 24 * 3600;
