import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type PinpointCommand, pinpointPush } from "../../packages/core/src/adapters/pinpoint.ts";
import { PushError, type PushMessaging } from "../../packages/core/src/push/port.ts";
import {
  FAILING_CREDENTIAL,
  fingerprint,
  pushSimulator,
  SIMULATOR_FILE,
} from "../../packages/local/src/simulators/push.ts";
import { PEM_CERTIFICATE, PEM_KEY } from "../support/push.ts";
import { tempDirs } from "../support/temp.ts";

const tempDir = tempDirs();

const kindOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (err: unknown) => (err instanceof PushError ? err.kind : `not a PushError: ${String(err)}`),
  );

/**
 * What every PushMessaging adapter must do. Pinpoint runs when PINPOINT_CONFORMANCE is set (with AWS
 * credentials and the rights of stacks/Api.ts); it creates and deletes real applications.
 */
function pushSuite(name: string, make: () => PushMessaging) {
  describe(`Push conformance: ${name}`, () => {
    const push = make();
    const made: string[] = [];
    const app = async (label: string) => {
      const { projectId } = await push.createApp(`conformance ${label}`);
      made.push(projectId);
      return projectId;
    };

    it("creates a distinct project for each call", async () => {
      const a = await app("a");
      const b = await app("b");
      expect(a).toMatch(/\S/);
      expect(b).not.toBe(a);
    });

    it("sets the Android channel with a key, and switches it off without resending the key", async () => {
      const projectId = await app("android");
      await push.updateGcmChannel({ projectId, enabled: true, apiKey: "AAAA-conformance-key" });
      await push.updateGcmChannel({ projectId, enabled: false });
    });

    it("sets the iOS channel with a PEM certificate and key, and switches it off without them", async () => {
      const projectId = await app("ios");
      await push.updateApnsChannel({
        projectId,
        enabled: true,
        certificate: PEM_CERTIFICATE,
        privateKey: PEM_KEY,
      });
      await push.updateApnsChannel({ projectId, enabled: false });
    });

    it("refuses to enable a channel that has never had credentials", async () => {
      const projectId = await app("bare");
      expect(await kindOf(push.updateGcmChannel({ projectId, enabled: true }))).toBe("refused");
      expect(await kindOf(push.updateApnsChannel({ projectId, enabled: true }))).toBe("refused");
    });

    it("answers not_found for a project that does not exist", async () => {
      const projectId = "0123456789abcdef0123456789abcdef";
      expect(await kindOf(push.updateGcmChannel({ projectId, enabled: false }))).toBe("not_found");
      expect(await kindOf(push.updateApnsChannel({ projectId, enabled: false }))).toBe("not_found");
    });

    it("deletes a project, and deleting it again is not a failure", async () => {
      const projectId = await app("deleted");
      await push.deleteApp(projectId);
      await push.deleteApp(projectId);
      expect(await kindOf(push.updateGcmChannel({ projectId, enabled: false }))).toBe("not_found");
    });

    it("cleans up", async () => {
      for (const projectId of made) await push.deleteApp(projectId);
    });
  });
}

const dataDir = tempDir("push-sim-");
pushSuite("simulator (embedded)", () => pushSimulator({ dataDir }));
if (process.env.PINPOINT_CONFORMANCE)
  pushSuite("Pinpoint", () => pinpointPush({ region: process.env.AWS_REGION }));

describe("Push simulator", () => {
  it("keeps its projects across a restart, with fingerprints of the credentials and never the credentials", async () => {
    const dir = tempDir("push-sim-");
    const first = pushSimulator({ dataDir: dir });
    const { projectId } = await first.createApp("Kept");
    await first.updateGcmChannel({ projectId, enabled: true, apiKey: "the-android-key" });
    await first.updateApnsChannel({
      projectId,
      enabled: true,
      certificate: PEM_CERTIFICATE,
      privateKey: PEM_KEY,
    });

    const again = pushSimulator({ dataDir: dir });
    expect(again.state.projects[projectId]).toMatchObject({
      name: "Kept",
      android: { enabled: true, fingerprint: fingerprint("the-android-key") },
      ios: { enabled: true, fingerprint: fingerprint(PEM_CERTIFICATE, PEM_KEY) },
    });
    const raw = readFileSync(join(dir, SIMULATOR_FILE), "utf8");
    for (const secret of ["the-android-key", "MIIBfake", "MIIEfake"]) expect(raw).not.toContain(secret);
  });

  it("fails on the documented values, so tests can reach every failure of the flow", async () => {
    const push = pushSimulator();
    expect(await kindOf(push.createApp("Fail Create now"))).toBe("refused");
    const { projectId } = await push.createApp("Fail Delete later");
    expect(
      await kindOf(push.updateGcmChannel({ projectId, enabled: true, apiKey: FAILING_CREDENTIAL })),
    ).toBe("refused");
    expect(
      await kindOf(
        push.updateApnsChannel({
          projectId,
          enabled: true,
          certificate: FAILING_CREDENTIAL,
          privateKey: PEM_KEY,
        }),
      ),
    ).toBe("refused");
    expect(await kindOf(push.deleteApp(projectId))).toBe("refused");
    expect(push.state.projects[projectId]?.android.enabled).toBe(false);
  });

  it("refuses an iOS certificate that is not PEM, or one without its key", async () => {
    const push = pushSimulator();
    const { projectId } = await push.createApp("Shapes");
    expect(
      await kindOf(
        push.updateApnsChannel({ projectId, enabled: true, certificate: "abc", privateKey: PEM_KEY }),
      ),
    ).toBe("refused");
    expect(
      await kindOf(push.updateApnsChannel({ projectId, enabled: true, certificate: PEM_CERTIFICATE })),
    ).toBe("refused");
  });
});

/** A Pinpoint client that records what it is sent and answers as Pinpoint does. */
function stubPinpoint(fail?: (command: PinpointCommand) => Error | undefined) {
  const sent: { command: string; input: unknown }[] = [];
  const client = {
    async send(command: PinpointCommand) {
      sent.push({ command: command.constructor.name, input: command.input });
      const err = fail?.(command);
      if (err) throw err;
      if (command.constructor.name === "CreateAppCommand")
        return {
          ApplicationResponse: { Id: "a1b2c3", Arn: "arn:aws:mobiletargeting:::apps/a1b2c3", Name: "x" },
        };
      return {};
    },
  };
  return { sent, push: pinpointPush({ client }) };
}

const awsError = (name: string, status: number) =>
  Object.assign(new Error(`${name}: the platform's message, maybe echoing a field`), {
    name,
    $metadata: { httpStatusCode: status },
  });

describe("Pinpoint adapter", () => {
  it("sends CreateApp, UpdateGcmChannel, UpdateApnsChannel and DeleteApp with Pinpoint's fields", async () => {
    const { sent, push } = stubPinpoint();
    expect(await push.createApp("Shop App")).toEqual({ projectId: "a1b2c3" });
    await push.updateGcmChannel({ projectId: "a1b2c3", enabled: true, apiKey: "key-1" });
    await push.updateGcmChannel({ projectId: "a1b2c3", enabled: false });
    await push.updateApnsChannel({
      projectId: "a1b2c3",
      enabled: true,
      certificate: PEM_CERTIFICATE,
      privateKey: PEM_KEY,
    });
    await push.updateApnsChannel({ projectId: "a1b2c3", enabled: false });
    await push.deleteApp("a1b2c3");
    expect(sent).toEqual([
      { command: "CreateAppCommand", input: { CreateApplicationRequest: { Name: "Shop App" } } },
      {
        command: "UpdateGcmChannelCommand",
        input: {
          ApplicationId: "a1b2c3",
          GCMChannelRequest: { Enabled: true, ApiKey: "key-1", DefaultAuthenticationMethod: "KEY" },
        },
      },
      {
        command: "UpdateGcmChannelCommand",
        input: { ApplicationId: "a1b2c3", GCMChannelRequest: { Enabled: false } },
      },
      {
        command: "UpdateApnsChannelCommand",
        input: {
          ApplicationId: "a1b2c3",
          APNSChannelRequest: {
            Enabled: true,
            Certificate: PEM_CERTIFICATE,
            PrivateKey: PEM_KEY,
            DefaultAuthenticationMethod: "CERTIFICATE",
          },
        },
      },
      {
        command: "UpdateApnsChannelCommand",
        input: { ApplicationId: "a1b2c3", APNSChannelRequest: { Enabled: false } },
      },
      { command: "DeleteAppCommand", input: { ApplicationId: "a1b2c3" } },
    ]);
  });

  it("maps Pinpoint's errors to the port's kinds, by name only (no message that could echo a key)", async () => {
    const { push } = stubPinpoint((command) =>
      command.constructor.name === "UpdateGcmChannelCommand"
        ? awsError("BadRequestException", 400)
        : command.constructor.name === "UpdateApnsChannelCommand"
          ? awsError("NotFoundException", 404)
          : command.constructor.name === "CreateAppCommand"
            ? awsError("InternalServerErrorException", 500)
            : awsError("NotFoundException", 404),
    );
    const gcm = await push
      .updateGcmChannel({ projectId: "p", enabled: true, apiKey: "secret-key" })
      .catch((e) => e);
    expect(gcm).toBeInstanceOf(PushError);
    expect(gcm.kind).toBe("refused");
    expect(gcm.message).toBe("UpdateGcmChannel: BadRequestException");
    expect(await kindOf(push.updateApnsChannel({ projectId: "p", enabled: false }))).toBe("not_found");
    expect(await kindOf(push.createApp("x"))).toBe("unreachable");
    // An application already gone is what a delete wanted.
    expect(await kindOf(push.deleteApp("p"))).toBe("ok");
  });

  it("treats an answer without an application id as a refusal", async () => {
    const empty = pinpointPush({ client: { send: async () => ({}) } });
    expect(await kindOf(empty.createApp("x"))).toBe("refused");
  });
});
