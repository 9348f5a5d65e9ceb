import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { ApiError, api, unwrap } from "../../lib/api.ts";
import { Pager, urlPages } from "../../lib/paging.tsx";

const route = getRouteApi("/shell/gate/outbox");

export const OUTBOX_PAGE_SIZE = 10;

/** ["mail"] is the outbox entity's name: the live feed refreshes the list when a notice is kept. */
export const outboxListQuery = (cursor: string | undefined) => ({
  queryKey: ["mail", "list", cursor ?? null] as const,
  queryFn: () => unwrap(api.outbox.$get({ query: { limit: String(OUTBOX_PAGE_SIZE), cursor } })),
  placeholderData: keepPreviousData,
  retry: false,
});
const outboxMessageQuery = (id: string) => ({
  queryKey: ["mail", "one", id] as const,
  queryFn: () => unwrap(api.outbox[":id"].$get({ param: { id } })),
  retry: false,
});

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The embedded outbox (core/mail): the notices this installation would have emailed (import counts,
 * onboarding links), newest first, so a demo user reads them; ?id= opens one. On AWS, SES delivers the
 * mail and the API answers 404, which this page shows as it is.
 */
export function Outbox() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(outboxListQuery(search.cursors?.at(-1)));
  const pages = urlPages(search, navigate);
  return (
    <Stack>
      <Group gap="xs">
        <Title order={1} size="h2">
          Outbox
        </Title>
        {list.isFetching && <Loader size="xs" aria-label="Loading" />}
      </Group>
      <Text size="sm" c="dimmed">
        Mail this demo installation sent, kept here instead of delivered.
      </Text>
      {list.error && (
        <Alert color="orange" role="status">
          {list.error instanceof ApiError ? list.error.message : "The outbox could not be loaded."}
        </Alert>
      )}
      {search.id && (
        <Message id={search.id} onClose={() => void navigate({ search: (s) => ({ ...s, id: undefined }) })} />
      )}
      <Table data-testid="outbox-table" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Subject</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Sent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.items ?? []).map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td>
                <Anchor
                  renderRoot={(props) => (
                    <Link {...props} from="/outbox" to="/outbox" search={(s) => ({ ...s, id: mail.id })} />
                  )}
                >
                  {mail.subject}
                </Anchor>
              </Table.Td>
              <Table.Td>{mail.to.join(", ")}</Table.Td>
              <Table.Td>{when(mail.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
          {list.data && list.data.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed">
                  No mail yet.
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

function Message({ id, onClose }: { id: string; onClose: () => void }) {
  const mail = useQuery(outboxMessageQuery(id));
  if (mail.error)
    return (
      <Alert color="red" role="alert">
        {mail.error instanceof ApiError ? mail.error.message : "The message could not be loaded."}
      </Alert>
    );
  if (!mail.data) return <Loader aria-label="Loading the message" />;
  return (
    <Paper withBorder p="md" data-testid="outbox-message">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {mail.data.subject}
        </Title>
        <Text size="sm" c="dimmed">
          To {mail.data.to.join(", ")} · {when(mail.data.createdAt)}
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {mail.data.text}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
