import { WebSocketMockIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { StartingPosition } from "aws-cdk-lib/aws-lambda";
import { Function as LambdaFunction, type StackContext, use, WebSocketApi } from "sst/constructs";
import { KEEP_ALIVE_ACTION, LIVE_PATH } from "../packages/core/src/realtime/protocol.ts";
import { Auth } from "./Auth.ts";
import { streamDeadLetters } from "./dead-letters.ts";
import { Storage } from "./Storage.ts";

/**
 * The browser's live feed on AWS: a WebSocket API whose connections are kept in the table, fed by the
 * table's stream through one fan-out function. The embedded runtime speaks the same protocol
 * (packages/local/src/realtime.ts); the console reaches this API through CloudFront at LIVE_PATH (Web.ts).
 */
export function Realtime({ stack }: StackContext) {
  const { table } = use(Storage);
  const { userPool, client } = use(Auth);
  const environment = {
    TABLE_NAME: table.tableName,
    USER_POOL_ID: userPool.userPoolId,
    USER_POOL_CLIENT_ID: client.userPoolClientId,
  };

  const connect = new LambdaFunction(stack, "RealtimeConnect", {
    handler: "packages/functions/src/realtime/connect.handler",
    environment,
  });
  const disconnect = new LambdaFunction(stack, "RealtimeDisconnect", {
    handler: "packages/functions/src/realtime/disconnect.handler",
    environment,
  });
  const socket = new WebSocketApi(stack, "Realtime", {
    routes: { $connect: connect, $disconnect: disconnect },
    // API Gateway takes no path after the stage, so the stage is the console's live path: CloudFront
    // forwards /live unchanged.
    cdk: { webSocketStage: { stageName: LIVE_PATH.slice(1) } },
  });
  // The console's keep-alive ({"action":"ping"}) resets the 10-minute idle timeout; answered by no
  // function and with nothing sent back.
  socket.cdk.webSocketApi.addRoute(KEEP_ALIVE_ACTION, {
    integration: new WebSocketMockIntegration("KeepAlive", {
      requestTemplates: { $default: '{"statusCode": 200}' },
    }),
  });

  const fanout = new LambdaFunction(stack, "RealtimeFanout", {
    handler: "packages/functions/src/realtime/fanout.handler",
    environment: { ...environment, WS_ENDPOINT: socket.url.replace(/^wss:/, "https:") },
  });
  // Live events are worth little late: 3 retries, bisected, then the stretch goes to the dead letters.
  const deadLetters = streamDeadLetters(stack, "RealtimeFanoutDeadLetters");
  table.addConsumers(stack, {
    fanout: {
      function: fanout,
      cdk: {
        eventSource: {
          startingPosition: StartingPosition.LATEST,
          batchSize: 100,
          retryAttempts: 3,
          bisectBatchOnError: true,
          onFailure: deadLetters.destination,
        },
      },
    },
  });

  for (const fn of [connect, disconnect]) table.cdk.table.grantReadWriteData(fn);
  table.cdk.table.grantReadWriteData(fanout);
  socket.cdk.webSocketApi.grantManageConnections(fanout);
  stack.addOutputs({ RealtimeUrl: socket.url });
  return { socket };
}
