import { Button, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { DELETE_CONFIRM_MESSAGE } from "@reachcx/core/segment/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { Pager, urlPages } from "../../lib/paging.tsx";
import { EmptyRow, RowActions } from "../../lib/RecordRows.tsx";
import { deleteSegment, type SegmentRow, segmentKeys, segmentListQuery } from "./api.ts";
import { SEGMENT_PAGE_SIZE } from "./listSearch.ts";

const route = getRouteApi("/shell/gate/segments");

/**
 * The segment list (spec 002 Segment list): Name and Description, ten a page, newest first; a row or Edit
 * opens the editor, Clone opens a copy, Delete asks first. Live: the feed refreshes it on any change.
 */
export function SegmentList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(segmentListQuery(SEGMENT_PAGE_SIZE, search.cursors?.at(-1)));

  const pages = urlPages(search, navigate);

  const remove = useMutation({
    mutationFn: deleteSegment,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 }),
  });

  const confirmDelete = (row: SegmentRow) =>
    modals.openConfirmModal({
      title: `Delete ${row.name}?`,
      children: <Text size="sm">{DELETE_CONFIRM_MESSAGE}</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(row.id),
    });

  const open = (row: SegmentRow, op: "edit" | "clone") =>
    void go({ to: "/segment/$id", params: { id: row.id }, search: { op } });
  const data = list.data;

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} size="h2">
            Segments
          </Title>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <Button renderRoot={(props) => <Link {...props} to="/segment/$id" params={{ id: "new" }} />}>
          + Segment
        </Button>
      </Group>
      <Table highlightOnHover data-testid="segments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => (
            <Table.Tr key={row.id} style={{ cursor: "pointer" }} onClick={() => open(row, "edit")}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={(e) => {
                      e.stopPropagation();
                      open(row, "clone");
                    }}
                    aria-label={`Clone ${row.name}`}
                  >
                    Clone
                  </Button>
                  <RowActions
                    name={row.name}
                    onEdit={() => open(row, "edit")}
                    onDelete={() => confirmDelete(row)}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {data && data.items.length === 0 && (
            <EmptyRow columns={3}>No segments yet. Add one with + Segment.</EmptyRow>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}
