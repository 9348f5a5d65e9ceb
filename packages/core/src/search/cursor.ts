import { createHash } from "node:crypto";
import { VisibleError } from "../error/index.ts";

/**
 * Search cursors are keyset cursors (docs/search.md, Paging; docs/decisions.md, Search paging): the sort
 * values and id of the last row a page gave, so the next page is read from there on (a range seek in the
 * index, an OpenSearch `search_after`) instead of reading and skipping every row before it. Opaque to
 * clients (base64url JSON); decoded against the order asked for, so a cursor of another order, or one
 * whose values do not fit, is a 400, never a 500 or a silent restart.
 */
export type KeyValue = string | number | boolean | null;

export interface Keyset {
  /** The last row's sort values, its id last (the tie-breaker every order ends with). */
  after: KeyValue[];
  /**
   * How many rows came before the next page. Only a hint for the planner and for whether another page
   * follows: the rows themselves are found by `after`, so a wrong position cannot give another order.
   */
  position: number;
  /**
   * The total the walk's first page counted, kept so a deep page of a rule query is a range seek and not
   * a recount of every match (docs/decisions.md, Search paging); absent where the adapter counts anyway.
   */
  total?: number;
}

/** A short fingerprint of an order, so a cursor made for one order is refused by another. */
export const orderTag = (order: string) => createHash("sha256").update(order).digest("base64url").slice(0, 8);

export const encodeKeysetCursor = (order: string, keyset: Keyset) =>
  Buffer.from(
    JSON.stringify({
      s: orderTag(order),
      a: keyset.after,
      p: keyset.position,
      ...(keyset.total === undefined ? {} : { t: keyset.total }),
    }),
  ).toString("base64url");

export const invalidCursor = () =>
  new VisibleError("input", "request.invalid_cursor", "The cursor is not valid.", [
    { path: "cursor", message: "The cursor is not valid." },
  ]);

const isKeyValue = (v: unknown): v is KeyValue =>
  v === null ||
  typeof v === "string" ||
  typeof v === "boolean" ||
  (typeof v === "number" && Number.isFinite(v));

/**
 * The keyset of a cursor made for `order` with `length` values (sort keys + the id), or null without a
 * cursor. Anything else (not ours, another order, other lengths, non-scalar values, an id that is not a
 * string, a negative position or total) is refused with 400 'The cursor is not valid.'.
 */
export function decodeKeysetCursor(
  cursor: string | null | undefined,
  order: string,
  length: number,
): Keyset | null {
  if (!cursor) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const { s, a, p, t } = (parsed ?? {}) as { s?: unknown; a?: unknown; p?: unknown; t?: unknown };
  const count = (n: unknown) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  if (
    s !== orderTag(order) ||
    !Array.isArray(a) ||
    a.length !== length ||
    !a.every(isKeyValue) ||
    typeof a.at(-1) !== "string" ||
    !count(p) ||
    (t !== undefined && !count(t))
  )
    throw invalidCursor();
  return { after: a, position: p as number, ...(t === undefined ? {} : { total: t as number }) };
}

/** The order a contact request names, as the cursor's fingerprint reads it. */
export const sortOrder = (sort: readonly { field: string; direction: string }[]) =>
  `contact|${sort.map((k) => `${k.field}:${k.direction}`).join(",")}`;

/** The one order of activity lists (newest first, ties by id), as their cursors' fingerprint reads it. */
export const ACTIVITY_ORDER = "activitylog|timestamp:desc,id:desc";
