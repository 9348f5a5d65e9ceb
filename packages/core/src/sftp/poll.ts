import { createHash } from "node:crypto";
import { useEnv, useStore } from "../env.ts";
import { ThrottledError, VisibleError } from "../error/index.ts";
import { IMPORT_KIND, type ImportParams } from "../import/job.ts";
import { MAX_IMPORT_BYTES } from "../import/schema.ts";
import { type Job, startJob } from "../job/index.ts";
import { type JobContext, type JobOutcome, registerJobKind } from "../job/runner.ts";
import { activeJobFor, SCHEDULED_JOB_KINDS } from "../scheduler/dispatch.ts";
import { type Schedule, scheduleName } from "../scheduler/port.ts";
import type { FtpImportItem } from "../store/entities.ts";
import { hostKeyChangedMessage, REASONS } from "./check.ts";
import type { SftpLogin } from "./client.ts";
import { getImportItem, markImportChecked } from "./imports.ts";
import { isCipher } from "./schema.ts";
import { unseal } from "./secrets.ts";
import { openSftpSession, type RemoteFile, SftpError } from "./session.ts";

/**
 * The scheduled poll of an SFTP import (issue 12, docs/decisions.md "SFTP polling"): every
 * POLL_EVERY_MINUTES the import's schedule starts this job, which logs in (the host key pinned at the
 * first success), lists the folder, and hands every CSV file not seen before (by name, size and
 * modification time) to the contact import job — the same job, mapping, validation, batched upsert,
 * report and mail as an upload — with the import's field mapping, the file's name as every contact's
 * source when fileNameToSource is on, and its reportEmail as the notice's recipient. The file is streamed
 * from the server into Blobs (putStream), never held whole, and kept only once every byte arrived. A file
 * is recorded as processed once its import job exists; a download cut off fails this poll, leaves nothing
 * stored, and the next poll tries the file again. lastCheck is set when the folder was listed.
 */

export const SFTP_POLL_KIND = SCHEDULED_JOB_KINDS.sftpPoll;

/** How often an import's folder is polled. */
export const POLL_EVERY_MINUTES = 15;

/** A file modified this recently may still be being written: it waits for the next poll. */
export const SETTLE_MS = 60_000;

export interface SftpPollParams {
  importId: string;
}

/** The schedule of an import's polls. */
export const pollSchedule = (item: Pick<FtpImportItem, "tenant" | "id">): Schedule => ({
  name: scheduleName("sftp", item.id),
  expression: { rate: { value: POLL_EVERY_MINUTES, unit: "minutes" } },
  timezone: "UTC",
  target: { kind: "sftpPoll", tenant: item.tenant, importId: item.id },
});

const isCsv = (name: string) => /\.csv$/i.test(name) && !name.startsWith(".");

/** The source a file gives its contacts: its name without .csv, as the contact schema allows (40). */
export const sourceOfFile = (name: string) =>
  name
    .replace(/\.csv$/i, "")
    .trim()
    .slice(0, 40);

/** Where a downloaded file waits for its import job: the tenant's own prefix, one key per file version. */
const blobKeyOf = (tenant: string, importId: string, file: RemoteFile) =>
  `${tenant}/sftp/${importId}/${createHash("sha256").update(`${file.name}\n${file.size}\n${file.mtime}`).digest("hex").slice(0, 32)}.csv`;

async function loginOf(item: FtpImportItem): Promise<SftpLogin> {
  return {
    host: item.host,
    port: item.port,
    username: item.username,
    password: item.password ? await unseal(item.password) : undefined,
    privateKey: item.privateKey ? await unseal(item.privateKey) : undefined,
    passphrase: item.passphrase ? await unseal(item.passphrase) : undefined,
    path: item.path,
    readyTimeout: item.readyTimeout,
    ciphers: (item.algorithms.cipher ?? []).filter(isCipher),
    hostKey: item.hostKey,
  };
}

async function processed(item: FtpImportItem, file: RemoteFile) {
  const { data } = await useStore()
    .entities.sftpFile.get({
      tenant: item.tenant,
      importId: item.id,
      name: file.name,
      size: file.size,
      mtime: file.mtime,
    })
    .go({ consistent: true });
  return Boolean(data);
}

async function record(item: FtpImportItem, file: RemoteFile, done: { jobId?: string; note?: string }) {
  await useStore()
    .entities.sftpFile.put({
      tenant: item.tenant,
      importId: item.id,
      name: file.name,
      size: file.size,
      mtime: file.mtime,
      ...done,
    })
    .go();
}

type Counters = { listed: number; started: number; waiting: number; refused: number };

async function pollHandler(ctx: JobContext): Promise<JobOutcome> {
  const { importId } = ctx.params as SftpPollParams;
  const tenant = ctx.job.tenant;
  const store = useStore();
  const { data: item } = await store.entities.ftpImport.get({ tenant, id: importId }).go();
  if (!item) return { state: "done", counters: {}, message: "The SFTP import no longer exists." };
  const { data: mapping } = await store.entities.fieldMapping.get({ tenant, id: item.fieldMappingId }).go();
  if (!mapping)
    return {
      state: "failed",
      message: `The field mapping of the SFTP import '${item.name}' no longer exists. Choose another mapping for it.`,
    };
  const counters: Counters = { listed: 0, started: 0, waiting: 0, refused: 0 };
  let session: Awaited<ReturnType<typeof openSftpSession>>;
  try {
    session = await openSftpSession(await loginOf(item));
  } catch (err) {
    if (!(err instanceof SftpError)) throw err;
    const reason =
      err.failure.kind === "hostkey" && item.hostKey && err.failure.seen
        ? hostKeyChangedMessage(item.hostKey, err.failure.seen)
        : `${REASONS[err.failure.kind]}.`;
    return {
      state: "failed",
      message: `The SFTP import '${item.name}' could not log in: ${reason}`,
      counters,
    };
  }
  try {
    let files: RemoteFile[];
    try {
      files = await session.list(item.path);
    } catch (err) {
      if (!(err instanceof SftpError)) throw err;
      return { state: "failed", message: `The folder ${item.path} could not be listed.`, counters };
    }
    // The folder was listed: the connection works (lastCheck), and its host key is trusted from now on.
    await markImportChecked(item.id, new Date().toISOString(), session.hostKey, item.hostKey);
    const now = Date.now();
    const candidates = files
      .filter((f) => isCsv(f.name) && now - f.mtime >= SETTLE_MS)
      .sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
    counters.listed = candidates.length;
    const notes: string[] = [];
    for (const [index, file] of candidates.entries()) {
      if (await processed(item, file)) continue;
      if (file.size > MAX_IMPORT_BYTES) {
        await record(item, file, { note: "larger than 250 MB" });
        counters.refused++;
        notes.push(`${file.name} is larger than 250 MB and was not imported.`);
        continue;
      }
      if (ctx.cancelled()) return { state: "cancelled", counters };
      const remote = `${item.path.replace(/\/+$/, "")}/${file.name}`;
      const key = blobKeyOf(tenant, item.id, file);
      try {
        // Streamed from the server into the blob store: never the whole file in memory, and nothing
        // stored under the key unless every byte arrived (Blobs.putStream).
        await useEnv().blobs.putStream(key, session.download(remote, file.size), { contentType: "text/csv" });
      } catch (err) {
        if (!(err instanceof SftpError)) throw err;
        return {
          state: "failed",
          message: `The download of ${file.name} did not finish (${err.failure.detail}); the next poll tries it again.${
            counters.started > 0 ? ` ${counters.started} earlier files were handed to import jobs.` : ""
          }`,
          counters,
        };
      }
      const params: ImportParams = {
        key,
        mappingId: mapping.id,
        fileName: file.name,
        origin: `the SFTP import '${item.name}'`,
        notify: item.reportEmail ? [item.reportEmail] : [],
        ...(item.fileNameToSource ? { source: sourceOfFile(file.name) } : {}),
      };
      try {
        const job = await startJob(IMPORT_KIND, params, { label: file.name });
        await record(item, file, { jobId: job.id });
        counters.started++;
      } catch (err) {
        if (!(err instanceof ThrottledError)) throw err;
        // The tenant's job slots are full: the rest wait for the next poll (nothing is recorded).
        await useEnv().blobs.delete(key);
        counters.waiting = candidates.length - index;
        break;
      }
      await ctx.checkpoint({
        counters,
        progress: { done: index + 1, total: candidates.length, unit: "files" },
      });
    }
    const parts = [
      `${counters.started} new ${counters.started === 1 ? "file" : "files"} handed to import jobs`,
      ...(counters.waiting > 0 ? [`${counters.waiting} waiting for a free job slot (next poll)`] : []),
    ];
    return {
      state: "done",
      counters,
      progress: { done: candidates.length, total: candidates.length, unit: "files" },
      message: [`${parts.join("; ")}.`, ...notes].join(" "),
    };
  } finally {
    session.close();
  }
}

export const POLL_RUNNING_MESSAGE = "A poll of this SFTP import is already queued or running.";

/** POST /api/sftp-imports/{id}/poll: the same poll the schedule starts, now; 409 while one is under way. */
export async function pollNow(id: string): Promise<Job> {
  const item = await getImportItem(id);
  if (await activeJobFor(item.tenant, SFTP_POLL_KIND, { importId: item.id }))
    throw new VisibleError("conflict", "sftp_import.poll_running", POLL_RUNNING_MESSAGE);
  return startJob(SFTP_POLL_KIND, { importId: item.id } satisfies SftpPollParams, {
    label: `SFTP ${item.name}`,
  });
}

export function registerSftpPollJob() {
  registerJobKind(SFTP_POLL_KIND, pollHandler);
}
