import { CAMPAIGN_PAGE_SIZE } from "@reachcx/core/campaign/schema";
import { type PageWalk, validWalk } from "../../lib/paging.tsx";

export { CAMPAIGN_PAGE_SIZE };

/** The list's page walk, kept in the URL (/campaigns?cursors=&page=) so back and reload show the same page. */
export const campaignListSearch = (raw: Record<string, unknown>): PageWalk => validWalk(raw);
