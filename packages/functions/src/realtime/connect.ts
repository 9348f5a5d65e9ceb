import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { log } from "../log.ts";
import { admit, refusalBody } from "./admit.ts";
import { CONNECTION_TTL_SECONDS, realtimeEnv } from "./env.ts";

const env = realtimeEnv();
const identity = env.identity();

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
};

/**
 * $connect: the id token and api key come as query parameters (over TLS), checked by the same admit()
 * the embedded server uses; a refusal answers 401/403 and API Gateway does not upgrade.
 */
export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  const { token, apiKey } = event.queryStringParameters ?? {};
  try {
    const admission = await admit(
      { token, apiKey },
      {
        identity,
        tenant: async (id) => (await env.store.entities.tenant.get({ id }).go()).data,
      },
    );
    if (!admission.ok)
      return {
        statusCode: admission.status,
        headers: { "content-type": "application/problem+json" },
        body: refusalBody(admission),
      };
    await env.store.entities.connection
      .put({
        tenant: admission.tenant,
        connectionId: event.requestContext.connectionId,
        expiresAt: Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS,
      })
      .go();
    return { statusCode: 200, body: "connected" };
  } catch (err) {
    log.error("realtime connect failed", { error: err });
    return { statusCode: 500, body: "error" };
  }
}
