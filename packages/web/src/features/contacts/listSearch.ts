import { SortParam } from "@reachcx/core/search/schema";
import * as v from "valibot";

/**
 * The contact list's view, kept in the URL (/contacts?q=&sort=&cursors=) so back, reload and a shared
 * link show the same page: the search text, one sort key, and the cursors of the pages walked from the
 * first one (the last is the page shown; Previous drops it). docs/decisions.md, "List state in the URL".
 */
export interface ContactListSearch {
  q?: string;
  /** field:asc or field:desc, as the API's sort parameter. */
  sort?: string;
  /** Page n+1 is shown with cursors[n-1]; none is the first page. */
  cursors?: string[];
}

/** As the API bounds them: the search text (500), a cursor (2048). */
const MAX_SEARCH = 500;
const MAX_CURSOR = 2048;
/** Deeper than this, the walk restarts from its newest pages: the URL stays short enough to share. */
export const MAX_PAGES_KEPT = 50;

const Cursors = v.pipe(
  v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_CURSOR))),
  v.transform((cursors) => cursors.slice(-MAX_PAGES_KEPT)),
);

/**
 * Validates the URL's search params leniently: a value that does not fit (an edited or truncated link)
 * is dropped rather than refused, so the link still opens the list, at its first page if need be.
 */
export function contactListSearch(raw: Record<string, unknown>): ContactListSearch {
  const out: ContactListSearch = {};
  if (typeof raw.q === "string" && raw.q.trim()) out.q = raw.q.slice(0, MAX_SEARCH);
  if (typeof raw.sort === "string" && v.is(SortParam, raw.sort)) out.sort = raw.sort;
  const cursors = v.safeParse(Cursors, raw.cursors);
  if (cursors.success && cursors.output.length > 0) out.cursors = cursors.output;
  return out;
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
