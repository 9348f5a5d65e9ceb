import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { BAD_PHONE_MESSAGE, normalizePhone } from "@reachcx/core/dnc/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { fieldErrors } from "../../lib/api.ts";
import { displayLocale } from "../../lib/format.ts";
import { Pager, urlPages } from "../../lib/paging.tsx";
import { addDnc, dncKeys, dncListQuery, type ImportReport, importDnc, removeDnc } from "./api.ts";

const route = getRouteApi("/shell/gate/dnc");

const formatPhone = (p: string) => `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`;
const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(displayLocale(), { dateStyle: "medium", timeStyle: "short" });
const SOURCE_LABELS = { org: "Org", state: "State", national: "National" } as const;

/**
 * The tenant's do-not-call lists (docs/compliance.md): search by a number's first digits, add and remove
 * org numbers, import a CSV of them; state and national entries are shown, loaded by their loaders.
 */
export function DncScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(dncListQuery(search.phone ?? "", search.cursors?.at(-1)));
  const [typed, setTyped] = useState(search.phone ?? "");
  const [phone, setPhone] = useState("");
  const [expiresAt, setExpiresAt] = useState("");
  const [addError, setAddError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: dncKeys.all });

  const pages = urlPages(search, navigate);

  const add = useMutation({
    mutationFn: addDnc,
    onSuccess: (entry) => {
      notifications.show({
        color: "green",
        message: `${formatPhone(entry.phone)} added to the do-not-call list`,
      });
      setPhone("");
      setExpiresAt("");
      refresh();
    },
    onError: (err) => setAddError(fieldErrors(err).phone ?? (err as Error).message),
  });
  const remove = useMutation({
    mutationFn: removeDnc,
    onSuccess: refresh,
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 }),
  });
  const upload = useMutation({
    mutationFn: importDnc,
    onSuccess: (answer) => {
      setReport(answer);
      refresh();
    },
    onError: (err) => notifications.show({ color: "red", message: (err as Error).message, autoClose: 5000 }),
  });

  const submitAdd = (e: React.FormEvent) => {
    e.preventDefault();
    if (!normalizePhone(phone)) {
      setAddError(BAD_PHONE_MESSAGE);
      return;
    }
    setAddError(null);
    add.mutate({ phone, ...(expiresAt ? { expiresAt } : {}) });
  };

  return (
    <Stack>
      <Group gap="xs">
        <Title order={1} size="h2">
          Do Not Call
        </Title>
        {list.isFetching && <Loader size="xs" aria-label="Loading" />}
      </Group>
      <Group align="flex-start" grow>
        <Paper withBorder p="sm">
          <form onSubmit={submitAdd} noValidate>
            <Stack gap="xs">
              <Title order={2} size="h5">
                Add an org number
              </Title>
              <Group align="flex-end">
                <TextInput
                  label="Phone"
                  value={phone}
                  error={addError}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                />
                <TextInput
                  label="Expires (optional)"
                  type="date"
                  value={expiresAt}
                  onChange={(e) => setExpiresAt(e.currentTarget.value)}
                />
                <Button type="submit" loading={add.isPending}>
                  Add
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Title order={2} size="h5">
              Import org numbers
            </Title>
            <Text size="sm" c="dimmed">
              A CSV file with the number in the first column; a header row is skipped.
            </Text>
            <Group>
              <FileButton accept=".csv,text/csv" onChange={(file) => file && upload.mutate(file)}>
                {(props) => (
                  <Button {...props} variant="light" loading={upload.isPending}>
                    Import CSV
                  </Button>
                )}
              </FileButton>
            </Group>
            {report && (
              <Alert
                color={report.rejected.length > 0 ? "yellow" : "green"}
                role="status"
                data-testid="import-report"
              >
                <Text size="sm">
                  Added {report.added}, {report.duplicates} repeated in the file, {report.rejected.length}{" "}
                  rejected.
                </Text>
                {report.rejected.slice(0, 20).map((r) => (
                  <Text size="sm" key={r.row}>
                    Row {r.row}: {r.message}
                    {r.value ? ` (${r.value})` : ""}
                  </Text>
                ))}
              </Alert>
            )}
          </Stack>
        </Paper>
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void navigate({ search: { phone: typed.replace(/\D/g, "") || undefined } });
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Search by number"
            placeholder="First digits"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </form>
      <Table data-testid="dnc-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Region</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Added By</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data?.items.map((entry) => (
            <Table.Tr key={`${entry.phone}:${entry.source}`}>
              <Table.Td>{formatPhone(entry.phone)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{SOURCE_LABELS[entry.source]}</Badge>
              </Table.Td>
              <Table.Td>{entry.region ?? ""}</Table.Td>
              <Table.Td>{entry.expiresAt ?? "Never"}</Table.Td>
              <Table.Td>{entry.addedBy}</Table.Td>
              <Table.Td>{formatDate(entry.addedAt)}</Table.Td>
              <Table.Td>
                {entry.source === "org" && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => remove.mutate(entry.phone)}
                    aria-label={`Remove ${formatPhone(entry.phone)}`}
                  >
                    Remove
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {list.data && list.data.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text size="sm" c="dimmed">
                  {search.phone
                    ? "No numbers starting with those digits."
                    : "No numbers on the do-not-call lists."}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={list.data?.nextCursor} />
    </Stack>
  );
}
