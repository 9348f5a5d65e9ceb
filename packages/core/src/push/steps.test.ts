import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { VisibleError } from "../error/index.ts";
import {
  ANDROID_KEY_REQUIRED_MESSAGE,
  channelChanges,
  credentialErrors,
  IOS_CREDENTIALS_REQUIRED_MESSAGE,
  IOS_PAIR_MESSAGE,
  MobileConfigurationInput,
  MobileConfigurationUpdate,
  NAME_PATTERN_MESSAGE,
} from "./schema.ts";
import { createWithCompensation } from "./steps.ts";

const fail = (message: string) => () => new VisibleError("input", "test", message);

function flow(failAt: "create" | "channel" | "save" | "none", undoFails = false) {
  const done: string[] = [];
  const logged: string[] = [];
  const run = createWithCompensation({
    create: {
      failure: fail("create failed"),
      run: async () => {
        if (failAt === "create") throw new Error("down");
        done.push("create");
        return "p1";
      },
    },
    steps: [
      {
        failure: fail("channel failed"),
        run: async (projectId) => {
          if (failAt === "channel") throw new Error("refused");
          done.push(`channel ${projectId}`);
        },
      },
    ],
    save: {
      failure: fail("save failed"),
      run: async (projectId) => {
        if (failAt === "save") throw new Error("table gone");
        done.push(`save ${projectId}`);
        return { projectId };
      },
    },
    undo: async (projectId) => {
      if (undoFails) throw new Error("still down");
      done.push(`undo ${projectId}`);
    },
    log: (event) => logged.push(event),
  });
  return { run, done, logged };
}

describe("creating a mobile application step by step (spec 001 §4)", () => {
  it("creates the project, then the channels, then saves", async () => {
    const { run, done } = flow("none");
    await expect(run).resolves.toEqual({ projectId: "p1" });
    expect(done).toEqual(["create", "channel p1", "save p1"]);
  });

  it("answers the failed step's sentence and deletes the project it had made", async () => {
    for (const [at, message] of [
      ["channel", "channel failed"],
      ["save", "save failed"],
    ] as const) {
      const { run, done } = flow(at);
      await expect(run).rejects.toThrow(message);
      expect(done.at(-1)).toBe("undo p1");
    }
  });

  it("undoes nothing when the project itself could not be created", async () => {
    const { run, done } = flow("create");
    await expect(run).rejects.toThrow("create failed");
    expect(done).toEqual([]);
  });

  it("still answers the step's sentence when the undo fails too, and logs the orphan", async () => {
    const { run, logged } = flow("save", true);
    await expect(run).rejects.toThrow("save failed");
    expect(logged).toContain("push.undo_failed");
  });
});

const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`);
};

describe("mobile application rules", () => {
  it("needs the credentials of a channel enabled on creation, and the iOS pair together", () => {
    expect(messages(MobileConfigurationInput, { name: "Shop App", androidEnabled: true })).toEqual([
      `androidApiKey: ${ANDROID_KEY_REQUIRED_MESSAGE}`,
    ]);
    expect(messages(MobileConfigurationInput, { name: "Shop App", iosEnabled: true })).toEqual([
      `certificate: ${IOS_CREDENTIALS_REQUIRED_MESSAGE}`,
    ]);
    expect(messages(MobileConfigurationUpdate, { certificate: "x" })).toEqual([
      `privateKey: ${IOS_PAIR_MESSAGE}`,
    ]);
    expect(messages(MobileConfigurationInput, { name: "Shop-App!" })).toEqual([
      `name: ${NAME_PATTERN_MESSAGE}`,
    ]);
  });

  it("reads the MASK sent back as no credential entered", () => {
    const parsed = v.parse(MobileConfigurationUpdate, { androidEnabled: true, androidApiKey: "********" });
    expect(parsed.androidApiKey).toBe("");
  });

  it("updates only channels that changed or got credentials", () => {
    const stored = { androidEnabled: true, iosEnabled: false };
    const same = {
      androidEnabled: true,
      androidApiKey: "",
      iosEnabled: false,
      certificate: "",
      privateKey: "",
    };
    expect(channelChanges(stored, same)).toEqual({ android: false, ios: false });
    expect(channelChanges(stored, { ...same, androidApiKey: "k" })).toEqual({ android: true, ios: false });
    expect(channelChanges(stored, { ...same, iosEnabled: true })).toEqual({ android: false, ios: true });
  });

  it("needs credentials for a channel newly enabled or whose panel is open, not for one kept as it was", () => {
    const none = { androidEnabled: true, androidApiKey: "", iosEnabled: true, certificate: "" };
    expect(credentialErrors({ androidEnabled: true, iosEnabled: true }, none)).toEqual([]);
    expect(credentialErrors({ androidEnabled: false, iosEnabled: true }, none)).toEqual([
      { path: "androidApiKey", message: ANDROID_KEY_REQUIRED_MESSAGE },
    ]);
    const off = { ...none, androidEnabled: false, iosEnabled: false };
    expect(
      credentialErrors({ androidEnabled: true, iosEnabled: true }, off, { android: false, ios: true }),
    ).toEqual([{ path: "certificate", message: IOS_CREDENTIALS_REQUIRED_MESSAGE }]);
    expect(
      credentialErrors(
        { androidEnabled: false, iosEnabled: false },
        { ...none, androidApiKey: "k", certificate: "c" },
      ),
    ).toEqual([]);
  });
});
