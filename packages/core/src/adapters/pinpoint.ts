import {
  CreateAppCommand,
  DeleteAppCommand,
  PinpointClient,
  UpdateApnsChannelCommand,
  UpdateGcmChannelCommand,
} from "@aws-sdk/client-pinpoint";
import { PushError, type PushMessaging } from "../push/port.ts";

export type PinpointCommand =
  | CreateAppCommand
  | UpdateGcmChannelCommand
  | UpdateApnsChannelCommand
  | DeleteAppCommand;

/** What the adapter needs of a Pinpoint client (a stub in test/conformance/push.test.ts). */
export interface PinpointSender {
  send(command: PinpointCommand): Promise<unknown>;
}

/**
 * A Pinpoint error as a PushError: its name only (Pinpoint's messages can echo request fields). The SDK's
 * `$metadata.httpStatusCode` tells a refusal from an outage.
 */
function failed(call: string, err: unknown): PushError {
  const name = err instanceof Error ? err.name : "UnknownError";
  if (name === "NotFoundException") return new PushError("not_found", `${call}: ${name}`);
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return new PushError(status && status < 500 ? "refused" : "unreachable", `${call}: ${name}`);
}

async function call<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw err instanceof PushError ? err : failed(name, err);
  }
}

/**
 * The PushMessaging port on Amazon Pinpoint (End User Messaging push): a project is a Pinpoint application,
 * Android its GCM (FCM legacy key) channel, iOS its APNs channel with certificate authentication.
 */
export function pinpointPush(options: { region?: string; client?: PinpointSender } = {}): PushMessaging {
  const client: PinpointSender = options.client ?? new PinpointClient({ region: options.region });
  return {
    createApp: (name) =>
      call("CreateApp", async () => {
        const answer = (await client.send(
          new CreateAppCommand({ CreateApplicationRequest: { Name: name } }),
        )) as { ApplicationResponse?: { Id?: string } };
        const projectId = answer.ApplicationResponse?.Id;
        if (!projectId) throw new PushError("refused", "CreateApp: no application id in the answer");
        return { projectId };
      }),
    updateGcmChannel: ({ projectId, enabled, apiKey }) =>
      call("UpdateGcmChannel", async () => {
        await client.send(
          new UpdateGcmChannelCommand({
            ApplicationId: projectId,
            GCMChannelRequest: {
              Enabled: enabled,
              ...(apiKey ? { ApiKey: apiKey, DefaultAuthenticationMethod: "KEY" } : {}),
            },
          }),
        );
      }),
    updateApnsChannel: ({ projectId, enabled, certificate, privateKey }) =>
      call("UpdateApnsChannel", async () => {
        await client.send(
          new UpdateApnsChannelCommand({
            ApplicationId: projectId,
            APNSChannelRequest: {
              Enabled: enabled,
              ...(certificate && privateKey
                ? {
                    Certificate: certificate,
                    PrivateKey: privateKey,
                    DefaultAuthenticationMethod: "CERTIFICATE",
                  }
                : {}),
            },
          }),
        );
      }),
    deleteApp: (projectId) =>
      call("DeleteApp", async () => {
        try {
          await client.send(new DeleteAppCommand({ ApplicationId: projectId }));
        } catch (err) {
          // Deleting is idempotent: a project already gone is what the caller wanted.
          if (err instanceof Error && err.name === "NotFoundException") return;
          throw err;
        }
      }),
  };
}
