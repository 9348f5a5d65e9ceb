import { Button, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { displayLocale } from "../../lib/format.ts";
import { type CursorPages, Pager, walkNext, walkPrevious } from "../../lib/paging.tsx";
import { EmptyRow, RowActions } from "../../lib/RecordRows.tsx";
import { deleteFieldMapping, type FieldMappingRow, fieldMappingKeys, fieldMappingListQuery } from "./api.ts";
import { FIELD_MAPPING_PAGE_SIZE } from "./listSearch.ts";
import { toast } from "./toast.ts";

const route = getRouteApi("/shell/gate/config/field-mappings");

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(displayLocale(), { dateStyle: "medium", timeStyle: "short" });

/**
 * The field mapping list (spec 001 §2.4): Name, Created Date, Updated Date, ten a page, newest first; a
 * row opens its editor, edit and delete act on it. The page walk is the URL's (routes/field-mappings.ts).
 */
export function FieldMappingList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(fieldMappingListQuery(FIELD_MAPPING_PAGE_SIZE, search.cursors?.at(-1)));

  const pages: CursorPages = {
    page: (search.page ?? 1) - 1,
    cursor: search.cursors?.at(-1),
    next: (cursor) => void navigate({ search: (s) => walkNext(s, cursor) }),
    previous: () => void navigate({ search: (s) => walkPrevious(s) }),
  };

  // Spec 001 §4: delete, then the list shows what is left.
  const remove = useMutation({
    mutationFn: deleteFieldMapping,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fieldMappingKeys.all }),
    onError: (err) => toast("red", (err as Error).message),
  });

  const confirmDelete = (row: FieldMappingRow) =>
    modals.openConfirmModal({
      title: "Are you sure?",
      children: <Text size="sm">The field mapping {row.name} will be permanently deleted.</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(row.id),
    });

  const open = (row: FieldMappingRow) =>
    void go({ to: "/config/field-mappings/$id", params: { id: row.id } });
  const data = list.data;

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>Field Mappings</Title>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <Button
          renderRoot={(props) => <Link {...props} to="/config/field-mappings/$id" params={{ id: "new" }} />}
        >
          New Field Mapping
        </Button>
      </Group>
      <Table highlightOnHover data-testid="field-mappings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Created Date</Table.Th>
            <Table.Th>Updated Date</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => (
            <Table.Tr key={row.id} style={{ cursor: "pointer" }} onClick={() => open(row)}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{formatDate(row.createdAt)}</Table.Td>
              <Table.Td>{formatDate(row.updatedAt)}</Table.Td>
              <Table.Td>
                <RowActions name={row.name} onEdit={() => open(row)} onDelete={() => confirmDelete(row)} />
              </Table.Td>
            </Table.Tr>
          ))}
          {data && data.items.length === 0 && (
            <EmptyRow columns={4}>No field mappings yet. Add one with New Field Mapping.</EmptyRow>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}
