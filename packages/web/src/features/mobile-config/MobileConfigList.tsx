import { Button, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { PROJECT_DELETE_FAILED, PROJECT_DELETED } from "@reachcx/core/push/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { displayLocale } from "../../lib/format.ts";
import { type CursorPages, Pager, walkNext, walkPrevious } from "../../lib/paging.tsx";
import { EmptyRow, RowActions } from "../../lib/RecordRows.tsx";
import { deleteMobileConfig, type MobileConfigRow, mobileConfigKeys, mobileConfigListQuery } from "./api.ts";
import { MOBILE_CONFIG_PAGE_SIZE } from "./listSearch.ts";
import { toast } from "./toast.ts";

const route = getRouteApi("/shell/gate/config/mobile-config");

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(displayLocale(), { dateStyle: "medium", timeStyle: "short" });

/** Asks 'Are you sure?', then deletes the project and the application, with the spec's toasts. */
export function useDeleteMobileConfig(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteMobileConfig,
    onSuccess: () => {
      toast("green", PROJECT_DELETED);
      void queryClient.invalidateQueries({ queryKey: mobileConfigKeys.all });
      onDeleted?.();
    },
    onError: () => toast("red", PROJECT_DELETE_FAILED),
  });
  return (row: { id: string; name: string }) =>
    modals.openConfirmModal({
      title: "Are you sure?",
      children: (
        <Text size="sm">
          The mobile application {row.name} and its push project will be permanently deleted.
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(row.id),
    });
}

/**
 * The mobile application list (spec 001 §2.6): Project Name, Tenant, Description, Date Created, newest
 * first; a row opens its editor. The page walk is the URL's (routes/mobile-config.ts).
 */
export function MobileConfigList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const list = useQuery(mobileConfigListQuery(MOBILE_CONFIG_PAGE_SIZE, search.cursors?.at(-1)));
  const confirmDelete = useDeleteMobileConfig();

  const pages: CursorPages = {
    page: (search.page ?? 1) - 1,
    cursor: search.cursors?.at(-1),
    next: (cursor) => void navigate({ search: (s) => walkNext(s, cursor) }),
    previous: () => void navigate({ search: (s) => walkPrevious(s) }),
  };
  const open = (row: MobileConfigRow) => void go({ to: "/config/mobile-config/$id", params: { id: row.id } });
  const data = list.data;

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>Mobile Applications</Title>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <Button
          renderRoot={(props) => <Link {...props} to="/config/mobile-config/$id" params={{ id: "new" }} />}
        >
          New Mobile Application
        </Button>
      </Group>
      <Table highlightOnHover data-testid="mobile-config-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Project Name</Table.Th>
            <Table.Th>Tenant</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Date Created</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => (
            <Table.Tr key={row.id} style={{ cursor: "pointer" }} onClick={() => open(row)}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.tenant}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td>{formatDate(row.createdAt)}</Table.Td>
              <Table.Td>
                <RowActions name={row.name} onEdit={() => open(row)} onDelete={() => confirmDelete(row)} />
              </Table.Td>
            </Table.Tr>
          ))}
          {data && data.items.length === 0 && (
            <EmptyRow columns={5}>No mobile applications yet. Add one with New Mobile Application.</EmptyRow>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}
