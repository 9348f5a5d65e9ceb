import type { FieldType, Node } from "./ast.ts";

/** A document as the search engine holds it: flat fields, custom fields as `custom:{name}` keys. */
export type SearchDoc = { tenant: string; id: string } & Record<string, unknown>;

export interface SortKey {
  field: string;
  direction: "asc" | "desc";
}

export interface SearchRequest {
  /** null lists everything. */
  query: Node | null;
  sort: SortKey[];
  limit: number;
  cursor?: string | null;
  /** Types of the tenant's custom fields (`custom:{name}`), so comparisons are typed. */
  types?: Record<string, FieldType>;
  /**
   * Fields of the page's documents to answer with the ids (`rows`): the contact's built-in fields
   * (CONTACT_FIELDS) and `optout` (CONTACT_ROW_FIELDS).
   */
  fields?: readonly string[];
  /**
   * A background job walking every page of the query (a campaign build, a bulk edit's snapshot), not a
   * person's list: an adapter may serve it apart from the console's queries (the embedded one reads it
   * through a connection that maps none of the index file, docs/search.md, The index's memory).
   */
  scan?: boolean;
}

/**
 * One document's values of the requested fields, as the indexer's document holds them: text as written
 * (not the index's lower-cased copy), dates as ISO 8601 strings of their instant, booleans as booleans,
 * `optout` as its map; a missing field is absent. Null when the index does not hold this document's values
 * (an embedded index row written before it kept them): the caller reads the store.
 */
export type SearchRow = Record<string, unknown> | null;

export interface SearchPage {
  ids: string[];
  total: number;
  nextCursor: string | null;
  /** With `fields`: each id's row, in the ids' order. */
  rows?: SearchRow[];
}

/** One index per model: contacts and activity logs (ARCHITECTURE.md names the later ones). */
export type SearchModel = "contact" | "activitylog";

/**
 * Which of a tenant's activity logs to list: a contact's, one type's, a time window (ISO timestamps, from
 * inclusive, to exclusive). Newest first, ties by id; this is what the feed, dashboards and charts read.
 */
export interface ActivityRequest {
  contactId?: string;
  type?: string;
  from?: string;
  to?: string;
  limit: number;
  cursor?: string | null;
}

/**
 * The Search port (ARCHITECTURE.md): OpenSearch on AWS, SQLite FTS5 embedded. Every call names the tenant
 * and the adapter applies it inside, so no query can reach another tenant's documents.
 */
export interface Search {
  upsert(model: SearchModel, docs: SearchDoc[]): Promise<void>;
  remove(model: SearchModel, keys: { tenant: string; id: string }[]): Promise<void>;
  query(model: "contact", tenant: string, request: SearchRequest): Promise<SearchPage>;
  activity(tenant: string, request: ActivityRequest): Promise<SearchPage>;
}
