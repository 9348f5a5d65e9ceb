import { Readable } from "node:stream";
import type { Client } from "ssh2";
import SftpClient from "ssh2-sftp-client";
import { checkDestination } from "../net/outbound.ts";
import { within } from "../within.ts";
import { connectOptions, type SftpFailure, type SftpLogin } from "./client.ts";

/** A file of the polled folder, as the server lists it. */
export interface RemoteFile {
  name: string;
  size: number;
  /** Epoch milliseconds. */
  mtime: number;
}

/** Why a session could not open, or a download did not finish: kind and a short detail (no secrets). */
export class SftpError extends Error {
  constructor(
    readonly failure: SftpFailure,
    message = failure.detail,
  ) {
    super(message);
    this.name = "SftpError";
  }
}

export interface SftpSession {
  /** The host key fingerprint the server showed. */
  hostKey: string;
  /** The plain files of a folder (no folders or links). */
  list(path: string): Promise<RemoteFile[]>;
  /**
   * The file's chunks as the consumer takes them, never the whole file: the remote read pauses while the
   * consumer is busy, so no more than READ_AHEAD_BYTES and one read in flight wait in memory (poll.ts
   * hands them to Blobs.putStream). The file must be `size` bytes: fewer (a connection cut mid-transfer)
   * or more (a file that grew) throws SftpError kind "protocol", waiting IDLE_MS for the server kind
   * "timeout". Nothing is read until the first chunk is asked for; a failure, or a consumer that stops
   * early, closes the remote file.
   */
  download(path: string, size: number): AsyncIterable<Uint8Array>;
  /**
   * Writes a file from its chunks as they come (a campaign export), never holding it whole; throws
   * SftpError (kind "path") when the server refuses or the transfer breaks.
   */
  upload(path: string, body: AsyncIterable<Uint8Array>): Promise<void>;
  close(): void;
}

/** A download that waits this long for the server is given up (time the consumer takes does not count). */
export const IDLE_MS = 30_000;
/** How far a download reads ahead of its consumer: the read stream's highWaterMark. */
export const READ_AHEAD_BYTES = 64 * 1024;
const LIST_TIMEOUT_MS = 15_000;

const ignore = () => {};

/**
 * Logs in for an unattended poll (core/sftp/poll.ts): the host passes the outbound policy, the socket
 * goes to the checked address, the host key must match the pinned one (login.hostKey). Throws SftpError.
 */
export async function openSftpSession(login: SftpLogin): Promise<SftpSession> {
  const destination = await within(checkDestination(login.host, login.port), login.readyTimeout, () => null);
  if (destination === null)
    throw new SftpError({ kind: "timeout", detail: "host name not resolved in time" });
  if (!destination.ok)
    throw new SftpError({
      kind: destination.detail.startsWith("unknown") ? "unreachable" : "blocked",
      detail: destination.detail,
    });
  const client = new SftpClient("sftp-poll", { error: ignore, end: ignore, close: ignore });
  const close = () => {
    client.end().catch(ignore);
    (Reflect.get(client, "client") as Client | undefined)?.end();
  };
  const seen = { hostKey: "", refused: false };
  try {
    await within(
      client.connect(connectOptions(login, destination.address, seen)).then(() => true),
      login.readyTimeout + 1000,
      () => false,
    ).then((ok) => {
      if (!ok) throw new Error("timed out");
    });
  } catch (err) {
    close();
    if (seen.refused)
      throw new SftpError({
        kind: "hostkey",
        detail: "host key differs from the pinned one",
        seen: seen.hostKey,
      });
    const message = err instanceof Error ? err.message : "";
    if (/timed out/i.test(message))
      throw new SftpError({ kind: "timeout", detail: "no SSH login within readyTimeout" });
    if (/authentication/i.test(message)) throw new SftpError({ kind: "auth", detail: "login refused" });
    if (/private key|parse|passphrase/i.test(message))
      throw new SftpError({ kind: "key", detail: "private key not readable" });
    throw new SftpError({ kind: "unreachable", detail: "connection failed" });
  }
  return {
    hostKey: seen.hostKey,
    async list(path) {
      const entries = await within(
        client
          .list(path)
          .then((list) => list as { type: string; name: string; size: number; modifyTime: number }[]),
        LIST_TIMEOUT_MS,
        () => null,
      ).catch(() => undefined);
      if (!entries) throw new SftpError({ kind: "path", detail: "folder not listable" });
      return entries
        .filter((e) => e.type === "-")
        .map((e) => ({ name: e.name, size: e.size, mtime: e.modifyTime }));
    },
    download(path, size) {
      return chunksOf(() => client.createReadStream(path, { highWaterMark: READ_AHEAD_BYTES }), size);
    },
    async upload(path, body) {
      // A failure of the body's own source is passed on as it is, not blamed on the server.
      let sourceFailed: { error: unknown } | undefined;
      const source = async function* () {
        try {
          yield* body;
        } catch (error) {
          sourceFailed = { error };
          throw error;
        }
      };
      try {
        await client.put(Readable.from(source()), path);
      } catch {
        if (sourceFailed) throw sourceFailed.error;
        throw new SftpError({ kind: "path", detail: "file not writable" });
      }
    },
    close,
  };
}

/**
 * SftpSession.download: the chunks of a remote read stream, taken one read() at a time in paused mode, so
 * the stream asks the server for more only once the consumer came back for it. The idle timer runs only
 * while waiting for the server.
 */
async function* chunksOf(open: () => Readable, size: number): AsyncGenerator<Uint8Array, void, undefined> {
  let stream: Readable;
  try {
    stream = open();
  } catch {
    throw new SftpError({ kind: "protocol", detail: "connection lost before the transfer" });
  }
  let received = 0;
  let ended = false;
  let failure: SftpFailure | undefined;
  let wake = ignore;
  // These stay for the stream's life: closing the remote handle can still fail after the last byte, and
  // an "error" nobody listens to would end the process.
  stream.on("readable", () => wake());
  stream.on("end", () => {
    ended = true;
    wake();
  });
  stream.on("error", () => {
    failure ??= { kind: "protocol", detail: `transfer cut off after ${received} of ${size} bytes` };
    wake();
  });
  try {
    for (;;) {
      if (failure) throw new SftpError(failure);
      const chunk = stream.read() as Buffer | null;
      if (chunk !== null) {
        received += chunk.length;
        if (received > size)
          throw new SftpError({ kind: "protocol", detail: "the file grew while it was read" });
        yield chunk;
        continue;
      }
      if (ended) break;
      await new Promise<void>((resolve) => {
        const idle = setTimeout(() => {
          failure ??= { kind: "timeout", detail: `no data for ${IDLE_MS / 1000} s after ${received} bytes` };
          resolve();
        }, IDLE_MS);
        wake = () => {
          clearTimeout(idle);
          resolve();
        };
      });
      wake = ignore;
    }
  } finally {
    // On failure or an early stop the remote file is closed; after its end the stream closed itself.
    stream.destroy();
  }
  if (received !== size)
    throw new SftpError({ kind: "protocol", detail: `transfer cut off after ${received} of ${size} bytes` });
}
