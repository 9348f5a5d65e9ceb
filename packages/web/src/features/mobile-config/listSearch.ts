import { type PageWalk, validWalk } from "../../lib/paging.tsx";

/** Ten a page, as the configuration area's other tables (the spec names no size for this one). */
export const MOBILE_CONFIG_PAGE_SIZE = 10;

/**
 * The list's page walk, kept in the URL (/config/mobile-config?cursors=&page=), so back, reload and a
 * shared link show the same page; a value that does not fit opens the first page.
 */
export const mobileConfigListSearch = (raw: Record<string, unknown>): PageWalk => validWalk(raw);
