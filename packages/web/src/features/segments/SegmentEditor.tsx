import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useThrottledValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { Node, Group as QueryGroup } from "@reachcx/core/search/ast";
import { CONTACT_SORTABLE } from "@reachcx/core/search/contact-fields";
import { QueryNode } from "@reachcx/core/search/schema";
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  PREVIEW_SIZE,
  RULE_REQUIRED_MESSAGE,
  SegmentBody,
  type SegmentSort,
} from "@reachcx/core/segment/schema";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import * as v from "valibot";
import { ApiError, fieldErrors } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { messagesByPath } from "../../lib/validate.ts";
import {
  countRules,
  customFieldDefs,
  type FieldDef,
  newGroup,
  QUERY_FIELDS,
} from "../query-builder/model.ts";
import { QueryBuilder } from "../query-builder/QueryBuilder.tsx";
import {
  type SegmentBody as Body,
  createSegment,
  type SegmentRow,
  segmentKeys,
  segmentPreviewQuery,
  segmentQuery,
  updateSegment,
} from "./api.ts";

const route = getRouteApi("/shell/gate/segment/$id");

/** 'new' as the id creates (spec 002 Routes). */
export const NEW_SEGMENT = "new";

type Mode = "create" | "edit" | "clone";
const TITLES: Record<Mode, string> = {
  create: "Create Segment",
  edit: "Edit Segment",
  clone: "Clone Segment",
};

/** Spec 002 §9: the query-change handler is throttled to 1 s. */
const QUERY_THROTTLE_MS = 1000;

/**
 * The segment editor (spec 002 Segment editor): /segment/new creates, /segment/{id}?op=edit edits,
 * ?op=clone saves a copy as a new segment. Close and Save return to /segments.
 */
export function SegmentEditor() {
  const { id } = route.useParams();
  const { op } = route.useSearch();
  if (id === NEW_SEGMENT) return <SegmentForm mode="create" segment={null} />;
  return <ExistingSegment key={`${id}:${op ?? "edit"}`} id={id} mode={op === "clone" ? "clone" : "edit"} />;
}

function ExistingSegment({ id, mode }: { id: string; mode: Mode }) {
  const { data } = useSuspenseQuery(segmentQuery(id));
  // The client's answer type loses the query's recursion (JSON values); core's schema gives it back.
  const segment = useMemo(() => ({ ...data, query: v.parse(QueryNode, data.query) }), [data]);
  return <SegmentForm mode={mode} segment={segment} />;
}

/** A saved segment with its query typed again. */
type SegmentView = Omit<SegmentRow, "query"> & { query: Node };

/** A copy's name: the original's with " Copy", kept within the 50 characters a name may have. */
const copyName = (name: string) => `${name.slice(0, NAME_MAX - 5).trimEnd()} Copy`;

function useFields(): { fields: FieldDef[]; custom: { key: string; label: string }[] } {
  const defs = useSession()?.context?.customFields ?? [];
  return useMemo(
    () => ({
      fields: [...QUERY_FIELDS, ...customFieldDefs(defs)],
      custom: defs.map((d) => ({ key: `custom:${d.name}`, label: d.displayName })),
    }),
    [defs],
  );
}

function SegmentForm({ mode, segment }: { mode: Mode; segment: SegmentView | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { fields, custom } = useFields();
  const stale = segment?.staleFields ?? [];

  const form = useForm({
    initialValues: {
      name: segment ? (mode === "clone" ? copyName(segment.name) : segment.name) : "",
      description: segment?.description ?? "",
    },
  });
  const [query, setQuery] = useState<QueryGroup>(() =>
    segment && segment.query.type === "group" ? segment.query : newGroup(),
  );
  const [sort, setSort] = useState<SegmentSort | null>(segment?.sort ?? null);
  const [queryError, setQueryError] = useState<string | null>(null);

  const staleLeft = stale.filter(
    (field) => JSON.stringify(query).includes(`"${field}"`) || sort?.field === field,
  );
  const hasRule = countRules(query) > 0;

  // The count and preview follow the query at most once a second (spec 002 §9).
  const body =
    hasRule && staleLeft.length === 0
      ? { query, sort: sort ? [sort] : undefined, limit: PREVIEW_SIZE }
      : null;
  const throttled = useThrottledValue(body, QUERY_THROTTLE_MS);
  const preview = useQuery(segmentPreviewQuery(throttled));
  const previewError =
    preview.error instanceof ApiError
      ? preview.error.message
      : preview.error
        ? "The preview could not be loaded."
        : null;

  const save = useMutation({
    mutationFn: (json: Body) =>
      mode === "edit" && segment ? updateSegment(segment.id, json) : createSegment(json),
    onSuccess: (saved) => {
      notifications.show({
        color: "green",
        message: mode === "edit" ? "Segment Updated" : "Segment Created",
      });
      queryClient.setQueryData(segmentKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...segmentKeys.all, "list"] });
      void navigate({ to: "/segments" });
    },
    onError: (err) => {
      const errors = fieldErrors(err);
      const forQuery = Object.entries(errors).find(
        ([path]) => path.startsWith("query") || path.startsWith("sort"),
      );
      form.setErrors(
        Object.fromEntries(
          Object.entries(errors).filter(([path]) => path === "name" || path === "description"),
        ),
      );
      setQueryError(forQuery?.[1] ?? (Object.keys(errors).length === 0 ? (err as Error).message : null));
    },
  });

  const submit = form.onSubmit((values) => {
    if (staleLeft.length > 0) {
      setQueryError(
        `Remove or change the rules on deleted custom fields (${staleLeft.map((f) => f.slice(7)).join(", ")}) first.`,
      );
      return;
    }
    const result = v.safeParse(SegmentBody, { ...values, query, sort });
    if (!result.success) {
      const messages = messagesByPath(result.issues);
      form.setErrors({ name: messages.name ?? null, description: messages.description ?? null });
      setQueryError(Object.entries(messages).find(([path]) => path.startsWith("query"))?.[1] ?? null);
      return;
    }
    setQueryError(null);
    save.mutate(result.output as Body);
  });

  const sortOptions = [
    ...CONTACT_SORTABLE.map((field) => ({
      value: field,
      label: fields.find((f) => f.value === field)?.label ?? field,
    })),
    ...custom.map((c) => ({ value: c.key, label: c.label })),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {TITLES[mode]}
          </Title>
          <Group>
            <Button component={Link} to="/segments" variant="default">
              Close
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
        <Group align="flex-start" grow>
          <TextInput label="Name" required maxLength={NAME_MAX + 10} {...form.getInputProps("name")} />
          <TextInput
            label="Total Segment Contacts"
            readOnly
            value={preview.data && body ? String(preview.data.total) : hasRule ? "…" : "0"}
            rightSection={preview.isFetching ? <Loader size="xs" aria-label="Counting" /> : null}
          />
        </Group>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={DESCRIPTION_MAX}
          {...form.getInputProps("description")}
        />
        <Stack gap={4}>
          <Text fw={500} size="sm" id="query-label">
            Contact query
          </Text>
          <QueryBuilder
            value={query}
            onChange={(next) => {
              setQuery(next);
              setQueryError(null);
            }}
            fields={fields}
            stale={stale}
          />
          {!hasRule && (
            <Text size="sm" c="red">
              {RULE_REQUIRED_MESSAGE}
            </Text>
          )}
          {queryError && (
            <Alert color="red" role="alert">
              {queryError}
            </Alert>
          )}
          {previewError && !queryError && (
            <Alert color="orange" role="status">
              {previewError}
            </Alert>
          )}
        </Stack>
        <Group align="flex-end">
          <Select
            label="Sort field"
            w={240}
            clearable
            placeholder="None"
            data={sortOptions}
            value={sort?.field ?? null}
            onChange={(field) => setSort(field ? { field, direction: sort?.direction ?? "asc" } : null)}
          />
          <SegmentedControl
            aria-label="Sort direction"
            disabled={!sort}
            data={[
              { value: "asc", label: "Ascending" },
              { value: "desc", label: "Descending" },
            ]}
            value={sort?.direction ?? "asc"}
            onChange={(direction) => sort && setSort({ ...sort, direction: direction as "asc" | "desc" })}
          />
        </Group>
        <Preview rows={body ? (preview.data?.items ?? []) : []} custom={custom} />
      </Stack>
    </form>
  );
}

type PreviewRow = { id: string; customFields?: Record<string, unknown> } & Record<string, unknown>;
const COLUMNS: [string, string][] = [
  ["firstName", "First Name"],
  ["lastName", "Last Name"],
  ["source", "Source"],
  ["phone", "Phone"],
  ["cell", "Cell"],
  ["email", "Email"],
  ["state", "State"],
  ["timeZone", "Timezone"],
];
const shown = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** The first matches (spec 002: page size 10, the spec's columns plus custom fields); a row opens the contact. */
function Preview({ rows, custom }: { rows: PreviewRow[]; custom: { key: string; label: string }[] }) {
  const navigate = useNavigate();
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h4" mb="xs">
        Preview
      </Title>
      <Table.ScrollContainer minWidth={800}>
        <Table highlightOnHover data-testid="segment-preview">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map(([, label]) => (
                <Table.Th key={label}>{label}</Table.Th>
              ))}
              {custom.map((c) => (
                <Table.Th key={c.key}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.id}
                style={{ cursor: "pointer" }}
                onClick={() => void navigate({ to: "/contact/$id", params: { id: row.id } })}
              >
                {COLUMNS.map(([key]) => (
                  <Table.Td key={key}>{shown(row[key])}</Table.Td>
                ))}
                {custom.map((c) => (
                  <Table.Td key={c.key}>{shown(row.customFields?.[c.key])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length + custom.length}>
                  <Text size="sm" c="dimmed">
                    No matching contacts.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
