import type { API, Types } from "@opensearch-project/opensearch";
import { CONTACT_FIELDS } from "../../search/contact-fields.ts";
import {
  ACTIVITY_ORDER,
  decodeKeysetCursor,
  encodeKeysetCursor,
  type KeyValue,
  sortOrder,
} from "../../search/cursor.ts";
import type { ActivityRequest, SearchPage, SearchRequest, SortKey } from "../../search/port.ts";
import { activityFilter, contactFilter, keywordField, type Query } from "./compile.ts";
import { fieldName } from "./layout.ts";

type Sort = Types.Common.SortCombinations;

/**
 * A search request: the order its cursors are made for, how many rows came before the page (the cursor's
 * position), and the body that asks for it.
 */
export interface SearchPlan {
  order: string;
  position: number;
  /** The row fields asked for (SearchRequest `fields`). */
  fields?: readonly string[];
  body: API.Search_RequestBody;
}

/**
 * The one search body every list sends: the filter, the order, the page as `search_after` the cursor's
 * sort values (the last row's, its id last: a keyset, so page 1,000 costs what page 2 costs, and no
 * `from` + `size` limit of 10,000 applies), an exact total (`track_total_hits`; the default stops counting
 * at 10,000) and only the ids back.
 */
export function searchPlan(
  order: string,
  filter: Query[],
  sort: Sort[],
  page: { limit: number; cursor?: string | null; fields?: readonly string[] },
): SearchPlan {
  const after = decodeKeysetCursor(page.cursor, order, sort.length);
  return {
    order,
    position: after?.position ?? 0,
    ...(page.fields ? { fields: page.fields } : {}),
    body: {
      query: { bool: { filter } },
      sort,
      size: page.limit,
      ...(after ? { search_after: after.after as Types.Common.FieldValue[] } : {}),
      track_total_hits: true,
      // With row fields, only those of the source (as the writer indexed them: rowOf converts back).
      _source: page.fields ? page.fields.map(fieldName) : false,
      fields: ["id"],
    },
  };
}

/** A page of a tenant's contacts in the requested order. */
export const contactPlan = (tenant: string, request: SearchRequest) =>
  searchPlan(sortOrder(request.sort), contactFilter(tenant, request), contactSort(request), request);

/** A page of a tenant's activity logs, newest first, ties by id. */
export const activityPlan = (tenant: string, request: ActivityRequest) =>
  searchPlan(
    ACTIVITY_ORDER,
    activityFilter(tenant, request),
    [{ timestamp: "desc" }, { id: "desc" }],
    request,
  );

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

/**
 * A page of ids from a search answer's hits, with a keyset cursor (the last hit's sort values, as the
 * engine gave them, for `search_after`) while more remain.
 */
export function pageOf(
  hits: {
    hits: { fields?: { id?: string[] }; sort?: unknown[]; _source?: Record<string, unknown> }[];
    total?: number | { value: number };
  },
  plan: Pick<SearchPlan, "order" | "position" | "fields">,
): SearchPage {
  const fields = plan.fields;
  const total = typeof hits.total === "number" ? hits.total : (hits.total?.value ?? 0);
  const position = plan.position + hits.hits.length;
  const last = hits.hits.at(-1);
  return {
    ids: hits.hits.map((h) => h.fields?.id?.[0] as string),
    total,
    ...(fields ? { rows: hits.hits.map((h) => rowOf(fields, h._source ?? {})) } : {}),
    nextCursor:
      last?.sort && position < total
        ? encodeKeysetCursor(plan.order, { after: last.sort as KeyValue[], position })
        : null,
  };
}

/**
 * A hit's values of the row fields, as the indexer's document held them: the writer indexed dates as
 * epoch milliseconds (writer.ts toIndexed), so they go back to ISO strings; text, booleans and `optout`
 * are in the source as written.
 */
function rowOf(fields: readonly string[], source: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const field of fields) {
    const value = source[fieldName(field)];
    if (value === undefined || value === null) continue;
    row[field] = CONTACT_FIELDS[field] === "date" ? new Date(value as number).toISOString() : value;
  }
  return row;
}
