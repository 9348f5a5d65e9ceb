import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/**
 * Query keys rooted at the entities' names (ftpImport, ftpExport), so the live feed's change events
 * refresh the table and the export form with no entry in shell/live.ts.
 */
export const sftpKeys = {
  imports: ["ftpImport"] as const,
  importList: (limit: number, cursor: string | undefined) =>
    ["ftpImport", "list", limit, cursor ?? null] as const,
  export: ["ftpExport"] as const,
};

export const sftpImportListQuery = (limit: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: sftpKeys.importList(limit, cursor),
    queryFn: () => unwrap(api["sftp-imports"].$get({ query: { limit: String(limit), cursor } })),
    placeholderData: keepPreviousData,
  });
export type SftpImportRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof sftpImportListQuery>["queryFn"]>>
>["items"][number];

export const sftpExportQuery = () =>
  queryOptions({
    queryKey: sftpKeys.export,
    queryFn: () => unwrap(api["sftp-export"].$get()),
  });
export type SftpExportAnswer = Awaited<
  ReturnType<NonNullable<ReturnType<typeof sftpExportQuery>["queryFn"]>>
>;

/** Every field mapping of the tenant, for the import form's select (a tenant has a handful). */
export const mappingChoicesQuery = () =>
  queryOptions({
    queryKey: ["fieldMappings", "choices"] as const,
    queryFn: () => unwrap(api["field-mappings"].$get({ query: { limit: "500" } })),
  });

export type SftpImportBody = Parameters<(typeof api)["sftp-imports"]["$post"]>[0]["json"];
export type SftpExportBody = Parameters<(typeof api)["sftp-export"]["$put"]>[0]["json"];
export type FtpCheckBody = Parameters<(typeof api)["ftp-check"]["$post"]>[0]["json"];

export const createSftpImport = (json: SftpImportBody) => unwrap(api["sftp-imports"].$post({ json }));
export const updateSftpImport = (id: string, json: SftpImportBody) =>
  unwrap(api["sftp-imports"][":id"].$put({ param: { id }, json }));
export const deleteSftpImport = (id: string) => unwrap(api["sftp-imports"][":id"].$delete({ param: { id } }));
export const saveSftpExport = (json: SftpExportBody) => unwrap(api["sftp-export"].$put({ json }));
export const ftpCheck = (json: FtpCheckBody) => unwrap(api["ftp-check"].$post({ json }));
export type FtpCheckResult = Awaited<ReturnType<typeof ftpCheck>>;

/** Poll now (issue 12): the same poll the import's 15-minute schedule starts (202 with the job). */
export const pollSftpImport = (id: string) =>
  unwrap(api["sftp-imports"][":id"].poll.$post({ param: { id } }));

/** The files an import took; keyed by the entity's name, so the live feed refreshes it. */
export const sftpFilesQuery = (id: string) =>
  queryOptions({
    queryKey: ["sftpFile", id] as const,
    queryFn: () => unwrap(api["sftp-imports"][":id"].files.$get({ param: { id } })),
  });
