import * as v from "valibot";
import { PageQuery, pageOf } from "../paging.ts";
import { MASK } from "../secrets/index.ts";
import { SFTP_CIPHERS } from "./schema.ts";

/**
 * The SFTP API's requests and answers (spec 001 §7 ftpImportsByTenant, create/update/delete FtpImport,
 * the export values of getTenantSettings/updateTenantSettings, POST /ftp-check), described once for
 * validation, the OpenAPI document and the shapes suite.
 */

/** GET /api/sftp-imports: newest first, `?cursor=&limit=` (the table asks 5 at a time, spec 001 §2.3). */
export const SftpImportListQuery = PageQuery;
export const SftpImportIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const secret = v.pipe(v.picklist([MASK, ""]), v.description(`"${MASK}" when set, "" when not.`));

/** An import connection as the API answers it: every field, its secrets masked. */
export const SftpImport = v.strictObject({
  tenant: v.string(),
  id: v.string(),
  name: v.string(),
  host: v.string(),
  port: v.number(),
  username: v.string(),
  password: secret,
  privateKey: secret,
  passphrase: secret,
  path: v.string(),
  fieldMappingId: v.string(),
  fileNameToSource: v.boolean(),
  algorithms: v.strictObject({ cipher: v.array(v.picklist(SFTP_CIPHERS)) }),
  readyTimeout: v.number(),
  reportEmail: v.string(),
  lastCheck: v.nullable(timestamp),
  /** The server's host key fingerprint pinned at the first successful check or poll; null until then. */
  hostKey: v.nullable(v.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type SftpImport = v.InferOutput<typeof SftpImport>;

export const SftpImportPage = pageOf(SftpImport);

/** The export form as the API answers it; `configured` false (and blank fields) until it is first saved. */
export const SftpExport = v.strictObject({
  configured: v.boolean(),
  ftpExportURL: v.string(),
  ftpExportUserName: v.string(),
  ftpExportPassword: secret,
  ftpImportKey: secret,
  ftpExportPort: v.number(),
  lastCheck: v.nullable(timestamp),
  updatedAt: v.nullable(timestamp),
});
export type SftpExport = v.InferOutput<typeof SftpExport>;

/**
 * POST /api/ftp-check's answer (spec 001 §7 "success indicator"): `message` is the spec's toast text;
 * `reason` says in a few words what failed (refused, timed out, login refused, folder not listable).
 */
export const FtpCheckAnswer = v.strictObject({
  success: v.boolean(),
  message: v.string(),
  reason: v.nullable(v.string()),
  ms: v.number(),
});
export type FtpCheckAnswer = v.InferOutput<typeof FtpCheckAnswer>;

/** A file an SFTP import has taken from its server (GET /api/sftp-imports/{id}/files). */
export const SftpProcessedFile = v.strictObject({
  name: v.string(),
  size: v.number(),
  modifiedAt: timestamp,
  /** The import job that read it (GET /api/jobs/{id}); null when it was refused before one started. */
  jobId: v.nullable(v.string()),
  note: v.nullable(v.string()),
  processedAt: timestamp,
});
export type SftpProcessedFile = v.InferOutput<typeof SftpProcessedFile>;

/** The newest 20 files an import took, newest first. */
export const SftpProcessedFiles = v.strictObject({ items: v.array(SftpProcessedFile) });
