import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Pager, useCursorPages } from "../../lib/paging.tsx";
import { useSession } from "../../lib/session.ts";
import { type ContactRow, contactKeys, contactListQuery, deleteContact } from "./api.ts";
import { NewContactDialog } from "./NewContactDialog.tsx";
import { SearchHelp } from "./SearchHelp.tsx";

/** Spec 003 §2.2: default page size 10, search debounced 500 ms. */
const PAGE_SIZE = 10;
const DEBOUNCE_MS = 500;

const COLUMNS: { field: string; label: string }[] = [
  { field: "firstName", label: "First Name" },
  { field: "lastName", label: "Last Name" },
  { field: "source", label: "Source" },
  { field: "phone", label: "Phone" },
  { field: "cell", label: "Cell" },
  { field: "email", label: "Email" },
  { field: "address1", label: "Address" },
  { field: "city", label: "City" },
  { field: "state", label: "State" },
  { field: "zip", label: "Zipcode" },
  { field: "timeZone", label: "Timezone" },
];

type Sort = { field: string; direction: "asc" | "desc" } | null;

function cell(row: ContactRow, field: string, type?: string): string {
  const value = field.startsWith("custom:")
    ? (row.customFields as Record<string, unknown> | undefined)?.[field]
    : (row as Record<string, unknown>)[field];
  if (value === undefined || value === null) return "";
  if (type === "DateTime" && typeof value === "number") return new Date(value).toLocaleDateString();
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/** The contact list (spec 003 §2.2): server-side search, sort and paging, one column per custom field. */
export function ContactList() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customFields = useSession()?.context.customFields as {
    name: string;
    displayName: string;
    type: string;
  }[];
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const [sort, setSort] = useState<Sort>(null);
  const pages = useCursorPages();
  const resetPaging = pages.reset;

  const list = useQuery(
    contactListQuery({
      search: debounced,
      sort: sort ? `${sort.field}:${sort.direction}` : undefined,
      limit: PAGE_SIZE,
      cursor: pages.cursor,
    }),
  );

  const remove = useMutation({
    mutationFn: deleteContact,
    onSuccess: () => {
      notifications.show({ color: "green", message: "Contact Deleted" });
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message }),
  });

  const confirmDelete = (row: ContactRow) =>
    modals.openConfirmModal({
      title: `Delete ${row.firstName} ${row.lastName}?`,
      children: <Text size="sm">Your contact will be permanently deleted.</Text>,
      labels: { confirm: "Yes", cancel: "No" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(row.id),
    });

  const toggleSort = (field: string) => {
    setSort((s) =>
      s?.field !== field
        ? { field, direction: "asc" }
        : s.direction === "asc"
          ? { field, direction: "desc" }
          : null,
    );
    resetPaging();
  };

  const [adding, setAdding] = useState(false);
  const columns = [
    ...COLUMNS,
    ...(customFields ?? []).map((f) => ({ field: `custom:${f.name}`, label: f.displayName, type: f.type })),
  ] as { field: string; label: string; type?: string }[];
  const data = list.data;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} data-testid="contacts-title">
          {data ? `Showing ${data.items.length} of ${data.total} contacts` : "Contacts"}
        </Title>
        <Button onClick={() => setAdding(true)} data-testid="add-contact">
          + Contact
        </Button>
      </Group>
      <Group gap="xs">
        <TextInput
          placeholder="Search contacts"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            resetPaging();
          }}
          aria-label="Search contacts"
          error={list.isError ? list.error.message : undefined}
          w={420}
        />
        <SearchHelp />
        {list.isFetching && <Loader size="xs" />}
      </Group>
      <Table.ScrollContainer minWidth={1100}>
        <Table highlightOnHover striped data-testid="contacts-table">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.field}>
                  <UnstyledButton onClick={() => toggleSort(c.field)} aria-label={`Sort by ${c.label}`}>
                    <Group gap={4} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {c.label}
                      </Text>
                      {sort?.field !== c.field ? (
                        <IconSelector size={14} />
                      ) : sort.direction === "asc" ? (
                        <IconChevronUp size={14} />
                      ) : (
                        <IconChevronDown size={14} />
                      )}
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.items.map((row) => (
              <Table.Tr
                key={row.id}
                style={{ cursor: "pointer" }}
                onClick={() => void navigate({ to: "/contact/$id", params: { id: row.id } })}
              >
                {columns.map((c) => (
                  <Table.Td key={c.field} style={{ whiteSpace: "nowrap" }}>
                    {cell(row, c.field, c.type)}
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${row.firstName} ${row.lastName}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      confirmDelete(row);
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
            {data && data.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 1}>
                  <Text c="dimmed" ta="center" py="md">
                    {debounced
                      ? "No contacts match this search."
                      : "No contacts yet. Add one with + Contact."}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager
        pages={pages}
        nextCursor={data?.nextCursor}
        pageCount={data ? Math.ceil(data.total / PAGE_SIZE) : undefined}
      />
      <NewContactDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
