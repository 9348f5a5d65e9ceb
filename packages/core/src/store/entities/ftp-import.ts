import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * FtpImport — an SFTP server contacts are imported from (spec 001 §3 FtpImport), one item per connection
 * so the scheduled import (issue 12) can read each on its own.
 * Access patterns: get by tenant + id; a tenant's imports newest first (gsi1 by tenant, createdAt, id);
 * a tenant's imports using a field mapping (gsi2 by tenant + fieldMappingId), which a mapping's delete
 * checks. password, privateKey and passphrase are sealed by the Secrets port before they get here.
 */
export const FtpImportEntity = new Entity({
  model: { entity: "ftpImport", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    host: { type: "string", required: true },
    port: { type: "number", required: true },
    username: { type: "string", required: true },
    /** Sealed; absent when the connection logs in with a key. */
    password: { type: "string" },
    /** Sealed; absent when the connection logs in with a password. */
    privateKey: { type: "string" },
    /** Sealed; only for an encrypted private key. */
    passphrase: { type: "string" },
    /** The folder the import reads. */
    path: { type: "string", required: true },
    fieldMappingId: { type: "string", required: true },
    /** Spec 001 §3: use the file's name as the contacts' source. */
    fileNameToSource: { type: "boolean", required: true },
    algorithms: {
      type: "map",
      required: true,
      // ElectroDB lists hold plain strings; the schema (SFTP_CIPHERS) decides which are allowed.
      properties: { cipher: { type: "list", required: true, items: { type: "string" } } },
    },
    /** ssh2's readyTimeout in ms: how long a connection may take to log in. */
    readyTimeout: { type: "number", required: true },
    reportEmail: { type: "string" },
    /** When the server last logged in and listed the folder successfully (a check of the saved connection). */
    lastCheck: { type: "string" },
    /**
     * The server's host key fingerprint (SHA256:...), pinned at the first successful check or poll; a
     * server with another key is refused until the login is changed (docs/decisions.md, SFTP host keys).
     */
    hostKey: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
    byCreated: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["tenant"] },
      sk: { field: "gsi1sk", composite: ["createdAt", "id"] },
    },
    byFieldMapping: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["tenant", "fieldMappingId"] },
      sk: { field: "gsi2sk", composite: ["id"] },
    },
  },
});

export type FtpImportItem = EntityItem<typeof FtpImportEntity>;
export type CreateFtpImportItem = CreateEntityItem<typeof FtpImportEntity>;
