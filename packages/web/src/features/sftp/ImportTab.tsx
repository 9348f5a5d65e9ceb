import { ActionIcon, Button, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconFiles, IconRefresh } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { displayLocale } from "../../lib/format.ts";
import { type CursorPages, Pager, walkNext, walkPrevious } from "../../lib/paging.tsx";
import { EmptyRow, RowActions } from "../../lib/RecordRows.tsx";
import {
  deleteSftpImport,
  mappingChoicesQuery,
  pollSftpImport,
  type SftpImportRow,
  sftpImportListQuery,
  sftpKeys,
} from "./api.ts";
import { FilesDialog } from "./FilesDialog.tsx";
import { ImportForm } from "./ImportForm.tsx";
import { SFTP_IMPORT_PAGE_SIZE } from "./search.ts";
import { POLL_STARTED_MESSAGE, testedToast, toast } from "./toast.ts";

const route = getRouteApi("/shell/gate/config/sftp");

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(displayLocale(), { dateStyle: "medium", timeStyle: "short" }) : "Never";

/** The SFTP Import tab (spec 001 §2.3): the connections five a page, add, edit and delete; the form opens above. */
export function ImportTab() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(sftpImportListQuery(SFTP_IMPORT_PAGE_SIZE, search.cursors?.at(-1)));
  const mappings = useQuery(mappingChoicesQuery());
  const [editing, setEditing] = useState<SftpImportRow | "new" | null>(null);
  const [filesOf, setFilesOf] = useState<SftpImportRow | null>(null);
  // Poll now (issue 12): the poll runs as a job; each new file becomes an import job.
  const poll = useMutation({
    mutationFn: pollSftpImport,
    onSuccess: () => toast("green", POLL_STARTED_MESSAGE),
    onError: (err) => toast("red", (err as Error).message),
  });
  // Spec 001 §8: a failed load says the same as a failed test.
  useEffect(() => {
    if (list.error) testedToast(false);
  }, [list.error]);

  const pages: CursorPages = {
    page: (search.page ?? 1) - 1,
    cursor: search.cursors?.at(-1),
    next: (cursor) => void navigate({ search: (s) => ({ ...s, ...walkNext(s, cursor) }) }),
    previous: () =>
      void navigate({ search: (s) => ({ ...(s.tab ? { tab: s.tab } : {}), ...walkPrevious(s) }) }),
  };

  const remove = useMutation({
    mutationFn: deleteSftpImport,
    onSuccess: () => {
      toast("green", "SFTP import deleted");
      void queryClient.invalidateQueries({ queryKey: sftpKeys.imports });
    },
    onError: (err) => toast("red", (err as Error).message),
  });
  const confirmDelete = (row: SftpImportRow) =>
    modals.openConfirmModal({
      title: "Are you sure?",
      children: <Text size="sm">The SFTP import {row.name} will be permanently deleted.</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(row.id),
    });

  const mappingName = (id: string) => mappings.data?.items.find((m) => m.id === id)?.name ?? "—";
  const data = list.data;
  return (
    <Stack>
      {editing === null ? (
        <Group justify="space-between">
          {list.isFetching ? <Loader size="xs" aria-label="Loading" /> : <span />}
          <Button onClick={() => setEditing("new")}>Add SFTP Import</Button>
        </Group>
      ) : (
        <ImportForm
          key={editing === "new" ? "new" : editing.id}
          row={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <Table highlightOnHover data-testid="sftp-imports-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Host</Table.Th>
            <Table.Th>Folder</Table.Th>
            <Table.Th>Field Mapping</Table.Th>
            <Table.Th>Last Test</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => (
            <Table.Tr key={row.id} style={{ cursor: "pointer" }} onClick={() => setEditing(row)}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                {row.host}:{row.port}
              </Table.Td>
              <Table.Td>{row.path}</Table.Td>
              <Table.Td>{mappingName(row.fieldMappingId)}</Table.Td>
              <Table.Td>{formatDate(row.lastCheck)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="green"
                    aria-label={`Poll ${row.name} now`}
                    title="Poll now"
                    disabled={poll.isPending && poll.variables === row.id}
                    onClick={(e) => {
                      e.stopPropagation();
                      poll.mutate(row.id);
                    }}
                  >
                    <IconRefresh size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Files of ${row.name}`}
                    title="Files taken"
                    onClick={(e) => {
                      e.stopPropagation();
                      setFilesOf(row);
                    }}
                  >
                    <IconFiles size={16} />
                  </ActionIcon>
                  <RowActions
                    name={row.name}
                    onEdit={() => setEditing(row)}
                    onDelete={() => confirmDelete(row)}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {list.isError && !data && <EmptyRow columns={6}>The SFTP imports could not be loaded.</EmptyRow>}
          {data && data.items.length === 0 && (
            <EmptyRow columns={6}>No SFTP imports yet. Add one with Add SFTP Import.</EmptyRow>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
      {filesOf && <FilesDialog id={filesOf.id} name={filesOf.name} onClose={() => setFilesOf(null)} />}
    </Stack>
  );
}
