import { createHash } from "node:crypto";
import * as v from "valibot";
import { VisibleError } from "./error/index.ts";

/** The most items one page may ask for. */
export const MAX_LIMIT = 500;

/** A page size, 1 to MAX_LIMIT: as a number in a JSON body, read from text in a query string (PageQuery). */
export const Limit = v.pipe(
  v.number("limit must be a whole number."),
  v.integer("limit must be a whole number."),
  v.minValue(1, "limit must be at least 1."),
  v.maxValue(MAX_LIMIT, `limit must be at most ${MAX_LIMIT}.`),
);

/** An opaque cursor handed out by a previous page. */
export const Cursor = v.pipe(v.string(), v.maxLength(2048, "The cursor is not valid."));

/** `?cursor=&limit=` for every list (ARCHITECTURE.md, API). Cursors are opaque to clients. */
export const PageQuery = v.object({
  cursor: v.optional(Cursor),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, "limit must be a whole number."), v.transform(Number), Limit),
  ),
});
export type PageQuery = v.InferOutput<typeof PageQuery>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total?: number;
}

/** The answer of a list, as the API sends it and the OpenAPI document describes it. */
export const pageOf = <S extends v.GenericSchema>(item: S) =>
  v.strictObject({
    items: v.array(item),
    nextCursor: v.pipe(
      v.nullable(v.string()),
      v.description("Pass as ?cursor= for the next page; null at the end."),
    ),
  });

export const DEFAULT_LIMIT = 10;

const invalidCursor = () =>
  new VisibleError("input", "request.invalid_cursor", "The cursor is not valid.", [
    { path: "cursor", message: "The cursor is not valid." },
  ]);

/** A short tag of what a cursor pages through, so a cursor of one list is refused by every other. */
const tagOf = (scope: string) => createHash("sha256").update(scope).digest("base64url").slice(0, 12);

/** Hands out a cursor tagged with its scope (the tenant and what is listed). */
export const scopeCursor = (scope: string, inner: string | null) =>
  inner ? `${tagOf(scope)}.${inner}` : null;

/** The inner cursor of a client's one; a cursor of another scope (list or tenant) answers 400. */
export function unscopeCursor(scope: string, cursor: string | null | undefined): string | null {
  if (!cursor) return null;
  const dot = cursor.indexOf(".");
  if (dot < 0 || cursor.slice(0, dot) !== tagOf(scope)) throw invalidCursor();
  return cursor.slice(dot + 1);
}

/**
 * Runs a store query a page at a time with a client's cursor. The cursor handed out is the store's,
 * tagged with `scope` (the tenant and what is listed): a cursor of another list or another tenant is
 * refused as 400 before it reaches the store, and a cursor the store cannot read is 400 too, never a 500.
 */
export async function storePage<T>(
  scope: string,
  cursor: string | undefined,
  run: (cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>,
): Promise<{ data: T[]; cursor: string | null }> {
  const inner = unscopeCursor(scope, cursor);
  try {
    const page = await run(inner);
    return { data: page.data, cursor: scopeCursor(scope, page.cursor) };
  } catch (err) {
    const e = err as { isElectroError?: boolean; name?: string; message?: string };
    const unreadable =
      (e.isElectroError && /cursor/i.test(e.message ?? "")) ||
      (e.name === "ValidationException" && /starting key|ExclusiveStartKey/i.test(e.message ?? ""));
    if (unreadable) throw invalidCursor();
    throw err;
  }
}
