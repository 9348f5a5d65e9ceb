import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAPPINGS } from "../../packages/core/src/field-mapping/schema.ts";
import { MASK } from "../../packages/core/src/secrets/index.ts";
import { call, expectProblem, newTenant } from "../support/api.ts";
import { INBOX, PASSWORD_USER, type SftpTestServer, startSftpServer } from "../support/sftp-server.ts";

let sftp: SftpTestServer;
beforeAll(async () => {
  sftp = await startSftpServer();
});
afterAll(() => sftp?.close());

/** Tenant B must not reach tenant A's SFTP connections by id, nor borrow A's saved secrets for a check. */
describe("tenant isolation: SFTP", () => {
  it("another tenant's import answers 404 like a missing one for every verb, and its secret is not lent", async () => {
    const a = await newTenant([]);
    const b = await newTenant([]);
    const mappingOf = async (session: typeof a) =>
      (
        await call("/api/field-mappings", {
          method: "POST",
          session,
          body: { name: "Files", mappings: DEFAULT_MAPPINGS },
        })
      ).json.id as string;
    const [mappingA, mappingB] = [await mappingOf(a), await mappingOf(b)];
    const body = (fieldMappingId: string, name: string) => ({
      name,
      host: sftp.host,
      port: sftp.port,
      username: PASSWORD_USER.username,
      password: PASSWORD_USER.password,
      path: INBOX,
      fieldMappingId,
    });
    const { json: conn } = await call("/api/sftp-imports", {
      method: "POST",
      session: a,
      body: body(mappingA, "A import"),
    });
    await call("/api/sftp-imports", { method: "POST", session: b, body: body(mappingB, "B import") });

    const path = `/api/sftp-imports/${conn.id}`;
    const missing = expectProblem(await call("/api/sftp-imports/does-not-exist", { session: b }), 404);
    const foreign = expectProblem(await call(path, { session: b }), 404);
    expect(foreign.code).toBe(missing.code);
    expect(foreign.detail.replace(conn.id, "X")).toBe(missing.detail.replace("does-not-exist", "X"));
    expectProblem(await call(path, { method: "PUT", session: b, body: body(mappingB, "Hacked") }), 404);
    expectProblem(await call(path, { method: "DELETE", session: b }), 404);
    // Nor poll it (a job under B's name reading A's server) or read the files it took.
    expectProblem(await call(`${path}/poll`, { method: "POST", session: b }), 404);
    expectProblem(await call(`${path}/files`, { session: b }), 404);

    // B names A's import to have its masked password filled in: refused before any login is tried.
    const before = sftp.logins()[PASSWORD_USER.username] ?? 0;
    const borrowed = await call("/api/ftp-check", {
      method: "POST",
      session: b,
      body: {
        id: conn.id,
        host: sftp.host,
        port: sftp.port,
        username: PASSWORD_USER.username,
        password: MASK,
        path: INBOX,
      },
    });
    expectProblem(borrowed, 404);
    expect(sftp.logins()[PASSWORD_USER.username] ?? 0).toBe(before);

    // B cannot point its import at A's field mapping, nor list A's imports.
    expectProblem(
      await call("/api/sftp-imports", { method: "POST", session: b, body: body(mappingA, "X") }),
      400,
    );
    const listA = await call("/api/sftp-imports", { session: a });
    const listB = await call("/api/sftp-imports", { session: b });
    expect(listA.json.items.map((c: { name: string }) => c.name)).toEqual(["A import"]);
    expect(listB.json.items.map((c: { name: string }) => c.name)).toEqual(["B import"]);
    expect((await call(path, { session: a })).json.name).toBe("A import");

    // Each tenant's export form is its own; B's MASK finds no saved export secret of A's.
    await call("/api/sftp-export", {
      method: "PUT",
      session: a,
      body: {
        ftpExportURL: sftp.host,
        ftpExportUserName: PASSWORD_USER.username,
        ftpExportPassword: PASSWORD_USER.password,
        ftpImportKey: "",
        ftpExportPort: sftp.port,
      },
    });
    expect((await call("/api/sftp-export", { session: b })).json.configured).toBe(false);
    expectProblem(
      await call("/api/ftp-check", {
        method: "POST",
        session: b,
        body: {
          export: true,
          host: sftp.host,
          port: sftp.port,
          username: PASSWORD_USER.username,
          password: MASK,
        },
      }),
      400,
    );
    expect(sftp.logins()[PASSWORD_USER.username] ?? 0).toBe(before);

    await call("/api/sftp-imports", { method: "POST", session: a, body: body(mappingA, "A second") });
    const first = await call("/api/sftp-imports?limit=1", { session: a });
    expect(first.json.nextCursor).toEqual(expect.any(String));
    expectProblem(
      await call(`/api/sftp-imports?cursor=${encodeURIComponent(first.json.nextCursor)}`, { session: b }),
      400,
    );
  });
});
