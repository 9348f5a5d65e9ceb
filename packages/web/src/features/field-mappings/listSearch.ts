import { type PageWalk, validWalk } from "../../lib/paging.tsx";

/** Spec 001 §2.4/§9: the field mapping table's page size. */
export const FIELD_MAPPING_PAGE_SIZE = 10;

/**
 * The list's page walk, kept in the URL (/config/field-mappings?cursors=&page=) like the contact list's, so
 * back, reload and a shared link show the same page; a value that does not fit opens the first page.
 */
export const fieldMappingListSearch = (raw: Record<string, unknown>): PageWalk => validWalk(raw);
