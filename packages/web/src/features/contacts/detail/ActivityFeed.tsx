import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { NoteInput } from "@reachcx/core/contact/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { fieldErrors } from "../../../lib/api.ts";
import { Pager, useCursorPages } from "../../../lib/paging.tsx";
import { rule } from "../../../lib/validate.ts";
import { type Activity, activityKeys, activityQuery, addNote } from "../api.ts";
import { dialDetails, promptPayDetails, promptPayOutcome } from "./activity.ts";
import { RichTextInput, RichTextView } from "./RichText.tsx";

const TYPE_COLOR: Record<string, string> = {
  Dial: "blue",
  Note: "grape",
  System: "gray",
  PromptPay: "teal",
  C2A: "orange",
};

const when = (iso: string) => new Date(iso).toLocaleString();

const detailId = (activityId: string) => `activity-detail-${activityId}`;

/** The contact's activity (spec 002 Activity table): 5 a page, newest first, a detail panel per row. */
export function ActivityFeed({ contactId }: { contactId: string }) {
  const pages = useCursorPages();
  // The change feed invalidates ["activity"] whenever an activity log is created, changed or deleted.
  const activity = useQuery(activityQuery(contactId, pages.cursor));
  const [open, setOpen] = useState<string | null>(null);
  const data = activity.data;

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Activity
          </Title>
          {activity.isFetching && <Loader size="xs" />}
        </Group>
        <NoteForm contactId={contactId} onAdded={pages.reset} />
        <Table highlightOnHover data-testid="activity-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Timestamp</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Disposition</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>Agent</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.items.map((row) => (
              <Fragment key={row.id}>
                {/* A click anywhere on the row toggles its details. The keyboard's way in is the button in
                    the first cell: it has no handler of its own, its click reaches the row's. A table row
                    may not carry aria-expanded, the button does. */}
                <Table.Tr
                  style={{ cursor: "pointer" }}
                  onClick={() => setOpen((o) => (o === row.id ? null : row.id))}
                >
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <UnstyledButton
                      fz="sm"
                      aria-expanded={open === row.id}
                      aria-controls={open === row.id ? detailId(row.id) : undefined}
                    >
                      {when(row.timestamp)}
                      <VisuallyHidden>, details</VisuallyHidden>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={TYPE_COLOR[row.type] ?? "gray"}>
                      {row.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.disposition ?? ""}</Table.Td>
                  <Table.Td>{row.title ?? ""}</Table.Td>
                  <Table.Td>{row.agent ?? ""}</Table.Td>
                </Table.Tr>
                {open === row.id && (
                  <Table.Tr id={detailId(row.id)}>
                    <Table.Td colSpan={5} bg="var(--mantine-color-gray-0)">
                      <ActivityDetail activity={row} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
            {data && data.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" ta="center" py="sm">
                    No activity yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <Pager pages={pages} nextCursor={data?.nextCursor} />
      </Stack>
    </Card>
  );
}

function Details({ rows }: { rows: [string, string | undefined][] }) {
  return (
    <Stack gap={2}>
      {rows.map(([label, value]) => (
        <Text key={label} size="sm">
          <b>{label}:</b> {value ?? "—"}
        </Text>
      ))}
    </Stack>
  );
}

/** The detail panel, by type (spec 002): Dial's dialer results, a Note's rich text, a System body. */
function ActivityDetail({ activity }: { activity: Activity }) {
  switch (activity.type) {
    case "Dial":
      return <Details rows={dialDetails(activity)} />;
    case "Note":
      return <RichTextView html={activity.body ?? ""} />;
    case "PromptPay":
      return (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {promptPayOutcome(activity) ?? activity.title ?? "Payment"}
          </Text>
          <Details rows={promptPayDetails(activity)} />
        </Stack>
      );
    default:
      return (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {activity.body ?? ""}
        </Text>
      );
  }
}

const noteRules = { title: rule(NoteInput.entries.title), body: rule(NoteInput.entries.body) };

/** Note form (spec 002): Title, rich-text Body and Add; both must contain a word character. */
function NoteForm({ contactId, onAdded }: { contactId: string; onAdded: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { title: "", body: "" }, validate: noteRules });
  const add = useMutation({
    mutationFn: (values: { title: string; body: string }) => addNote(contactId, values),
    onSuccess: () => {
      notifications.show({ color: "green", message: "Note Created" });
      form.reset();
      onAdded();
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      notifications.show({ color: "red", message: (err as Error).message });
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => add.mutate(values))} data-testid="note-form">
      <Stack gap="xs">
        <TextInput label="Title" {...form.getInputProps("title")} />
        <RichTextInput
          label="Body"
          value={form.values.body}
          onChange={(html) => form.setFieldValue("body", html)}
          error={form.errors.body}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
