import { SortParam } from "@reachcx/core/search/schema";
import * as v from "valibot";
import { type PageWalk, validWalk } from "../../lib/paging.tsx";

/**
 * The contact list's view, kept in the URL (/contacts?q=&sort=&cursors=&page=) so back, reload and a
 * shared link show the same page: the search text, one sort key, and the page walk (lib/paging.tsx: the
 * cursors from the first page on, the last one is the page shown). docs/decisions.md, "List state in
 * the URL".
 */
export interface ContactListSearch extends PageWalk {
  q?: string;
  /** field:asc or field:desc, as the API's sort parameter. */
  sort?: string;
}

/** As the API bounds it. */
const MAX_SEARCH = 500;

/**
 * Validates the URL's search params leniently: a value that does not fit (an edited or truncated link)
 * is dropped rather than refused, so the link still opens the list, at its first page if need be.
 */
export function contactListSearch(raw: Record<string, unknown>): ContactListSearch {
  const out: ContactListSearch = {};
  if (typeof raw.q === "string" && raw.q.trim()) out.q = raw.q.slice(0, MAX_SEARCH);
  if (typeof raw.sort === "string" && v.is(SortParam, raw.sort)) out.sort = raw.sort;
  return { ...out, ...validWalk(raw) };
}

export type Sort = { field: string; direction: "asc" | "desc" };

export function sortOf(sort: string | undefined): Sort | null {
  if (!sort) return null;
  const i = sort.lastIndexOf(":");
  return { field: sort.slice(0, i), direction: sort.slice(i + 1) === "desc" ? "desc" : "asc" };
}

/** A header click: ascending, then descending, then unsorted. */
export function nextSort(current: string | undefined, field: string): string | undefined {
  const sort = sortOf(current);
  if (sort?.field !== field) return `${field}:asc`;
  return sort.direction === "asc" ? `${field}:desc` : undefined;
}
