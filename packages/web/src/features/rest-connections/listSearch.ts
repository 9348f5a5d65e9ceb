import { type PageWalk, validWalk } from "../../lib/paging.tsx";
import type { Order } from "./api.ts";

export const REST_CONNECTION_PAGE_SIZE = 10;

export type RestConnectionListSearch = PageWalk & { order?: "asc" };

/**
 * The list's state in the URL (/config/rest-connections?order=&cursors=&page=): Date Created newest first
 * unless `order=asc` (spec 001 §2.5), and the page walk, so back, reload and a shared link show the same page.
 */
export const restConnectionListSearch = (raw: Record<string, unknown>): RestConnectionListSearch => ({
  ...(raw.order === "asc" ? { order: "asc" as const } : {}),
  ...validWalk(raw),
});

export const orderOf = (search: RestConnectionListSearch): Order => search.order ?? "desc";
