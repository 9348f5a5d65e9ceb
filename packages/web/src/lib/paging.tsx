import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";

/**
 * Cursor paging state for a server-paged list: the cursors of the pages visited, so Previous goes back
 * without asking the server to recount or re-walk.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    page: cursors.length - 1,
    cursor: cursors[cursors.length - 1],
    reset: () => setCursors([undefined]),
    next: (cursor: string) => setCursors((c) => [...c, cursor]),
    previous: () => setCursors((c) => c.slice(0, -1)),
  };
}
export type CursorPages = ReturnType<typeof useCursorPages>;

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
      <Text size="sm" c="dimmed">
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
