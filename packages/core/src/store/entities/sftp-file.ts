import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * SftpFile — a file an SFTP import has taken from its server (core/sftp/poll.ts), by name, size and
 * modification time: the same file is never imported twice, and a file replaced on the server (another
 * size or time) is a new one. Written once the file's import job exists.
 * Access patterns: get by tenant + import + name + size + mtime (is it done?); an import's files (its
 * table, and their removal with the import).
 */
export const SftpFileEntity = new Entity({
  model: { entity: "sftpFile", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    importId: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true, readOnly: true },
    size: { type: "number", required: true, readOnly: true },
    /** The server's modification time, epoch milliseconds. */
    mtime: { type: "number", required: true, readOnly: true },
    /** The import job that read it; absent when it was refused before one started (too large). */
    jobId: { type: "string" },
    /** Why no job read it, when none did. */
    note: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byImport: {
      pk: { field: "pk", composite: ["tenant", "importId"] },
      sk: { field: "sk", composite: ["name", "size", "mtime"] },
    },
  },
});

export type SftpFileItem = EntityItem<typeof SftpFileEntity>;
export type CreateSftpFileItem = CreateEntityItem<typeof SftpFileEntity>;
