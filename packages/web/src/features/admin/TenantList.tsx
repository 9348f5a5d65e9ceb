import {
  ActionIcon,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { DISABLE_CONFIRM_MESSAGE, PROVIDER_TENANT } from "@reachcx/core/tenant/admin-schema";
import { IconPencil } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { Pager, urlPages } from "../../lib/paging.tsx";
import { EmptyRow } from "../../lib/RecordRows.tsx";
import {
  disableTenant,
  enableTenant,
  TENANT_PAGE_SIZE,
  type TenantRow,
  tenantKeys,
  tenantListQuery,
} from "./api.ts";
import { TenantDialog } from "./TenantDialog.tsx";

const route = getRouteApi("/shell/gate/admin/ListTenants");

/**
 * The provider's tenants (spec 003 §2.9): Name, API Key, Licenses, ten a page; '+ Tenant' opens Create
 * Tenant, Edit opens Edit Tenant, Disable asks first and really disables (docs/decisions.md), Enable undoes it.
 */
export function TenantList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(tenantListQuery(TENANT_PAGE_SIZE, search.cursors?.at(-1)));
  const pages = urlPages(search, navigate);
  const data = list.data;

  const setEdit = (edit: string | undefined) => void navigate({ search: (s) => ({ ...s, edit }) });

  const status = useMutation({
    mutationFn: ({ id, disable }: { id: string; disable: boolean }) =>
      disable ? disableTenant(id) : enableTenant(id),
    onSuccess: (tenant) => {
      notifications.show({
        color: "green",
        message:
          tenant.status === "Disabled" ? `Tenant ${tenant.id} disabled.` : `Tenant ${tenant.id} enabled.`,
      });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.all });
    },
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 }),
  });

  const confirmDisable = (row: TenantRow) =>
    modals.openConfirmModal({
      title: `Disable ${row.name}?`,
      children: <Text size="sm">{DISABLE_CONFIRM_MESSAGE}</Text>,
      labels: { confirm: "Yes", cancel: "No" },
      confirmProps: { color: "red" },
      onConfirm: () => status.mutate({ id: row.id, disable: true }),
    });

  const editing = search.edit === "new" ? null : data?.items.find((t) => t.id === search.edit);

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} size="h2">
            Tenants
          </Title>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <Button onClick={() => setEdit("new")}>+ Tenant</Button>
      </Group>
      <Table highlightOnHover data-testid="tenants-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>API Key</Table.Th>
            <Table.Th>Licenses</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => (
            <Table.Tr key={row.id} data-tenant={row.id}>
              <Table.Td>
                <Text size="sm">{row.name}</Text>
                <Text size="xs" c="dimmed">
                  {row.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{row.apiKey}</Code>
              </Table.Td>
              <Table.Td>{row.licenses.join(", ")}</Table.Td>
              <Table.Td>
                <Badge color={row.status === "Active" ? "green" : "gray"} variant="light">
                  {row.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit Tenant">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit Tenant ${row.id}`}
                      onClick={() => setEdit(row.id)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  {row.status === "Active" ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      disabled={row.id === PROVIDER_TENANT}
                      aria-label={`Disable Tenant ${row.id}`}
                      onClick={() => confirmDisable(row)}
                    >
                      Disable
                    </Button>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={`Enable Tenant ${row.id}`}
                      onClick={() => status.mutate({ id: row.id, disable: false })}
                    >
                      Enable
                    </Button>
                  )}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Create User in ${row.id}`}
                    renderRoot={(props) => (
                      <Link {...props} to="/admin/CreateUser" search={{ tenant: row.id }} />
                    )}
                  >
                    + User
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {data && data.items.length === 0 && (
            <EmptyRow columns={5}>No tenants yet. Add one with + Tenant.</EmptyRow>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
      {search.edit !== undefined && editing !== undefined && (
        <TenantDialog key={search.edit} tenant={editing} onClose={() => setEdit(undefined)} />
      )}
      {search.edit !== undefined && search.edit !== "new" && data && editing === undefined && (
        <Text c="dimmed" size="sm">
          Tenant {search.edit} is not on this page.
        </Text>
      )}
    </Stack>
  );
}
