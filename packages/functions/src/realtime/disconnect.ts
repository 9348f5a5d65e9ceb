import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { realtimeEnv } from "./env.ts";

const env = realtimeEnv();

/** $disconnect: forget the connection (found by its id; the tenant is read from the stored record). */
export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const connectionId = event.requestContext.connectionId;
  const { data } = await env.store.entities.connection.query.byConnection({ connectionId }).go();
  for (const connection of data) await env.store.entities.connection.delete(connection).go();
  return { statusCode: 200, body: "bye" };
}
