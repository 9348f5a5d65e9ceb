import * as v from "valibot";
import { VisibleError } from "./error/index.ts";

/** `?cursor=&limit=` for every list (ARCHITECTURE.md, API). Cursors are opaque to clients. */
export const PageQuery = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(2048, "The cursor is not valid."))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, "limit must be a whole number."),
      v.transform(Number),
      v.minValue(1, "limit must be at least 1."),
      v.maxValue(500, "limit must be at most 500."),
    ),
  ),
});
export type PageQuery = v.InferOutput<typeof PageQuery>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total?: number;
}

export const DEFAULT_LIMIT = 10;

/** Runs a store query with a client's cursor; a cursor the store cannot read is the client's mistake (400). */
export async function withCursor<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { isElectroError?: boolean }).isElectroError && /cursor/i.test((err as Error).message))
      throw new VisibleError("input", "request.invalid_cursor", "The cursor is not valid.", [
        { path: "cursor", message: "The cursor is not valid." },
      ]);
    throw err;
  }
}
