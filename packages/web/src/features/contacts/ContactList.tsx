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
import type { CustomFieldDef } from "@reachcx/core/contact/custom-fields";
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { formatNumber, formatPhone } from "../../lib/format.ts";
import { type CursorPages, Pager, walkNext, walkPrevious } from "../../lib/paging.tsx";
import { useSession } from "../../lib/session.ts";
import { CONTACT_PAGE_SIZE } from "../../routes/contacts.ts";
import { type ContactRow, contactKeys, contactListQuery, deleteContact } from "./api.ts";
import classes from "./ContactList.module.css";
import { nextSort, sortOf } from "./listSearch.ts";
import { NewContactDialog } from "./NewContactDialog.tsx";
import { SearchHelp } from "./SearchHelp.tsx";

/** Spec 003 §2.2: search debounced 500 ms. */
const DEBOUNCE_MS = 500;

interface Column {
  field: string;
  label: string;
  /** How a value shows: phone numbers in one format, numbers right-aligned in the reader's locale. */
  kind?: "phone" | "number" | "date" | "boolean";
}

const COLUMNS: Column[] = [
  { field: "firstName", label: "First Name" },
  { field: "lastName", label: "Last Name" },
  { field: "source", label: "Source" },
  { field: "phone", label: "Phone", kind: "phone" },
  { field: "cell", label: "Cell", kind: "phone" },
  { field: "email", label: "Email" },
  { field: "address1", label: "Address" },
  { field: "city", label: "City" },
  { field: "state", label: "State" },
  { field: "zip", label: "Zipcode" },
  { field: "timeZone", label: "Timezone" },
];

const KIND: Partial<Record<CustomFieldDef["type"], Column["kind"]>> = {
  Phone: "phone",
  Number: "number",
  DateTime: "date",
  Boolean: "boolean",
};

function cell(row: ContactRow, column: Column): string {
  const value = column.field.startsWith("custom:")
    ? (row.customFields as Record<string, unknown> | undefined)?.[column.field]
    : (row as Record<string, unknown>)[column.field];
  if (value === undefined || value === null) return "";
  if (column.kind === "date" && typeof value === "number") return new Date(value).toLocaleDateString();
  if (column.kind === "number" && typeof value === "number") return formatNumber(value);
  if (column.kind === "phone" && typeof value === "string") return formatPhone(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

const route = getRouteApi("/shell/gate/contacts");

/**
 * The contact list (spec 003 §2.2): server-side search, sort and paging, one column per custom field.
 * What it shows is the URL's (routes/contacts.ts), so back, reload and a shared link show the same page.
 */
export function ContactList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const queryClient = useQueryClient();
  const customFields = (useSession()?.context.customFields ?? []) as CustomFieldDef[];

  // The box follows typing at once; the URL (and so the query) follows it 500 ms after the last key.
  const [text, setText] = useState(search.q ?? "");
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const q = search.q ?? "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text moves the URL
  useEffect(() => {
    if (debounced !== q)
      void navigate({ search: (s) => ({ sort: s.sort, q: debounced || undefined }), replace: true });
  }, [debounced]);
  // Back, forward or a link changed the search: the box shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new URL search moves the box
  useEffect(() => {
    if (q !== debounced) setText(q);
  }, [q]);

  // The loader fetched this page; the query keeps the previous rows while the next search runs.
  const list = useQuery(
    contactListQuery({
      search: q,
      sort: search.sort,
      limit: CONTACT_PAGE_SIZE,
      cursor: search.cursors?.at(-1),
    }),
  );

  const pages: CursorPages = {
    page: (search.page ?? 1) - 1,
    cursor: search.cursors?.at(-1),
    next: (cursor) => void navigate({ search: (s) => ({ ...s, ...walkNext(s, cursor) }) }),
    previous: () => void navigate({ search: (s) => ({ q: s.q, sort: s.sort, ...walkPrevious(s) }) }),
  };

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

  // A new sort starts from the first page; back returns to the previous order.
  const toggleSort = (field: string) =>
    void navigate({ search: (s) => ({ q: s.q, sort: nextSort(s.sort, field) }) });
  const sort = sortOf(search.sort);

  const [adding, setAdding] = useState(false);
  const columns: Column[] = [
    ...COLUMNS,
    ...customFields.map((f) => ({ field: `custom:${f.name}`, label: f.displayName, kind: KIND[f.type] })),
  ];
  const data = list.data;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} data-testid="contacts-title">
          {data ? `Showing ${data.items.length} of ${formatNumber(data.total)} contacts` : "Contacts"}
        </Title>
        <Button onClick={() => setAdding(true)} data-testid="add-contact">
          + Contact
        </Button>
      </Group>
      <Group gap="xs">
        <TextInput
          placeholder="Search contacts"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          aria-label="Search contacts"
          error={list.isError ? list.error.message : undefined}
          w={420}
          maw="100%"
          miw={0}
        />
        <SearchHelp />
        {list.isFetching && <Loader size="xs" />}
      </Group>
      <div className={classes.scroller} data-testid="contacts-scroller">
        <Table highlightOnHover data-testid="contacts-table">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c, i) => (
                <Table.Th
                  key={c.field}
                  className={`${classes.nowrap} ${i === 0 ? classes.pinStart : ""}`}
                  ta={c.kind === "number" ? "right" : undefined}
                  aria-sort={
                    sort?.field !== c.field
                      ? undefined
                      : sort.direction === "asc"
                        ? "ascending"
                        : "descending"
                  }
                >
                  <UnstyledButton onClick={() => toggleSort(c.field)} aria-label={`Sort by ${c.label}`}>
                    <Group gap={4} wrap="nowrap" justify={c.kind === "number" ? "flex-end" : undefined}>
                      <Text fw={600} size="sm" className={classes.nowrap}>
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
              <Table.Th className={classes.pinEnd}>
                <Text size="sm" fw={600} className={classes.nowrap}>
                  Actions
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.items.map((row) => (
              <Table.Tr
                key={row.id}
                className={classes.row}
                style={{ cursor: "pointer" }}
                onClick={() => void go({ to: "/contact/$id", params: { id: row.id } })}
              >
                {columns.map((c, i) => (
                  <Table.Td
                    key={c.field}
                    className={`${classes.nowrap} ${i === 0 ? classes.pinStart : ""}`}
                    ta={c.kind === "number" ? "right" : undefined}
                  >
                    {cell(row, c)}
                  </Table.Td>
                ))}
                <Table.Td className={classes.pinEnd}>
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
                    {q ? "No contacts match this search." : "No contacts yet. Add one with + Contact."}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </div>
      <Pager
        pages={pages}
        nextCursor={data?.nextCursor}
        pageCount={data ? Math.ceil(data.total / CONTACT_PAGE_SIZE) : undefined}
      />
      <NewContactDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
