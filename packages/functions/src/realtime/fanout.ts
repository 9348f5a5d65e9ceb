import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";
import { encodeChangeEvent, toChangeEvent } from "@reachcx/core/realtime/index";
import type { DynamoDBStreamEvent } from "aws-lambda";
import { log } from "../log.ts";
import { changeRecordsOf } from "../stream/records.ts";
import { realtimeEnv } from "./env.ts";

const env = realtimeEnv();
const sockets = new ApiGatewayManagementApiClient({ endpoint: env.wsEndpoint() });

/**
 * Table stream -> the tenant's open WebSockets, with the same messages the embedded runtime pushes over
 * its own WebSocket (packages/local/src/realtime.ts).
 */
export async function handler(event: DynamoDBStreamEvent) {
  for (const record of changeRecordsOf(event)) {
    const change = toChangeEvent(record);
    if (!change) continue;
    const { data: connections } = await env.store.entities.connection.query
      .byTenant({ tenant: change.tenant })
      .go({ pages: "all" });
    const payload = new TextEncoder().encode(encodeChangeEvent(change.event));
    await Promise.all(
      connections.map(async (connection) => {
        try {
          await sockets.send(
            new PostToConnectionCommand({ ConnectionId: connection.connectionId, Data: payload }),
          );
        } catch (err) {
          if (err instanceof GoneException) await env.store.entities.connection.delete(connection).go();
          else log.error("realtime post failed", { error: err, tenant: change.tenant });
        }
      }),
    );
  }
}
