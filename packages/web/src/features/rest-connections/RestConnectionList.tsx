import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCheck, IconChevronDown, IconChevronUp, IconPlayerPlay } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { displayLocale } from "../../lib/format.ts";
import { type CursorPages, Pager, walkNext, walkPrevious } from "../../lib/paging.tsx";
import { EmptyRow, RowActions } from "../../lib/RecordRows.tsx";
import {
  deleteRestConnection,
  type RestConnectionRow,
  restConnectionKeys,
  restConnectionListQuery,
  runRestConnection,
} from "./api.ts";
import { orderOf, REST_CONNECTION_PAGE_SIZE } from "./listSearch.ts";
import { forgetLogs } from "./logs.ts";
import { DELETED_MESSAGE, RUN_STARTED_MESSAGE, toast } from "./toast.ts";

const route = getRouteApi("/shell/gate/config/rest-connections");

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(displayLocale(), { dateStyle: "medium", timeStyle: "short" });

/**
 * The REST connection list (spec 001 §2.5): Name, Enabled (a check), Date Created, newest first; the
 * Date Created header reverses the order. Order and page walk are the URL's (routes/rest-connections.ts).
 */
export function RestConnectionList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const queryClient = useQueryClient();
  const order = orderOf(search);
  const list = useQuery(restConnectionListQuery(REST_CONNECTION_PAGE_SIZE, order, search.cursors?.at(-1)));

  const pages: CursorPages = {
    page: (search.page ?? 1) - 1,
    cursor: search.cursors?.at(-1),
    next: (cursor) => void navigate({ search: (s) => ({ ...s, ...walkNext(s, cursor) }) }),
    previous: () =>
      void navigate({ search: (s) => ({ ...(s.order ? { order: s.order } : {}), ...walkPrevious(s) }) }),
  };
  // A new order starts at its first page: cursors belong to one order.
  const flipOrder = () => void navigate({ search: order === "desc" ? { order: "asc" } : {} });

  const remove = useMutation({
    mutationFn: deleteRestConnection,
    onSuccess: (_, id) => {
      forgetLogs(id);
      toast("green", DELETED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: restConnectionKeys.all });
    },
    onError: (err) => toast("red", (err as Error).message),
  });

  // Run now (issue 12): the pull runs as a job; its progress and report are in Jobs.
  const run = useMutation({
    mutationFn: runRestConnection,
    onSuccess: () => toast("green", RUN_STARTED_MESSAGE),
    onError: (err) => toast("red", (err as Error).message),
  });

  const confirmDelete = (row: RestConnectionRow) =>
    modals.openConfirmModal({
      title: "Are you sure?",
      children: <Text size="sm">The REST connection {row.name} will be permanently deleted.</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(row.id),
    });

  const open = (row: RestConnectionRow) =>
    void go({ to: "/config/rest-connections/$id", params: { id: row.id } });
  const data = list.data;
  const SortIcon = order === "desc" ? IconChevronDown : IconChevronUp;

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>REST Connections</Title>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <Button
          renderRoot={(props) => <Link {...props} to="/config/rest-connections/$id" params={{ id: "new" }} />}
        >
          New REST Connection
        </Button>
      </Group>
      <Table highlightOnHover data-testid="rest-connections-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Enabled</Table.Th>
            <Table.Th aria-sort={order === "desc" ? "descending" : "ascending"}>
              <UnstyledButton onClick={flipOrder} fw={700} fz="sm">
                <Group gap={4} wrap="nowrap">
                  Date Created
                  <SortIcon size={14} aria-hidden />
                </Group>
              </UnstyledButton>
            </Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => (
            <Table.Tr key={row.id} style={{ cursor: "pointer" }} onClick={() => open(row)}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                {row.enabled ? (
                  <IconCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
                ) : null}
                <VisuallyHidden>{row.enabled ? "Yes" : "No"}</VisuallyHidden>
              </Table.Td>
              <Table.Td>{formatDate(row.createdAt)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="green"
                    aria-label={`Run ${row.name} now`}
                    title={row.enabled ? "Run now" : "Enable the connection to run it"}
                    disabled={!row.enabled || (run.isPending && run.variables === row.id)}
                    onClick={(e) => {
                      e.stopPropagation();
                      run.mutate(row.id);
                    }}
                  >
                    <IconPlayerPlay size={16} />
                  </ActionIcon>
                  <RowActions name={row.name} onEdit={() => open(row)} onDelete={() => confirmDelete(row)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {data && data.items.length === 0 && (
            <EmptyRow columns={4}>No REST connections yet. Add one with New REST Connection.</EmptyRow>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}
