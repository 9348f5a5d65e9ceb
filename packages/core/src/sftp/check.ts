import { isMask } from "../secrets/index.ts";
import type { FtpCheckAnswer } from "./api.ts";
import { checkSftp, type SftpFailure } from "./client.ts";
import { getExportItem, markExportChecked } from "./export.ts";
import { getImportItem, markImportChecked } from "./imports.ts";
import { CHECK_FAILED_MESSAGE, CHECK_OK_MESSAGE, type FtpCheckInput } from "./schema.ts";
import { asIs, resolveSecrets, unseal } from "./secrets.ts";

export type SftpCheckLog = (event: string, detail: Record<string, unknown>) => void;

/** The reason a failed check answers, in words a tenant can act on (never the server's own text). */
export const REASONS: Record<SftpFailure["kind"], string> = {
  blocked: "This destination is not allowed",
  unreachable: "The host could not be reached",
  timeout: "The host did not complete an SSH login in time",
  auth: "The server refused the login",
  key: "The private key could not be read (is it encrypted without the right passphrase?)",
  path: "The folder could not be listed",
  protocol: "The SSH connection failed",
  hostkey: "The server's host key has changed",
};

/**
 * The reason a pinned host key was refused: both fingerprints, and how to trust a new key on purpose
 * (a host key is public; showing it helps compare it with the server's administrator).
 */
export const hostKeyChangedMessage = (pinned: string, seen: string) =>
  `The server's host key has changed since this import first connected (trusted ${pinned}, now ${seen}). ` +
  "If the server was rebuilt or its key rotated, re-enter the import's password or key and save it to trust the new key; otherwise someone may be intercepting the connection.";

/**
 * POST /api/ftp-check (spec 001 §5 "Test Connection", §7): logs in with the form's values and lists its
 * folder. A MASK takes the stored secret of the saved import `id` (or of the saved export when `export`),
 * so a saved connection can be tested without its secrets being sent back. A check of a saved connection
 * that succeeds with its saved login records lastCheck. Failures are logged with their kind only.
 */
export async function ftpCheck(input: FtpCheckInput, log: SftpCheckLog): Promise<FtpCheckAnswer> {
  const sent = { password: input.password, privateKey: input.privateKey, passphrase: input.passphrase };
  const usesStored = Object.values(sent).some(isMask);
  let stored: Partial<Record<keyof typeof sent, string | undefined>> | undefined;
  // Whether the values checked are the saved login itself: only then does a success become its lastCheck.
  let savedLogin = false;
  let pinned: string | undefined;
  if (input.export) {
    const item = await getExportItem();
    stored = item ? { password: item.ftpExportPassword, privateKey: item.ftpImportKey } : undefined;
    savedLogin =
      item !== null &&
      item.ftpExportURL === input.host &&
      item.ftpExportUserName === input.username &&
      item.ftpExportPort === input.port;
  } else if (input.id) {
    const item = await getImportItem(input.id);
    stored = item;
    // The pinned key belongs to the saved host: a check of another host or port is not held to it.
    if (item.host === input.host && item.port === input.port) pinned = item.hostKey;
    savedLogin =
      item.host === input.host &&
      item.port === input.port &&
      item.username === input.username &&
      item.path === input.path;
  }
  savedLogin &&= (Object.keys(sent) as (keyof typeof sent)[]).every((field) =>
    sent[field] === "" ? !stored?.[field] : isMask(sent[field]),
  );
  const secrets = await resolveSecrets(sent, usesStored ? stored : undefined, unseal, asIs);
  const result = await checkSftp({
    host: input.host,
    port: input.port,
    username: input.username,
    password: secrets.password || undefined,
    privateKey: secrets.privateKey || undefined,
    passphrase: secrets.passphrase || undefined,
    path: input.path,
    readyTimeout: input.readyTimeout,
    ciphers: input.algorithms.cipher,
    hostKey: pinned,
  });
  if (!result.ok) {
    log("sftp.check_failed", { kind: result.error.kind, detail: result.error.detail, ms: result.ms });
    return {
      success: false,
      message: CHECK_FAILED_MESSAGE,
      reason:
        result.error.kind === "hostkey" && pinned && result.error.seen
          ? hostKeyChangedMessage(pinned, result.error.seen)
          : REASONS[result.error.kind],
      ms: result.ms,
    };
  }
  const at = new Date().toISOString();
  if (savedLogin && input.export) await markExportChecked(at);
  else if (savedLogin && input.id) await markImportChecked(input.id, at, result.hostKey, pinned);
  return { success: true, message: CHECK_OK_MESSAGE, reason: null, ms: result.ms };
}
