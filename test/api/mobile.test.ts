import { beforeAll, describe, expect, it } from "vitest";
import {
  ANDROID_KEY_REQUIRED_MESSAGE,
  ANDROID_UPDATE_FAILED,
  IOS_CREDENTIALS_REQUIRED_MESSAGE,
  IOS_PAIR_MESSAGE,
  IOS_UPDATE_FAILED,
  NAME_FIXED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PROJECT_CREATE_FAILED,
  PROJECT_DELETE_FAILED,
  PROJECT_DELETED,
} from "../../packages/core/src/push/schema.ts";
import { FAILING_CREDENTIAL, fingerprint } from "../../packages/local/src/simulators/push.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import { PEM_CERTIFICATE, PEM_KEY, pushPlatform } from "../support/push.ts";

const APPS = "/api/mobile-configurations";

const projectsNamed = (name: string) =>
  Object.values(pushPlatform().projects).filter((project) => project.name === name);

/** Names unique to one run, so the platform's projects of other tests and runs never count. */
const unique = (label: string) => `${label} ${Date.now()} ${Math.random().toString(36).slice(2, 8)}`;

describe("mobile applications (spec 001 §4, §8)", () => {
  let tenant: Session;
  beforeAll(async () => {
    tenant = await newTenant([]);
  }, 30_000);

  const create = (body: Record<string, unknown>) => call(APPS, { method: "POST", session: tenant, body });
  const list = async () =>
    (await call(`${APPS}?limit=100`, { session: tenant })).json.items as { name: string }[];

  it("creates the project, sets the Android channel with its key, saves, and never answers the key", async () => {
    const name = unique("Shop App");
    const res = await create({
      name,
      description: "the shop",
      androidEnabled: true,
      androidApiKey: "android-key-1",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      name,
      description: "the shop",
      androidEnabled: true,
      androidApiKeySet: true,
      iosEnabled: false,
      iosCredentialsSet: false,
    });
    expect(res.text).not.toContain("android-key-1");
    const project = pushPlatform().projects[res.json.projectId];
    expect(project).toMatchObject({
      name,
      android: { enabled: true, fingerprint: fingerprint("android-key-1") },
      ios: { enabled: false, fingerprint: null },
    });
    const got = await call(`${APPS}/${res.json.id}`, { session: tenant });
    expect(got.json).toEqual(res.json);
    expect(got.text).not.toContain("android-key-1");
    // Nothing of ours stores the key: the raw item has only whether it was set.
    const store = await testStore();
    const raw = await store.entities.mobileConfiguration.get({ tenant: tenant.tenant, id: res.json.id }).go();
    expect(JSON.stringify(raw.data)).not.toContain("android-key-1");
  });

  it("refuses bad input before touching the platform", async () => {
    const before = Object.keys(pushPlatform().projects).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", NAME_REQUIRED_MESSAGE],
      [{ name: "Ok", androidEnabled: true }, "androidApiKey", ANDROID_KEY_REQUIRED_MESSAGE],
      [{ name: "Ok", iosEnabled: true }, "certificate", IOS_CREDENTIALS_REQUIRED_MESSAGE],
      [{ name: "Ok", certificate: PEM_CERTIFICATE }, "privateKey", IOS_PAIR_MESSAGE],
    ];
    for (const [body, path, message] of cases) {
      const problem = expectProblem(await create(body), 400);
      expect(problem.errors).toContainEqual({ path, message });
    }
    expectProblem(await create({ name: "Ok", projectId: "chosen" }), 400);
    expectProblem(await create({ name: "Ok", androidApiKey: "x".repeat(20_000) }), 400);
    expect(Object.keys(pushPlatform().projects).length).toBe(before);
  });

  it("a push platform failure at any step answers the spec's sentence and leaves nothing behind", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: unique("Fail Create") }, PROJECT_CREATE_FAILED],
      [
        { name: unique("Broken Android"), androidEnabled: true, androidApiKey: FAILING_CREDENTIAL },
        ANDROID_UPDATE_FAILED,
      ],
      [
        {
          name: unique("Broken iOS"),
          iosEnabled: true,
          certificate: FAILING_CREDENTIAL,
          privateKey: PEM_KEY,
        },
        IOS_UPDATE_FAILED,
      ],
      // The platform refuses a certificate that is not PEM.
      [
        { name: unique("Bad Cert"), iosEnabled: true, certificate: "not pem", privateKey: "not pem" },
        IOS_UPDATE_FAILED,
      ],
    ];
    for (const [body, message] of cases) {
      const problem = expectProblem(await create(body), 400);
      expect(problem.detail).toBe(message);
      expect(projectsNamed(String(body.name))).toEqual([]);
      expect((await list()).map((app) => app.name)).not.toContain(body.name);
    }
    // A retry with good values starts clean.
    const name = unique("Retried");
    expect((await create({ name, androidEnabled: true, androidApiKey: FAILING_CREDENTIAL })).status).toBe(
      400,
    );
    expect((await create({ name, androidEnabled: true, androidApiKey: "good" })).status).toBe(201);
    expect(projectsNamed(name)).toHaveLength(1);
  });

  it("keeps the name, updates only changed channels, needs credentials for a newly enabled one", async () => {
    const name = unique("Edited");
    const { json: app } = await create({ name, androidEnabled: true, androidApiKey: "first-key" });
    const path = `${APPS}/${app.id}`;
    const put = (body: Record<string, unknown>) => call(path, { method: "PUT", session: tenant, body });

    const renamed = expectProblem(await put({ name: "Other Name", androidEnabled: true }), 400);
    expect(renamed.errors).toContainEqual({ path: "name", message: NAME_FIXED_MESSAGE });
    const noCredentials = expectProblem(await put({ androidEnabled: true, iosEnabled: true }), 400);
    expect(noCredentials.errors).toContainEqual({
      path: "certificate",
      message: IOS_CREDENTIALS_REQUIRED_MESSAGE,
    });

    // The same name sent back, Android untouched (no key re-entered), iOS newly enabled with its pair.
    const saved = await put({
      name,
      description: "now on iOS",
      androidEnabled: true,
      androidApiKey: "********",
      iosEnabled: true,
      certificate: PEM_CERTIFICATE,
      privateKey: PEM_KEY,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({
      name,
      description: "now on iOS",
      iosEnabled: true,
      iosCredentialsSet: true,
    });
    expect(pushPlatform().projects[app.projectId]).toMatchObject({
      android: { enabled: true, fingerprint: fingerprint("first-key") },
      ios: { enabled: true, fingerprint: fingerprint(PEM_CERTIFICATE, PEM_KEY) },
    });

    // iOS failing: the answer is its sentence, and the record is as before (description kept).
    const failed = expectProblem(
      await put({
        description: "should not stick",
        androidEnabled: true,
        iosEnabled: true,
        certificate: FAILING_CREDENTIAL,
        privateKey: PEM_KEY,
      }),
      400,
    );
    expect(failed.detail).toBe(IOS_UPDATE_FAILED);
    expect((await call(path, { session: tenant })).json.description).toBe("now on iOS");

    // Switching Android off needs no key; the platform keeps the one it holds.
    const off = await put({ androidEnabled: false, iosEnabled: true });
    expect(off.json).toMatchObject({ androidEnabled: false, androidApiKeySet: true, description: "" });
    expect(pushPlatform().projects[app.projectId]?.android).toEqual({
      enabled: false,
      fingerprint: fingerprint("first-key"),
    });
  });

  it("deletes the project and the application; a platform refusal keeps both", async () => {
    const { json: app } = await create({ name: unique("Short Lived") });
    expect((await call(`${APPS}/${app.id}`, { method: "DELETE", session: tenant })).status).toBe(204);
    expectProblem(await call(`${APPS}/${app.id}`, { session: tenant }), 404);
    expect(pushPlatform().projects[app.projectId]).toBeUndefined();

    const { json: stuck } = await create({ name: unique("Fail Delete") });
    const refused = expectProblem(
      await call(`${APPS}/${stuck.id}`, { method: "DELETE", session: tenant }),
      400,
    );
    expect(refused.detail).toBe(PROJECT_DELETE_FAILED);
    expect((await call(`${APPS}/${stuck.id}`, { session: tenant })).status).toBe(200);
    expect(pushPlatform().projects[stuck.projectId]).toBeDefined();
  });
});

describe("/api/project/* (spec 001 §7, its paths and field names)", () => {
  let tenant: Session;
  beforeAll(async () => {
    tenant = await newTenant([]);
  }, 30_000);

  it("creates a project, sets its channels, deletes it; a deleted or unknown project answers 404", async () => {
    const name = unique("Bare Project");
    const created = await call("/api/project/create", { method: "POST", session: tenant, body: { name } });
    expect(created.status, created.text).toBe(200);
    const { projectId } = created.json;
    expect(projectsNamed(name).length).toBe(1);

    const channel = (body: Record<string, unknown>) =>
      call("/api/project/updateChannel", { method: "POST", session: tenant, body: { projectId, ...body } });
    expect((await channel({ channel: "android", apiKey: "bare-key", enabled: true })).json).toEqual({
      projectId,
      channel: "android",
      enabled: true,
    });
    expect(
      (await channel({ channel: "ios", certificate: PEM_CERTIFICATE, privateKey: PEM_KEY, enabled: true }))
        .status,
    ).toBe(200);
    expect(pushPlatform().projects[projectId]).toMatchObject({
      android: { enabled: true, fingerprint: fingerprint("bare-key") },
      ios: { enabled: true },
    });
    expect(
      expectProblem(await channel({ channel: "ios", certificate: PEM_CERTIFICATE, enabled: true }), 400)
        .detail,
    ).toBe(IOS_PAIR_MESSAGE);
    expect(
      expectProblem(await channel({ channel: "android", apiKey: FAILING_CREDENTIAL, enabled: true }), 400)
        .detail,
    ).toBe(ANDROID_UPDATE_FAILED);
    expectProblem(await channel({ channel: "windows", enabled: true }), 400);

    const deleted = await call("/api/project/delete", {
      method: "DELETE",
      session: tenant,
      body: { ApplicationId: projectId },
    });
    expect(deleted.json).toEqual({ message: PROJECT_DELETED });
    expect(pushPlatform().projects[projectId]).toBeUndefined();
    expectProblem(
      await call("/api/project/delete", {
        method: "DELETE",
        session: tenant,
        body: { ApplicationId: projectId },
      }),
      404,
    );
    expectProblem(await channel({ channel: "android", enabled: false }), 404);
    expectProblem(await call("/api/project/delete", { method: "DELETE", session: tenant, body: {} }), 400);
  });

  it("answers 'Project could not be created' when the platform refuses", async () => {
    const problem = expectProblem(
      await call("/api/project/create", {
        method: "POST",
        session: tenant,
        body: { name: unique("Fail Create") },
      }),
      400,
    );
    expect(problem.detail).toBe(PROJECT_CREATE_FAILED);
  });
});
