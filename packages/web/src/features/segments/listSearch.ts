import { SEGMENT_PAGE_SIZE } from "@reachcx/core/segment/schema";
import { type PageWalk, validWalk } from "../../lib/paging.tsx";

export { SEGMENT_PAGE_SIZE };

/** The list's page walk, kept in the URL (/segments?cursors=&page=) so back and reload show the same page. */
export const segmentListSearch = (raw: Record<string, unknown>): PageWalk => validWalk(raw);
