import { Button, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconMinus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { Pager, urlPages } from "../../lib/paging.tsx";
import { EmptyRow, RowActions } from "../../lib/RecordRows.tsx";
import { deleteProfile, type ProfileRow, profileKeys, profileListQuery } from "./api.ts";
import { PROFILE_PAGE_SIZE } from "./listSearch.ts";

const route = getRouteApi("/shell/gate/profile");

/** A scrub flag as an icon with words for screen readers and tests. */
function Flag({ on, label }: { on: boolean; label: string }) {
  const Icon = on ? IconCheck : IconMinus;
  return (
    <Group gap={4}>
      <Icon
        size={16}
        aria-hidden
        color={on ? "var(--mantine-color-green-7)" : "var(--mantine-color-gray-6)"}
      />
      <Text size="sm" span>
        {on ? "Yes" : "No"}
      </Text>
      <span hidden>{label}</span>
    </Group>
  );
}

/**
 * The dialing profile list (spec 003 §2.6): Name and three scrub flags, ten a page, edit and delete; a
 * profile a campaign uses is not deleted ('Cannot delete the profile. Campaigns are using it.', 5 s).
 */
export function ProfileList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(profileListQuery(PROFILE_PAGE_SIZE, search.cursors?.at(-1)));

  const pages = urlPages(search, navigate);

  const remove = useMutation({
    mutationFn: deleteProfile,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 }),
  });

  const confirmDelete = (row: ProfileRow) =>
    modals.openConfirmModal({
      title: `Delete ${row.name}?`,
      children: <Text size="sm">The dialing profile {row.name} will be permanently deleted.</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(row.id),
    });

  const open = (row: ProfileRow) => void go({ to: "/profile/$id", params: { id: row.id } });
  const data = list.data;

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} size="h2">
            Profiles
          </Title>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <Button renderRoot={(props) => <Link {...props} to="/profile/$id" params={{ id: "new" }} />}>
          + Profile
        </Button>
      </Group>
      <Table highlightOnHover data-testid="profiles-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Scrub: Org DNC</Table.Th>
            <Table.Th>Scrub: Phone Dup.</Table.Th>
            <Table.Th>Scrub: Contact Dup.</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => (
            <Table.Tr key={row.id} style={{ cursor: "pointer" }} onClick={() => open(row)}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                <Flag on={row.scrubber.orgDnc} label="Org DNC" />
              </Table.Td>
              <Table.Td>
                <Flag on={row.scrubber.phoneDup} label="Phone Dup." />
              </Table.Td>
              <Table.Td>
                <Flag on={row.scrubber.contactDup} label="Contact Dup." />
              </Table.Td>
              <Table.Td>
                <RowActions name={row.name} onEdit={() => open(row)} onDelete={() => confirmDelete(row)} />
              </Table.Td>
            </Table.Tr>
          ))}
          {data && data.items.length === 0 && (
            <EmptyRow columns={5}>No dialing profiles yet. Add one with + Profile.</EmptyRow>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}
