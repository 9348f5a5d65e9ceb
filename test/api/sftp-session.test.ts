import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import {
  openSftpSession,
  READ_AHEAD_BYTES,
  SftpError,
  type SftpSession,
} from "../../packages/core/src/sftp/session.ts";
import { DROP, PASSWORD_USER, type SftpTestServer, startSftpServer } from "../support/sftp-server.ts";

/**
 * The SFTP session's download (core/sftp/session.ts) against a real SFTP server on 127.0.0.1: a file is
 * handed over chunk by chunk as the consumer takes it, never read far ahead of it (issue 12: an import
 * never holds a file whole in memory), and a download that is not exactly the listed size fails.
 */

let sftp: SftpTestServer;

beforeAll(async () => {
  sftp = await startSftpServer();
  // Only the outbound policy reads the environment here: embedded mode lets the session reach 127.0.0.1.
  provideEnv({ mode: "embedded" } as Env);
}, 30_000);
afterAll(() => sftp?.close());

async function withSession<T>(fn: (session: SftpSession) => Promise<T>): Promise<T> {
  const session = await openSftpSession({
    host: sftp.host,
    port: sftp.port,
    username: PASSWORD_USER.username,
    password: PASSWORD_USER.password,
    path: DROP,
    readyTimeout: 10_000,
    ciphers: [],
  });
  try {
    return await fn(session);
  } finally {
    session.close();
  }
}

function dropped(bytes: number) {
  const name = `file-${randomUUID().slice(0, 8)}.csv`;
  const content = randomBytes(bytes);
  sftp.dropFiles.set(name, { content, mtime: Math.floor(Date.now() / 1000) - 3600 });
  return { name, content, path: `${DROP}/${name}` };
}

const failureOf = async (chunks: AsyncIterable<Uint8Array>) => {
  try {
    for await (const _ of chunks);
  } catch (err) {
    if (err instanceof SftpError) return err.failure;
    throw err;
  }
  throw new Error("the download did not fail");
};

describe("SFTP session download", () => {
  it("hands a file of many chunks over byte-identical, never reading far ahead of a slow consumer", async () => {
    const file = dropped(4 * 1024 * 1024);
    const hash = createHash("sha256");
    let consumed = 0;
    let chunks = 0;
    let furthestAhead = 0;
    await withSession(async (session) => {
      for await (const chunk of session.download(file.path, file.content.length)) {
        hash.update(chunk);
        consumed += chunk.byteLength;
        chunks++;
        // What the server has sent and the consumer has not taken yet is what the session holds.
        furthestAhead = Math.max(furthestAhead, sftp.sentBytes(file.name) - consumed);
        // A slow consumer (a blob store upload): the server would run ahead here if nothing held it back.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    });
    expect(consumed).toBe(file.content.length);
    expect(hash.digest("hex")).toBe(createHash("sha256").update(file.content).digest("hex"));
    expect(chunks).toBeGreaterThan(file.content.length / (4 * READ_AHEAD_BYTES));
    // The stream's read-ahead plus one read in flight; the file is 64 times that.
    expect(furthestAhead).toBeLessThanOrEqual(4 * READ_AHEAD_BYTES);
    expect(sftp.sentBytes(file.name)).toBe(file.content.length);
    sftp.dropFiles.delete(file.name);
  });

  it("reads nothing until asked, and closes the remote file when the consumer stops early", async () => {
    const file = dropped(2 * 1024 * 1024);
    await withSession(async (session) => {
      const chunks = session.download(file.path, file.content.length);
      expect(sftp.downloads()[file.name]).toBeUndefined();
      for await (const chunk of chunks) {
        expect(chunk.byteLength).toBeGreaterThan(0);
        expect(sftp.openDownloads()).toBe(1);
        break;
      }
      await expect.poll(() => sftp.openDownloads()).toBe(0);
    });
    expect(sftp.downloads()[file.name]).toBe(1);
    expect(sftp.sentBytes(file.name)).toBeLessThan(file.content.length);
    sftp.dropFiles.delete(file.name);
  });

  it("fails with kind protocol when the file is shorter or longer than listed, or the connection is cut", async () => {
    const file = dropped(300 * 1024);
    const size = file.content.length;
    await withSession(async (session) => {
      expect(await failureOf(session.download(file.path, size + 10))).toEqual({
        kind: "protocol",
        detail: `transfer cut off after ${size} of ${size + 10} bytes`,
      });
      expect(await failureOf(session.download(file.path, size - 10))).toEqual({
        kind: "protocol",
        detail: "the file grew while it was read",
      });
    });
    sftp.dropAfterBytes.value = 100 * 1024;
    try {
      await withSession(async (session) => {
        const failure = await failureOf(session.download(file.path, size));
        expect(failure.kind).toBe("protocol");
        expect(failure.detail).toMatch(new RegExp(`^transfer cut off after \\d+ of ${size} bytes$`));
      });
    } finally {
      sftp.dropAfterBytes.value = undefined;
    }
    await expect.poll(() => sftp.openDownloads()).toBe(0);
    sftp.dropFiles.delete(file.name);
  });
});
