import { createHash } from "node:crypto";
import type { Client } from "ssh2";
import SftpClient from "ssh2-sftp-client";
import { checkDestination } from "../net/outbound.ts";
import { within } from "../within.ts";
import type { SftpCipher } from "./schema.ts";

/** Everything a login needs, secrets in clear: built by the caller, never logged. */
export interface SftpLogin {
  host: string;
  port: number;
  username: string;
  password?: string;
  privateKey?: string;
  passphrase?: string;
  path: string;
  readyTimeout: number;
  ciphers: readonly SftpCipher[];
  /**
   * The server's host key fingerprint pinned at the first successful check or poll (SHA256:..., as
   * OpenSSH prints it); a server showing another key is refused before any credential is sent.
   */
  hostKey?: string;
}

/** OpenSSH's fingerprint of a host key: SHA256: and the unpadded base64 of the key blob's sha256. */
export const hostKeyFingerprint = (key: Buffer) =>
  `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;

/**
 * Why a check failed, as a kind and a short code (never the host's text, a path or a credential), so a
 * caller may log it: blocked (outbound policy), unreachable (refused, unknown host), timeout (no SSH
 * login within readyTimeout), auth (login refused), key (the private key cannot be read: not a key, or
 * encrypted and no right passphrase), path (the folder cannot be listed, or its listing never answers),
 * protocol (anything else the SSH layer said).
 */
export type SftpFailure = {
  kind: "blocked" | "unreachable" | "timeout" | "auth" | "key" | "path" | "protocol" | "hostkey";
  detail: string;
  /** For `hostkey`: the fingerprint the server showed. */
  seen?: string;
};
export type SftpCheck =
  | { ok: true; entries: number; ms: number; hostKey: string }
  | { ok: false; error: SftpFailure; ms: number };

/** Time the folder listing may take once logged in. */
const LIST_TIMEOUT_MS = 5000;

const codeOf = (err: unknown): string => {
  if (err && typeof err === "object") {
    const { code, level } = err as { code?: unknown; level?: unknown };
    if (typeof level === "string") return level;
    if (typeof code === "string" || typeof code === "number") return String(code);
  }
  return err instanceof Error ? err.name : "error";
};

function failureOf(
  err: unknown,
  stage: "login" | "list",
  hostKeyRefused = false,
  seen?: string,
): SftpFailure {
  if (hostKeyRefused) return { kind: "hostkey", detail: "host key differs from the pinned one", seen };
  const code = codeOf(err);
  const message = err instanceof Error ? err.message : "";
  if (stage === "list") return { kind: "path", detail: `folder not listable (${code})` };
  if (/timed out/i.test(message)) return { kind: "timeout", detail: "no SSH login within readyTimeout" };
  if (code === "client-authentication" || /authentication methods failed/i.test(message))
    return { kind: "auth", detail: "login refused" };
  if (/ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|ECONNRESET|ENOTFOUND|EAI_AGAIN/.test(`${code} ${message}`))
    return {
      kind: "unreachable",
      detail: /ECONN\w+|E\w+UNREACH|ENOTFOUND|EAI_AGAIN/.exec(`${code} ${message}`)?.[0] ?? code,
    };
  if (/private key|parse|passphrase/i.test(message))
    return { kind: "key", detail: "private key not readable" };
  return { kind: "protocol", detail: code };
}

/**
 * Logs in to an SFTP server and lists the folder, proving the connection can import (spec 001 §5 "Test
 * Connection", §7 POST /ftp-check). The host passes the outbound policy first (docs/decisions.md,
 * Outbound requests) and the socket goes to the address that was checked. Never throws; answers within
 * readyTimeout + the listing's time, whether the host refuses, hangs before speaking SSH, or stalls later.
 *
 * The server's host key is fingerprinted and, once pinned on the import (login.hostKey), must match
 * (docs/decisions.md, SFTP host keys).
 */
export async function checkSftp(login: SftpLogin): Promise<SftpCheck> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const fail = (error: SftpFailure): SftpCheck => ({ ok: false, error, ms: ms() });

  const destination = await within(checkDestination(login.host, login.port), login.readyTimeout, () => null);
  if (destination === null) return fail({ kind: "timeout", detail: "host name not resolved in time" });
  if (!destination.ok)
    return fail({
      kind: destination.detail.startsWith("unknown") ? "unreachable" : "blocked",
      detail: destination.detail,
    });

  // The client's default handlers print socket events after a call returned (a closed check's socket);
  // a check has nothing to do with them, and the server's own log says what failed.
  const ignore = () => {};
  const client = new SftpClient("ftp-check", { error: ignore, end: ignore, close: ignore });
  // end() only closes a connection whose SFTP channel opened; a login cut short by the deadline leaves the
  // SSH socket to the ssh2 Client underneath (untyped by @types/ssh2-sftp-client), closed here too.
  const close = () => {
    client.end().catch(() => {});
    (Reflect.get(client, "client") as Client | undefined)?.end();
  };
  const stage = { now: "login" as "login" | "list" };
  const seen = { hostKey: "", refused: false };
  const work = (async (): Promise<SftpCheck> => {
    await client.connect(connectOptions(login, destination.address, seen));
    stage.now = "list";
    const entries = await client.list(login.path);
    return { ok: true, entries: entries.length, ms: ms(), hostKey: seen.hostKey };
  })().catch((err: unknown) => fail(failureOf(err, stage.now, seen.refused, seen.hostKey)));

  // ssh2 bounds the login by readyTimeout; this bounds everything, the listing included.
  const answer = await within(work, login.readyTimeout + LIST_TIMEOUT_MS, () =>
    fail(
      stage.now === "login"
        ? { kind: "timeout", detail: "no SSH login within readyTimeout" }
        : { kind: "path", detail: "folder listing did not answer" },
    ),
  );
  close();
  return answer;
}

/**
 * ssh2's connect options for a login to `address` (the one the outbound policy checked). The host key is
 * fingerprinted into `seen.hostKey` and, when `login.hostKey` is pinned, compared with it: another key
 * ends the handshake before any credential is sent (`seen.refused`).
 */
export function connectOptions(
  login: SftpLogin,
  address: string,
  seen: { hostKey: string; refused: boolean },
) {
  return {
    host: address,
    port: login.port,
    username: login.username,
    ...(login.password ? { password: login.password } : {}),
    ...(login.privateKey ? { privateKey: login.privateKey } : {}),
    ...(login.privateKey && login.passphrase ? { passphrase: login.passphrase } : {}),
    readyTimeout: login.readyTimeout,
    ...(login.ciphers.length > 0 ? { algorithms: { cipher: [...login.ciphers] } } : {}),
    // No keyboard-interactive prompts: checks and polls are unattended.
    tryKeyboard: false,
    hostVerifier: (key: Buffer) => {
      seen.hostKey = hostKeyFingerprint(key);
      seen.refused = Boolean(login.hostKey) && login.hostKey !== seen.hostKey;
      return !seen.refused;
    },
  };
}
