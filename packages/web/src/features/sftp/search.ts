import { type PageWalk, validWalk } from "../../lib/paging.tsx";

/** Spec 001 §2.3, §9: the import table shows five connections a page. */
export const SFTP_IMPORT_PAGE_SIZE = 5;

export const SFTP_TABS = ["import", "export"] as const;
export type SftpTab = (typeof SFTP_TABS)[number];

export type SftpSearch = PageWalk & { tab?: "export" };

/**
 * /config/sftp?tab=export&cursors=&page=: the open tab (SFTP Import unless `tab=export`) and the import
 * table's page walk, so back, reload and a shared link show the same tab and page.
 */
export const sftpSearch = (raw: Record<string, unknown>): SftpSearch => ({
  ...(raw.tab === "export" ? { tab: "export" as const } : {}),
  ...validWalk(raw),
});

export const tabOf = (search: SftpSearch): SftpTab => search.tab ?? "import";
