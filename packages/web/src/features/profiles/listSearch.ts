import { type PageWalk, validWalk } from "../../lib/paging.tsx";

/** Spec 003 §2.6 and §9: the profile table's page size. */
export const PROFILE_PAGE_SIZE = 10;

/** The list's page walk, kept in the URL (/profile?cursors=&page=). */
export const profileListSearch = (raw: Record<string, unknown>): PageWalk => validWalk(raw);
