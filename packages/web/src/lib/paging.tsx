import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";

/** Where a cursor-paged list stands: its page number (0 is the first) and how to move. */
export interface CursorPages {
  page: number;
  cursor: string | undefined;
  next: (cursor: string) => void;
  previous: () => void;
}

/**
 * Cursor paging held in component state, for a table inside a screen (a contact's activity): the cursors
 * of the pages visited, so Previous goes back without asking the server to recount or re-walk.
 */
export function useCursorPages(): CursorPages & { reset: () => void } {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    page: cursors.length - 1,
    cursor: cursors[cursors.length - 1],
    reset: () => setCursors([undefined]),
    next: (cursor: string) => setCursors((c) => [...c, cursor]),
    previous: () => setCursors((c) => c.slice(0, -1)),
  };
}

/**
 * Cursor paging kept in the URL, for a screen's list (docs/decisions.md, "List state in the URL"): the
 * cursors walked from the first page, newest last, and the page number. At most MAX_WALK cursors are kept,
 * so a link stays short; past that, Previous from the oldest one kept returns to the first page.
 */
export interface PageWalk {
  cursors?: string[];
  /** 1-based; absent on the first page. */
  page?: number;
}

export const MAX_WALK = 50;

export const walkNext = (walk: PageWalk, cursor: string): PageWalk => ({
  cursors: [...(walk.cursors ?? []), cursor].slice(-MAX_WALK),
  page: (walk.page ?? 1) + 1,
});

export function walkPrevious(walk: PageWalk): PageWalk {
  const cursors = walk.cursors?.slice(0, -1) ?? [];
  return cursors.length === 0 ? {} : { cursors, page: Math.max(2, (walk.page ?? 2) - 1) };
}

/**
 * The page walk a list screen keeps in its URL, as the Pager drives it: `navigate` is the route's own, so
 * Next and Previous change only the walk and keep the screen's other search params.
 */
export function urlPages<S extends PageWalk>(
  search: S,
  navigate: (options: { search: (previous: S) => S }) => unknown,
): CursorPages {
  return {
    page: (search.page ?? 1) - 1,
    cursor: search.cursors?.at(-1),
    next: (cursor) => void navigate({ search: (s) => ({ ...s, ...walkNext(s, cursor) }) }),
    previous: () =>
      void navigate({ search: (s) => ({ ...s, cursors: undefined, page: undefined, ...walkPrevious(s) }) }),
  };
}

/** The URL's walk, made consistent: the page number is at least the number of cursors walked, plus one. */
export function validWalk(raw: { cursors?: unknown; page?: unknown }): PageWalk {
  const cursors = Array.isArray(raw.cursors)
    ? raw.cursors.filter((c): c is string => typeof c === "string" && c.length > 0 && c.length <= 2048)
    : [];
  if (cursors.length === 0) return {};
  const kept = cursors.slice(-MAX_WALK);
  const asked = typeof raw.page === "number" && Number.isInteger(raw.page) ? raw.page : 0;
  return { cursors: kept, page: Math.max(asked, kept.length + 1) };
}

/** 'Page n[ of m]' with Previous and Next, under a server-paged table. */
export function Pager({
  pages,
  nextCursor,
  pageCount,
}: {
  pages: CursorPages;
  nextCursor: string | null | undefined;
  pageCount?: number;
}) {
  return (
    <Group justify="flex-end">
      <Text size="sm" c="dimmed" data-testid="pager-page">
        Page {pages.page + 1}
        {pageCount === undefined ? "" : ` of ${Math.max(1, pageCount)}`}
      </Text>
      <Button variant="default" size="xs" disabled={pages.page === 0} onClick={pages.previous}>
        Previous
      </Button>
      <Button
        variant="default"
        size="xs"
        disabled={!nextCursor}
        onClick={() => nextCursor && pages.next(nextCursor)}
      >
        Next
      </Button>
    </Group>
  );
}
