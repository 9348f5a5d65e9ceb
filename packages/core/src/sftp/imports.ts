import { randomUUID } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { type Page, type PageQuery, storePage } from "../paging.ts";
import { useScheduler } from "../scheduler/index.ts";
import { isMask } from "../secrets/index.ts";
import type { FtpImportItem } from "../store/entities.ts";
import type { SftpImport } from "./api.ts";
import { pollSchedule } from "./poll.ts";
import type { SftpImportInput } from "./schema.ts";
import { isCipher, MAPPING_REQUIRED_MESSAGE } from "./schema.ts";
import { asIs, maskOf, resolveSecrets, seal } from "./secrets.ts";

/**
 * SFTP import connections in the Store: the tenant's own only (useTenant), secrets sealed on write and
 * masked on the way out, in clear only for a check (check.ts) and the import itself.
 */

/** The SFTP import table's page size (spec 001 §2.3, §9). */
export const SFTP_IMPORT_PAGE_SIZE = 5;

const notFound = (id: string) =>
  new VisibleError("not_found", "sftp_import.not_found", `SFTP import ${id} does not exist.`);

/** ElectroDB wraps the client's ConditionalCheckFailedException; its name or message may be on the cause. */
const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

export function maskedImport(item: FtpImportItem): SftpImport {
  return {
    tenant: item.tenant,
    id: item.id,
    name: item.name,
    host: item.host,
    port: item.port,
    username: item.username,
    password: maskOf(item.password),
    privateKey: maskOf(item.privateKey),
    passphrase: maskOf(item.passphrase),
    path: item.path,
    fieldMappingId: item.fieldMappingId,
    fileNameToSource: item.fileNameToSource,
    algorithms: { cipher: (item.algorithms.cipher ?? []).filter(isCipher) },
    readyTimeout: item.readyTimeout,
    reportEmail: item.reportEmail ?? "",
    lastCheck: item.lastCheck ?? null,
    hostKey: item.hostKey ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The stored item, the tenant's own: for the check, which decrypts what a MASK keeps. */
export async function getImportItem(id: string): Promise<FtpImportItem> {
  const tenant = useTenant();
  const { data } = await useStore().entities.ftpImport.get({ tenant, id }).go();
  if (!data) throw notFound(id);
  return data;
}

/** The mapping must be one of the tenant's own (an id of another tenant's reads as missing). */
async function checkFieldMapping(id: string) {
  const tenant = useTenant();
  const { data } = await useStore().entities.fieldMapping.get({ tenant, id }).go();
  if (!data)
    throw new VisibleError("input", "sftp_import.unknown_mapping", MAPPING_REQUIRED_MESSAGE, [
      { path: "fieldMappingId", message: MAPPING_REQUIRED_MESSAGE },
    ]);
}

export async function listSftpImports(page: PageQuery): Promise<Page<SftpImport>> {
  const tenant = useTenant();
  const { data, cursor } = await storePage(`sftp-imports:${tenant}`, page.cursor, (cursor) =>
    useStore()
      .entities.ftpImport.query.byCreated({ tenant })
      .go({ order: "desc", cursor, limit: page.limit ?? SFTP_IMPORT_PAGE_SIZE }),
  );
  return { items: data.map(maskedImport), nextCursor: cursor ?? null };
}

export async function getSftpImport(id: string): Promise<SftpImport> {
  return maskedImport(await getImportItem(id));
}

const SECRET_FIELDS = ["password", "privateKey", "passphrase"] as const;
type SecretField = (typeof SECRET_FIELDS)[number];

/** The item's fields from the form, its secrets sealed; secrets left blank are to be removed. */
async function fieldsOf(input: SftpImportInput, stored: FtpImportItem | undefined) {
  const secrets = await resolveSecrets<SecretField>(
    { password: input.password, privateKey: input.privateKey, passphrase: input.passphrase },
    stored,
    asIs,
    seal,
  );
  const set = {
    name: input.name,
    host: input.host,
    port: input.port,
    username: input.username,
    path: input.path,
    fieldMappingId: input.fieldMappingId,
    fileNameToSource: input.fileNameToSource,
    algorithms: { cipher: input.algorithms.cipher },
    readyTimeout: input.readyTimeout,
    ...(input.reportEmail ? { reportEmail: input.reportEmail } : {}),
    ...Object.fromEntries(SECRET_FIELDS.filter((f) => secrets[f]).map((f) => [f, secrets[f]])),
  };
  const remove: (SecretField | "reportEmail")[] = SECRET_FIELDS.filter((f) => !secrets[f]);
  if (!input.reportEmail) remove.push("reportEmail");
  return { set, remove };
}

export async function createSftpImport(input: SftpImportInput): Promise<SftpImport> {
  const tenant = useTenant();
  await checkFieldMapping(input.fieldMappingId);
  const { set } = await fieldsOf(input, undefined);
  const { data } = await useStore()
    .entities.ftpImport.create({ tenant, id: randomUUID(), ...set })
    .go();
  // Its polls (sftp/poll.ts): a connection that cannot be scheduled is not kept half made.
  try {
    await useScheduler().put(pollSchedule(data));
  } catch (err) {
    await useStore().entities.ftpImport.delete({ tenant, id: data.id }).go();
    throw err;
  }
  return maskedImport(data);
}

/**
 * Replaces every field: the form always sends the whole connection; a MASK keeps the stored secret, ""
 * removes it. The patch only changes an item that still exists, so one deleted meanwhile answers 404.
 * A changed login clears lastCheck: the old check proved another connection.
 */
export async function updateSftpImport(id: string, input: SftpImportInput): Promise<SftpImport> {
  const tenant = useTenant();
  const stored = await getImportItem(id);
  await checkFieldMapping(input.fieldMappingId);
  const { set, remove } = await fieldsOf(input, stored);
  const loginChanged =
    stored.host !== input.host ||
    stored.port !== input.port ||
    stored.username !== input.username ||
    stored.path !== input.path ||
    SECRET_FIELDS.some((f) => (input[f] === "" ? Boolean(stored[f]) : !isMask(input[f])));
  // Another host, port or credential may be another server: its host key is trusted anew at the next
  // successful check or poll (docs/decisions.md, SFTP host keys).
  const hostChanged =
    stored.host !== input.host ||
    stored.port !== input.port ||
    SECRET_FIELDS.some((f) => input[f] !== "" && !isMask(input[f]));
  // Removing an attribute the item does not have is harmless; an empty REMOVE list is not.
  const removed: (SecretField | "reportEmail" | "lastCheck" | "hostKey")[] = loginChanged
    ? [...remove, "lastCheck"]
    : [...remove];
  if (hostChanged) removed.push("hostKey");
  const patch = useStore().entities.ftpImport.patch({ tenant, id }).set(set);
  const { data } = await (removed.length > 0 ? patch.remove(removed) : patch)
    .go({ response: "all_new" })
    .catch((err: unknown) => {
      throw conditionFailed(err) ? notFound(id) : err;
    });
  // Written again on every save, so a schedule lost or made before a change of interval is set right.
  await useScheduler().put(pollSchedule(data as FtpImportItem));
  return maskedImport(data);
}

/** Deletes the import, its poll schedule and the record of the files it took. */
export async function deleteSftpImport(id: string) {
  const tenant = useTenant();
  await getImportItem(id);
  await useScheduler().delete(pollSchedule({ tenant, id }).name);
  await useStore().entities.ftpImport.delete({ tenant, id }).go();
  const store = useStore();
  const { data: files } = await store.entities.sftpFile.query
    .byImport({ tenant, importId: id })
    .go({ pages: "all" });
  if (files.length > 0) await store.entities.sftpFile.delete(files).go();
}

/** The files an import has taken (newest record first), for its table. */
export async function processedFiles(id: string, limit = 20) {
  const tenant = useTenant();
  await getImportItem(id);
  const { data } = await useStore()
    .entities.sftpFile.query.byImport({ tenant, importId: id })
    .go({ pages: "all" });
  return data
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit)
    .map((f) => ({
      name: f.name,
      size: f.size,
      modifiedAt: new Date(f.mtime).toISOString(),
      jobId: f.jobId ?? null,
      note: f.note ?? null,
      processedAt: f.createdAt,
    }));
}

/**
 * Records a successful check or poll of the saved connection (spec 001 §3 lastCheck), and pins the host
 * key it saw when none is pinned yet.
 */
export async function markImportChecked(id: string, at: string, hostKey?: string, pinned?: string) {
  const tenant = useTenant();
  await useStore()
    .entities.ftpImport.patch({ tenant, id })
    .set({ lastCheck: at, ...(hostKey && !pinned ? { hostKey } : {}) })
    .go()
    .catch((err: unknown) => {
      if (!conditionFailed(err)) throw err;
    });
}

/** The names of the tenant's SFTP imports that use a field mapping (its delete is refused while any do). */
export async function importsUsingMapping(fieldMappingId: string): Promise<string[]> {
  const tenant = useTenant();
  const { data } = await useStore()
    .entities.ftpImport.query.byFieldMapping({ tenant, fieldMappingId })
    .go({ pages: "all" });
  return data.map((item) => item.name);
}
