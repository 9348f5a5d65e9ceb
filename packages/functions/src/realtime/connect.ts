import { VisibleError } from "@reachcx/core/error/index";
import { constantTimeEqual } from "@reachcx/core/secrets/index";
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { log } from "../log.ts";
import { CONNECTION_TTL_SECONDS, realtimeEnv } from "./env.ts";

const env = realtimeEnv();
const identity = env.identity();

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
};

/**
 * $connect: browsers cannot set headers on a WebSocket, so the id token and api key come as query
 * parameters (over TLS). Both are checked as the HTTP API checks them; the tenant comes from the token.
 */
export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  const { token, apiKey } = event.queryStringParameters ?? {};
  try {
    if (!token || !apiKey) return { statusCode: 401, body: "token and apiKey are required" };
    const claims = await identity.verify(token);
    const tenant = (await env.store.entities.tenant.get({ id: claims.tenant }).go()).data;
    if (!tenant || !constantTimeEqual(apiKey, tenant.apiKey) || tenant.status !== "Active")
      return { statusCode: 403, body: "forbidden" };
    await env.store.entities.connection
      .put({
        tenant: claims.tenant,
        connectionId: event.requestContext.connectionId,
        expiresAt: Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS,
      })
      .go();
    return { statusCode: 200, body: "connected" };
  } catch (err) {
    if (err instanceof VisibleError) return { statusCode: 401, body: err.message };
    log.error("realtime connect failed", { error: err });
    return { statusCode: 500, body: "error" };
  }
}
