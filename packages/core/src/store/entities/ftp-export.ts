import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * FtpExport — the tenant's one SFTP export target (spec 001 §3 "SFTP export values", held by spec 000's
 * TenantSettings.ftpExport). An item of its own rather than a TenantSettings attribute, so the settings
 * answer never carries its sealed secrets and only /api/sftp-export writes it (docs/decisions.md, SFTP).
 * Access pattern: get by tenant. ftpExportPassword and ftpImportKey are sealed by the Secrets port.
 */
export const FtpExportEntity = new Entity({
  model: { entity: "ftpExport", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    ftpExportURL: { type: "string", required: true },
    ftpExportUserName: { type: "string", required: true },
    ftpExportPassword: { type: "string" },
    /** The spec's name for the export's private key. */
    ftpImportKey: { type: "string" },
    ftpExportPort: { type: "number", required: true },
    lastCheck: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: [] } },
  },
});

export type FtpExportItem = EntityItem<typeof FtpExportEntity>;
export type CreateFtpExportItem = CreateEntityItem<typeof FtpExportEntity>;
