import type { API, Types } from "@opensearch-project/opensearch";
import { decodeOffsetCursor, encodeOffsetCursor } from "../../search/cursor.ts";
import type { ActivityRequest, SearchPage, SearchRequest, SortKey } from "../../search/port.ts";
import { activityFilter, contactFilter, keywordField, type Query } from "./compile.ts";

type Sort = Types.Common.SortCombinations;

/** A search request: where the page starts (its cursor's offset) and the body that asks for it. */
export interface SearchPlan {
  from: number;
  body: API.Search_RequestBody;
}

/**
 * The one search body every list sends: the filter, the order, the page as from/size at the cursor's
 * offset, an exact total (`track_total_hits`; the default stops counting at 10,000) and only the ids back.
 */
export function searchPlan(
  filter: Query[],
  sort: Sort[],
  page: { limit: number; cursor?: string | null },
): SearchPlan {
  const from = decodeOffsetCursor(page.cursor);
  return {
    from,
    body: {
      query: { bool: { filter } },
      sort,
      from,
      size: page.limit,
      track_total_hits: true,
      _source: false,
      fields: ["id"],
    },
  };
}

/** A page of a tenant's contacts in the requested order. */
export const contactPlan = (tenant: string, request: SearchRequest) =>
  searchPlan(contactFilter(tenant, request), contactSort(request), request);

/** A page of a tenant's activity logs, newest first, ties by id. */
export const activityPlan = (tenant: string, request: ActivityRequest) =>
  searchPlan(activityFilter(tenant, request), [{ timestamp: "desc" }, { id: "desc" }], request);

/** The requested keys, then ties by id in the last key's direction (docs/decisions.md, Search sort). */
export function contactSort(request: SearchRequest): Sort[] {
  return [
    ...request.sort.map((key) => sortClause(key, request.types ?? {})),
    { id: request.sort.at(-1)?.direction ?? "asc" },
  ];
}

/** Text sorts by its lower-case keyword; numbers, dates and booleans (custom ones by their type) as they are. */
export function sortClause(key: SortKey, types: Record<string, string>): Sort {
  // Missing values first ascending, last descending, as the embedded adapter's index order gives.
  return {
    [keywordField(key.field, types).name]: {
      order: key.direction,
      missing: key.direction === "asc" ? "_first" : "_last",
      unmapped_type: "keyword",
    },
  };
}

/** A page of ids from a search answer's hits, with an offset cursor when more remain. */
export function pageOf(
  hits: { hits: { fields?: { id?: string[] } }[]; total?: number | { value: number } },
  from: number,
): SearchPage {
  const total = typeof hits.total === "number" ? hits.total : (hits.total?.value ?? 0);
  const next = from + hits.hits.length;
  return {
    ids: hits.hits.map((h) => h.fields?.id?.[0] as string),
    total,
    nextCursor: next < total ? encodeOffsetCursor(next) : null,
  };
}
