import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { READ_AHEAD_BYTES } from "../../packages/core/src/sftp/session.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";
import { jobEnd, newMapping, report } from "../support/imports.ts";
import { DROP, PASSWORD_USER, type SftpTestServer, startSftpServer } from "../support/sftp-server.ts";

/**
 * SFTP imports polled on a schedule (issue 12 item 5): against a real SFTP server on 127.0.0.1, each new
 * CSV file of the import's folder goes through the contact import job (mapping, validation, upsert,
 * report, mail to reportEmail), once; a transfer cut off fails the poll, keeps nothing, and the next poll
 * takes the file.
 */

let sftp: SftpTestServer;
let session: Session & { email: string };
let mapping: { id: string };

beforeAll(async () => {
  [sftp, session] = await Promise.all([startSftpServer(), newTenant(["ListManager"])]);
  mapping = await newMapping(session);
}, 30_000);
afterAll(() => sftp?.close());

const HOUR_AGO = () => Math.floor(Date.now() / 1000) - 3600;

const csv = (tag: string, rows: string[]) =>
  Buffer.from(["ID,FirstName,LastName,Phone,Cell,City,State", ...rows.map((r) => `${tag}-${r}`)].join("\n"));

async function newImport(name: string, extra: Record<string, unknown> = {}) {
  const res = await call("/api/sftp-imports", {
    method: "POST",
    session,
    body: {
      name,
      host: sftp.host,
      port: sftp.port,
      username: PASSWORD_USER.username,
      password: PASSWORD_USER.password,
      path: DROP,
      fieldMappingId: mapping.id,
      fileNameToSource: true,
      reportEmail: "ops@example.com",
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; name: string };
}

async function poll(id: string) {
  const started = await call(`/api/sftp-imports/${id}/poll`, { method: "POST", session });
  expect(started.status, started.text).toBe(202);
  expect(started.json).toMatchObject({ kind: "sftpPoll", state: "queued" });
  return jobEnd(session, started.json.id);
}

const filesOf = async (id: string) =>
  (await call(`/api/sftp-imports/${id}/files`, { session })).json.items as {
    name: string;
    jobId: string | null;
  }[];

describe("SFTP import polling", () => {
  it("schedules every 15 minutes, imports a new file once with the mapping, the file name as source and a mail to reportEmail", async () => {
    const tag = randomUUID().slice(0, 6);
    const file = `leads-${tag}.csv`;
    sftp.dropFiles.set(file, {
      content: csv(tag, ["a,Ada,Lovelace,3035550101,,Denver,CO", "b,Bad,Row,not-a-phone,,Aurora,CO"]),
      mtime: HOUR_AGO(),
    });
    sftp.dropFiles.set(`notes-${tag}.txt`, { content: Buffer.from("not a csv"), mtime: HOUR_AGO() });
    const conn = await newImport(`Nightly ${tag}`);

    const store = await testStore();
    const { data: schedule } = await store.entities.schedule.get({ name: `sftp-${conn.id}` }).go();
    expect(schedule).toMatchObject({
      expression: { rate: { value: 15, unit: "minutes" } },
      target: { kind: "sftpPoll", tenant: session.tenant, importId: conn.id },
      enabled: true,
    });

    const first = await poll(conn.id);
    expect(first.state, first.message).toBe("done");
    expect(first.counters.started).toBeGreaterThanOrEqual(1);
    const files = await filesOf(conn.id);
    const taken = files.find((f) => f.name === file);
    expect(taken?.jobId).toEqual(expect.any(String));
    expect(files.some((f) => f.name.endsWith(".txt"))).toBe(false);

    const imported = await jobEnd(session, taken?.jobId as string);
    expect(imported).toMatchObject({
      kind: "import",
      state: "done",
      label: file,
      counters: { read: 2, imported: 1, rejected: 1 },
      hasReport: true,
    });
    expect(await report(session, imported.id)).toContain("not-a-phone,Please enter a valid phone number");
    const { data: ada } = await store.entities.contact.query
      .byExternalId({ externalKey: `${session.tenant}#${tag}-a` })
      .go();
    expect(ada[0]).toMatchObject({ firstName: "Ada", source: `leads-${tag}` });

    const saved = (await call(`/api/sftp-imports/${conn.id}`, { session })).json;
    expect(saved.lastCheck).toEqual(expect.any(String));
    expect(saved.hostKey).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);

    const outbox = (await call("/api/outbox?limit=50", { session })).json.items as {
      id: string;
      to: string[];
      subject: string;
    }[];
    const notice = outbox.find((m) => m.subject.includes(file));
    expect(notice).toMatchObject({
      to: ["ops@example.com"],
      subject: `Contact import finished: ${file} (from the SFTP import 'Nightly ${tag}')`,
    });

    // Polled again: nothing new, nothing downloaded again.
    const downloads = sftp.downloads()[file];
    const second = await poll(conn.id);
    expect(second).toMatchObject({ state: "done", counters: { started: 0 } });
    expect(sftp.downloads()[file]).toBe(downloads);

    // The file replaced on the server (another size and time) is a new file.
    sftp.dropFiles.set(file, {
      content: csv(tag, ["a,Ada,Byron,3035550101,,Denver,CO"]),
      mtime: HOUR_AGO() + 60,
    });
    const third = await poll(conn.id);
    expect(third).toMatchObject({ state: "done", counters: { started: 1 } });
    const again = (await filesOf(conn.id)).filter((f) => f.name === file);
    expect(again).toHaveLength(2);
    sftp.dropFiles.delete(file);
    sftp.dropFiles.delete(`notes-${tag}.txt`);
  });

  it("fails cleanly when the server drops mid-transfer, keeping nothing; the file is not marked and the next poll imports it byte for byte", async () => {
    const tag = randomUUID().slice(0, 6);
    const file = `big-${tag}.csv`;
    // An unmapped Notes column makes the file twice the session's read-ahead, so the cut comes after
    // chunks were already handed to the blob store.
    const notes = "n".repeat(700);
    const content = Buffer.from(
      [
        "ID,FirstName,LastName,Phone,Cell,City,State,Notes",
        ...Array.from(
          { length: 200 },
          (_, i) => `${tag}-${i},First${i},Last${i},30355${String(i).padStart(5, "0")},,Denver,CO,${notes}`,
        ),
      ].join("\n"),
    );
    expect(content.length).toBeGreaterThan(2 * READ_AHEAD_BYTES);
    sftp.dropFiles.set(file, { content, mtime: HOUR_AGO() });
    const conn = await newImport(`Cut ${tag}`, { fileNameToSource: false, reportEmail: "" });
    // Where the embedded Blobs keep this import's files (DATA_DIR/blobs/{tenant}/sftp/{import}/).
    const stored = () =>
      readdir(join(inject("dataDir"), "blobs", session.tenant, "sftp", conn.id)).catch((err) => {
        if (err.code === "ENOENT") return [] as string[];
        throw err;
      });
    sftp.dropAfterBytes.value = READ_AHEAD_BYTES + 4096;
    try {
      const cut = await poll(conn.id);
      expect(cut.state).toBe("failed");
      expect(cut.message).toContain(`The download of ${file} did not finish (transfer cut off after`);
      expect(cut.message).toContain(`of ${content.length} bytes); the next poll tries it again.`);
      expect((await filesOf(conn.id)).some((f) => f.name === file)).toBe(false);
      // Neither the file nor a part of it stays behind.
      expect(await stored()).toEqual([]);
    } finally {
      sftp.dropAfterBytes.value = undefined;
    }
    const next = await poll(conn.id);
    expect(next).toMatchObject({ state: "done", counters: { started: 1 } });
    const kept = await stored();
    expect(kept).toHaveLength(1);
    const blob = await readFile(
      join(inject("dataDir"), "blobs", session.tenant, "sftp", conn.id, kept[0] as string),
    );
    expect(blob.equals(content)).toBe(true);
    const taken = (await filesOf(conn.id)).find((f) => f.name === file);
    const imported = await jobEnd(session, taken?.jobId as string);
    expect(imported).toMatchObject({ state: "done", counters: { read: 200, imported: 200, rejected: 0 } });
    sftp.dropFiles.delete(file);
  });

  it("pins the server's host key: another key fails the poll and the check with a clear message until the login is re-entered", async () => {
    const tag = randomUUID().slice(0, 6);
    const conn = await newImport(`Pinned ${tag}`);
    expect((await poll(conn.id)).state).toBe("done");
    const pinned = (await call(`/api/sftp-imports/${conn.id}`, { session })).json.hostKey as string;
    expect(pinned).toMatch(/^SHA256:/);

    // As if the server now showed another key than the one first trusted.
    const store = await testStore();
    const other = "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    await store.entities.ftpImport
      .patch({ tenant: session.tenant, id: conn.id })
      .set({ hostKey: other })
      .go();
    const refused = await poll(conn.id);
    expect(refused.state).toBe("failed");
    expect(refused.message).toContain("The server's host key has changed since this import first connected");
    expect(refused.message).toContain(`trusted ${other}, now ${pinned}`);

    const check = await call("/api/ftp-check", {
      method: "POST",
      session,
      body: {
        id: conn.id,
        host: sftp.host,
        port: sftp.port,
        username: PASSWORD_USER.username,
        password: "********",
        path: DROP,
      },
    });
    expect(check.json.success).toBe(false);
    expect(check.json.reason).toContain("The server's host key has changed");

    // Re-entering the password (a deliberate change of login) trusts the key the server shows next.
    const current = (await call(`/api/sftp-imports/${conn.id}`, { session })).json;
    const saved = await call(`/api/sftp-imports/${conn.id}`, {
      method: "PUT",
      session,
      body: {
        name: current.name,
        host: current.host,
        port: current.port,
        username: current.username,
        password: PASSWORD_USER.password,
        privateKey: "",
        passphrase: "",
        path: current.path,
        fieldMappingId: current.fieldMappingId,
        fileNameToSource: current.fileNameToSource,
        algorithms: current.algorithms,
        readyTimeout: current.readyTimeout,
        reportEmail: current.reportEmail,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.hostKey).toBeNull();
    expect((await poll(conn.id)).state).toBe("done");
    expect((await call(`/api/sftp-imports/${conn.id}`, { session })).json.hostKey).toBe(pinned);
  });

  it("deletes the schedule and the file records with the import; polls of a missing import are 404", async () => {
    const tag = randomUUID().slice(0, 6);
    sftp.dropFiles.set(`gone-${tag}.csv`, {
      content: csv(tag, ["a,Ada,Lovelace,3035550101,,Denver,CO"]),
      mtime: HOUR_AGO(),
    });
    const conn = await newImport(`Gone ${tag}`);
    expect((await poll(conn.id)).state).toBe("done");
    expect(await filesOf(conn.id)).not.toHaveLength(0);
    expect((await call(`/api/sftp-imports/${conn.id}`, { method: "DELETE", session })).status).toBe(204);
    const store = await testStore();
    expect((await store.entities.schedule.get({ name: `sftp-${conn.id}` }).go()).data).toBeNull();
    const { data: left } = await store.entities.sftpFile.query
      .byImport({ tenant: session.tenant, importId: conn.id })
      .go();
    expect(left).toEqual([]);
    expectProblem(await call(`/api/sftp-imports/${conn.id}/poll`, { method: "POST", session }), 404);
    expectProblem(await call(`/api/sftp-imports/${conn.id}/files`, { session }), 404);
    sftp.dropFiles.delete(`gone-${tag}.csv`);
  });
});
