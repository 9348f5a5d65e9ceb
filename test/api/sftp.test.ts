import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAPPINGS } from "../../packages/core/src/field-mapping/schema.ts";
import { MASK } from "../../packages/core/src/secrets/index.ts";
import {
  CHECK_FAILED_MESSAGE,
  CHECK_OK_MESSAGE,
  CREDENTIALS_MESSAGE,
  EMAIL_MESSAGE,
  HOST_LONG_MESSAGE,
  HOST_REQUIRED_MESSAGE,
  HOST_SHORT_MESSAGE,
  KEY_SHORT_MESSAGE,
  MAPPING_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PASSWORD_SHORT_MESSAGE,
  PATH_MESSAGE,
  PORT_MESSAGE,
  USERNAME_REQUIRED_MESSAGE,
} from "../../packages/core/src/sftp/schema.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import {
  closedPort,
  INBOX,
  PASSWORD_USER,
  type SftpTestServer,
  STALLED,
  startSftpServer,
  startSilentServer,
} from "../support/sftp-server.ts";

let tenant: Session;
let sftp: SftpTestServer;
let mappingId: string;
beforeAll(async () => {
  [tenant, sftp] = await Promise.all([newTenant([]), startSftpServer()]);
  const mapping = await call("/api/field-mappings", {
    method: "POST",
    session: tenant,
    body: { name: "Inbox files", mappings: DEFAULT_MAPPINGS },
  });
  expect(mapping.status).toBe(201);
  mappingId = mapping.json.id;
}, 30_000);
afterAll(() => sftp?.close());

const connection = (overrides: Record<string, unknown> = {}) => ({
  name: "Nightly leads",
  host: sftp.host,
  port: sftp.port,
  username: PASSWORD_USER.username,
  password: PASSWORD_USER.password,
  path: INBOX,
  fieldMappingId: mappingId,
  reportEmail: "ops@example.com",
  ...overrides,
});
const check = (body: Record<string, unknown>, session = tenant) =>
  call("/api/ftp-check", { method: "POST", body, session });
const checkBody = (overrides: Record<string, unknown> = {}) => ({
  host: sftp.host,
  port: sftp.port,
  username: PASSWORD_USER.username,
  password: PASSWORD_USER.password,
  path: INBOX,
  ...overrides,
});
const create = (body: unknown) => call("/api/sftp-imports", { method: "POST", body, session: tenant });

describe("POST /api/ftp-check", () => {
  it("logs in with a password and lists the folder", async () => {
    const before = sftp.logins()[PASSWORD_USER.username] ?? 0;
    const res = await check(checkBody());
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: CHECK_OK_MESSAGE, reason: null });
    expect(sftp.logins()[PASSWORD_USER.username]).toBe(before + 1);
  });

  it("logs in with a private key", async () => {
    const res = await check(
      checkBody({ username: sftp.keyUser.username, password: "", privateKey: sftp.keyUser.privateKey }),
    );
    expect(res.json).toMatchObject({ success: true, message: CHECK_OK_MESSAGE });
    expect(sftp.logins()[sftp.keyUser.username]).toBeGreaterThan(0);
  });

  it("logs in with an encrypted private key and its passphrase, and fails without it", async () => {
    const locked = {
      username: sftp.keyUser.username,
      password: "",
      privateKey: sftp.encryptedKey.privateKey,
    };
    const ok = await check(checkBody({ ...locked, passphrase: sftp.encryptedKey.passphrase }));
    expect(ok.json).toMatchObject({ success: true, message: CHECK_OK_MESSAGE });
    const without = await check(checkBody(locked));
    expect(without.json).toMatchObject({
      success: false,
      message: CHECK_FAILED_MESSAGE,
      reason: expect.stringContaining("The private key could not be read"),
    });
    expect(without.text).not.toContain(sftp.encryptedKey.passphrase);
  });

  it("answers the spec's failure for a wrong password, and never echoes the password", async () => {
    const res = await check(checkBody({ password: "wrong-password-9" }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: false,
      message: CHECK_FAILED_MESSAGE,
      reason: "The server refused the login",
    });
    expect(res.text).not.toContain("wrong-password-9");
  });

  it("answers the failure for a key the server does not know", async () => {
    const res = await check(
      checkBody({ username: PASSWORD_USER.username, password: "", privateKey: sftp.keyUser.privateKey }),
    );
    expect(res.json).toMatchObject({ success: false, reason: "The server refused the login" });
  });

  it("answers the failure for a folder that does not exist", async () => {
    const res = await check(checkBody({ path: "/missing" }));
    expect(res.json).toMatchObject({ success: false, reason: "The folder could not be listed" });
  });

  it("answers a closed port's failure at once", async () => {
    const res = await check(checkBody({ port: await closedPort(), readyTimeout: 3000 }));
    expect(res.json).toMatchObject({ success: false, reason: "The host could not be reached" });
    expect(res.json.ms).toBeLessThan(3000);
  });

  it("answers a host that accepts TCP but never speaks SSH within readyTimeout", async () => {
    const silent = await startSilentServer();
    try {
      const res = await check(checkBody({ port: silent.port, readyTimeout: 2000 }));
      expect(res.json).toMatchObject({
        success: false,
        message: CHECK_FAILED_MESSAGE,
        reason: "The host did not complete an SSH login in time",
      });
      expect(res.json.ms).toBeLessThan(2000 + 5000);
    } finally {
      await silent.close();
    }
  });

  it("answers a server that logs in and then never lists the folder, within its bound", async () => {
    // The login gets 3 s (a loaded CI machine took over 1 s for the SSH handshake), the listing then
    // stalls until the check's whole bound (readyTimeout + 5 s) ends it as a listing failure.
    const res = await check(checkBody({ path: STALLED, readyTimeout: 3000 }));
    expect(res.json).toMatchObject({ success: false, reason: "The folder could not be listed" });
  }, 20_000);

  it("refuses a destination the outbound policy closes (the instance's own API port)", async () => {
    const api = new URL((await import("../support/api.ts")).baseUrl());
    const res = await check(checkBody({ host: "127.0.0.1", port: Number(api.port) }));
    expect(res.json).toMatchObject({ success: false, reason: "This destination is not allowed" });
  });

  it("refuses a form without a password or a key, and other bad values, with the spec's messages", async () => {
    const missing = expectProblem(await check(checkBody({ password: "" })), 400);
    expect(missing.errors).toContainEqual({ path: "password", message: CREDENTIALS_MESSAGE });
    const bad = expectProblem(
      await check(checkBody({ host: "ab", username: "", port: 70000, readyTimeout: 60_000 })),
      400,
    );
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { path: "host", message: HOST_SHORT_MESSAGE },
        { path: "username", message: USERNAME_REQUIRED_MESSAGE },
        { path: "port", message: PORT_MESSAGE },
      ]),
    );
    expect(bad.errors.some((e) => e.path === "readyTimeout")).toBe(true);
    expectProblem(await check({ ...checkBody(), extra: 1 }), 400);
  });

  it("uses the saved connection's password for a MASK, and records lastCheck", async () => {
    const created = await create(connection());
    expect(created.status).toBe(201);
    expect(created.json.lastCheck).toBeNull();
    const ok = await check(checkBody({ id: created.json.id, password: MASK }));
    expect(ok.json).toMatchObject({ success: true });
    const saved = await call(`/api/sftp-imports/${created.json.id}`, { session: tenant });
    expect(saved.json.lastCheck).toEqual(expect.any(String));

    // A MASK without a saved connection has no secret to stand for.
    expectProblem(await check(checkBody({ password: MASK })), 400);
  });
});

describe("SFTP import connections", () => {
  it("creates one, answers its secrets masked, seals them at rest, lists, replaces and deletes it", async () => {
    const created = await create(connection({ name: "  Leads inbox  " }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      tenant: tenant.tenant,
      name: "Leads inbox",
      host: sftp.host,
      port: sftp.port,
      username: PASSWORD_USER.username,
      password: MASK,
      privateKey: "",
      passphrase: "",
      path: INBOX,
      fieldMappingId: mappingId,
      fileNameToSource: false,
      algorithms: { cipher: [] },
      readyTimeout: 10_000,
      reportEmail: "ops@example.com",
    });
    expect(created.text).not.toContain(PASSWORD_USER.password);
    const raw = await (await testStore()).entities.ftpImport
      .get({ tenant: tenant.tenant, id: created.json.id })
      .go();
    expect(raw.data?.password).toEqual(expect.any(String));
    expect(JSON.stringify(raw.data)).not.toContain(PASSWORD_USER.password);

    const list = await call("/api/sftp-imports", { session: tenant });
    expect(list.json.items.map((item: { id: string }) => item.id)).toContain(created.json.id);

    // Switch to key login: the key is stored, the password removed ("" clears it).
    const path = `/api/sftp-imports/${created.json.id}`;
    const replaced = await call(path, {
      method: "PUT",
      session: tenant,
      body: connection({
        username: sftp.keyUser.username,
        password: "",
        privateKey: sftp.keyUser.privateKey,
        fileNameToSource: true,
        algorithms: { cipher: ["aes128-ctr", "aes256-ctr"] },
      }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ password: "", privateKey: MASK, fileNameToSource: true });
    expect(replaced.text).not.toContain(sftp.keyUser.privateKey.slice(40, 80));
    // The saved key logs in through a MASK.
    const keyCheck = await check(
      checkBody({ id: created.json.id, username: sftp.keyUser.username, password: "", privateKey: MASK }),
    );
    expect(keyCheck.json).toMatchObject({ success: true });

    expect((await call(path, { method: "DELETE", session: tenant })).status).toBe(204);
    expectProblem(await call(path, { session: tenant }), 404);
    expectProblem(await call(path, { method: "DELETE", session: tenant }), 404);
  });

  it("pages five at a time by default, newest first", async () => {
    const other = await newTenant([]);
    const mapping = await call("/api/field-mappings", {
      method: "POST",
      session: other,
      body: { name: "M", mappings: DEFAULT_MAPPINGS },
    });
    for (let i = 0; i < 6; i++) {
      const res = await call("/api/sftp-imports", {
        method: "POST",
        session: other,
        body: connection({ name: `Import ${i}`, fieldMappingId: mapping.json.id }),
      });
      expect(res.status).toBe(201);
    }
    const first = await call("/api/sftp-imports", { session: other });
    expect(first.json.items.map((item: { name: string }) => item.name)).toEqual([
      "Import 5",
      "Import 4",
      "Import 3",
      "Import 2",
      "Import 1",
    ]);
    const second = await call(`/api/sftp-imports?cursor=${encodeURIComponent(first.json.nextCursor)}`, {
      session: other,
    });
    expect(second.json.items.map((item: { name: string }) => item.name)).toEqual(["Import 0"]);
  });

  it("refuses every rule of spec 001 §5 with its message", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", NAME_REQUIRED_MESSAGE],
      [{ host: "" }, "host", HOST_REQUIRED_MESSAGE],
      [{ host: "a.io" }, "host", HOST_SHORT_MESSAGE],
      [{ host: `${"a".repeat(77)}.com` }, "host", HOST_LONG_MESSAGE],
      [{ username: " " }, "username", USERNAME_REQUIRED_MESSAGE],
      [{ password: "short" }, "password", PASSWORD_SHORT_MESSAGE],
      [{ privateKey: "-----BEGIN KEY-----" }, "privateKey", KEY_SHORT_MESSAGE],
      [{ path: "" }, "path", PATH_MESSAGE],
      [{ path: `/${"d".repeat(40)}` }, "path", PATH_MESSAGE],
      [{ port: -1 }, "port", PORT_MESSAGE],
      [{ port: 65536 }, "port", PORT_MESSAGE],
      [{ port: 22.5 }, "port", PORT_MESSAGE],
      [{ fieldMappingId: "" }, "fieldMappingId", MAPPING_REQUIRED_MESSAGE],
      [{ reportEmail: "not-an-email" }, "reportEmail", EMAIL_MESSAGE],
      [{ password: "", privateKey: "" }, "password", CREDENTIALS_MESSAGE],
    ];
    for (const [overrides, path, message] of cases) {
      const problem = expectProblem(await create(connection(overrides)), 400);
      expect(problem.errors, JSON.stringify(overrides)).toContainEqual({ path, message });
    }
    // Port 0 and 65535 are inside the spec's range; a blank report email is allowed.
    expect((await create(connection({ port: 0, reportEmail: "" }))).status).toBe(201);
    expect((await create(connection({ port: 65535 }))).status).toBe(201);
    // Unknown keys, wrong types and a 1 MB string are refused.
    expectProblem(await create({ ...connection(), extra: true }), 400);
    expectProblem(await create(connection({ fileNameToSource: "yes" })), 400);
    expectProblem(await create(connection({ algorithms: { cipher: ["rot13"] } })), 400);
    expectProblem(await create(connection({ password: "x".repeat(1_000_000) })), 400);
  });

  it("refuses a field mapping that is not the tenant's own", async () => {
    const other = await newTenant([]);
    const theirs = await call("/api/field-mappings", {
      method: "POST",
      session: other,
      body: { name: "Theirs", mappings: DEFAULT_MAPPINGS },
    });
    const problem = expectProblem(await create(connection({ fieldMappingId: theirs.json.id })), 400);
    expect(problem.errors).toContainEqual({ path: "fieldMappingId", message: MAPPING_REQUIRED_MESSAGE });
  });

  it("leaves the saved connection unchanged after a refused save", async () => {
    const created = await create(connection({ name: "Keep me" }));
    const path = `/api/sftp-imports/${created.json.id}`;
    expectProblem(
      await call(path, { method: "PUT", session: tenant, body: connection({ host: "ab" }) }),
      400,
    );
    expectProblem(
      await call(path, { method: "PUT", session: tenant, body: connection({ fieldMappingId: "nope" }) }),
      400,
    );
    // A MASK for a key the connection never had is refused too.
    expectProblem(
      await call(path, { method: "PUT", session: tenant, body: connection({ privateKey: MASK }) }),
      400,
    );
    expect((await call(path, { session: tenant })).json).toEqual(created.json);
  });

  it("keeps a field mapping an import uses from being deleted", async () => {
    const mapping = await call("/api/field-mappings", {
      method: "POST",
      session: tenant,
      body: { name: "Guarded", mappings: DEFAULT_MAPPINGS },
    });
    const created = await create(connection({ name: "Guard user", fieldMappingId: mapping.json.id }));
    const refused = expectProblem(
      await call(`/api/field-mappings/${mapping.json.id}`, { method: "DELETE", session: tenant }),
      409,
    );
    expect(refused.detail).toContain("'Guard user'");
    await call(`/api/sftp-imports/${created.json.id}`, { method: "DELETE", session: tenant });
    const deleted = await call(`/api/field-mappings/${mapping.json.id}`, {
      method: "DELETE",
      session: tenant,
    });
    expect(deleted.status).toBe(204);
  });
});

describe("SFTP export", () => {
  it("answers a blank form until saved, then saves with its secrets masked and sealed", async () => {
    const fresh = await newTenant([]);
    const blank = await call("/api/sftp-export", { session: fresh });
    expect(blank.json).toMatchObject({ configured: false, ftpExportURL: "", ftpExportPort: 22 });

    const body = {
      ftpExportURL: sftp.host,
      ftpExportUserName: PASSWORD_USER.username,
      ftpExportPassword: PASSWORD_USER.password,
      ftpImportKey: "",
      ftpExportPort: sftp.port,
    };
    const saved = await call("/api/sftp-export", { method: "PUT", session: fresh, body });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ configured: true, ftpExportPassword: MASK, ftpImportKey: "" });
    expect(saved.text).not.toContain(PASSWORD_USER.password);
    const raw = await (await testStore()).entities.ftpExport.get({ tenant: fresh.tenant }).go();
    expect(JSON.stringify(raw.data)).not.toContain(PASSWORD_USER.password);

    // The check of the saved export target uses its stored password for a MASK.
    const checked = await check(
      {
        export: true,
        host: sftp.host,
        port: sftp.port,
        username: PASSWORD_USER.username,
        password: MASK,
      },
      fresh,
    );
    expect(checked.json).toMatchObject({ success: true });
    expect((await call("/api/sftp-export", { session: fresh })).json.lastCheck).toEqual(expect.any(String));

    // Refused saves change nothing.
    const before = (await call("/api/sftp-export", { session: fresh })).json;
    const problem = expectProblem(
      await call("/api/sftp-export", {
        method: "PUT",
        session: fresh,
        body: {
          ...body,
          ftpExportURL: "ab",
          ftpExportPassword: "",
          ftpImportKey: "short",
          ftpExportPort: -1,
        },
      }),
      400,
    );
    expect(problem.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(["ftpExportURL", "ftpImportKey", "ftpExportPort"]),
    );
    expectProblem(
      await call("/api/sftp-export", {
        method: "PUT",
        session: fresh,
        body: { ...body, ftpExportPassword: "", ftpImportKey: "" },
      }),
      400,
    );
    expect((await call("/api/sftp-export", { session: fresh })).json).toEqual(before);

    // A MASK keeps the password through a save.
    const kept = await call("/api/sftp-export", {
      method: "PUT",
      session: fresh,
      body: { ...body, ftpExportPassword: MASK },
    });
    expect(kept.json.ftpExportPassword).toBe(MASK);
    expect(kept.json.lastCheck).toBe(before.lastCheck);
  });
});
