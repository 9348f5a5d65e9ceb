import { VisibleError } from "../error/index.ts";

/** Search cursors: opaque to clients, an offset inside (docs/decisions.md, Search paging). */
export const encodeOffsetCursor = (offset: number) =>
  Buffer.from(JSON.stringify({ o: offset })).toString("base64url");

export function decodeOffsetCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  try {
    const { o } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { o: unknown };
    if (typeof o === "number" && Number.isInteger(o) && o >= 0) return o;
  } catch {
    // not ours: refused below
  }
  throw new VisibleError("input", "request.invalid_cursor", "The cursor is not valid.", [
    { path: "cursor", message: "The cursor is not valid." },
  ]);
}
