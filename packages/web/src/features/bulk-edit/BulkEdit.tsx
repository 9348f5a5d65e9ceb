import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useThrottledValue } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import {
  type BulkField,
  type BulkValue,
  bulkFields,
  checkBulkValue,
  FIELD_REQUIRED_MESSAGE,
  initialValue,
  PICKLISTS,
  RULE_REQUIRED_MESSAGE,
} from "@reachcx/core/bulk-edit/fields";
import type { Group as QueryGroup } from "@reachcx/core/search/ast";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import dayjs from "dayjs";
import { useEffect, useMemo, useRef, useState } from "react";
import { ApiError, api, unwrap } from "../../lib/api.ts";
import { DateTimeField } from "../../lib/DateTimeField.tsx";
import { useSession } from "../../lib/session.ts";
import { isActive, jobQuery, openReport } from "../jobs/api.ts";
import { JobProgress } from "../jobs/JobProgress.tsx";
import { countRules, customFieldDefs, newGroup, QUERY_FIELDS } from "../query-builder/model.ts";
import { QueryBuilder } from "../query-builder/QueryBuilder.tsx";

const route = getRouteApi("/shell/gate/bulk-edit");

/** Spec 003 §9: the expanded search preview shows up to 250 matches; the query is read at most once a second. */
export const PREVIEW_LIMIT = 250;
const THROTTLE_MS = 1000;
/** Spec 003 §8/§9: bulk snackbars stay 5 s. */
const SNACK_MS = 5000;

type EditBody = Parameters<(typeof api)["bulk-edit"]["edit"]["$post"]>[0]["json"];
type DeleteBody = Parameters<(typeof api)["bulk-edit"]["delete"]["$delete"]>[0]["json"];
type PreviewBody = Parameters<(typeof api)["contacts"]["query"]["$post"]>[0]["json"];

const startEdit = (json: EditBody) => unwrap(api["bulk-edit"].edit.$post({ json }));
const startDelete = (json: DeleteBody) => unwrap(api["bulk-edit"].delete.$delete({ json }));

const previewQuery = (body: PreviewBody | null) => ({
  queryKey: ["contacts", "bulk-preview", body] as const,
  queryFn: () => unwrap(api.contacts.query.$post({ json: body as PreviewBody })),
  enabled: body !== null,
  placeholderData: keepPreviousData,
  retry: false,
});

const COLUMNS: [string, string][] = [
  ["firstName", "First Name"],
  ["lastName", "Last Name"],
  ["source", "Source"],
  ["phone", "Phone"],
  ["cell", "Cell"],
  ["email", "Email"],
  ["state", "State"],
];

const shown = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const valueText = (value: BulkValue) => (value === null || value === "" ? "(empty)" : String(value));

/**
 * Bulk Edit (spec 003 §2.5, §4 Bulk operation, §5): a query on the shared query model, a field and a value
 * typed by the field, a preview of the matches; Update and Delete ask first, then start a job (the server
 * snapshots the matches) whose live progress shows in a dialog until its summary. The running job's id is
 * in the URL (?job=), so a reload keeps following it.
 */
export function BulkEdit() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const defs = useSession()?.context?.customFields ?? [];
  const queryFields = useMemo(() => [...QUERY_FIELDS, ...customFieldDefs(defs)], [defs]);
  const fields = useMemo(() => bulkFields(defs), [defs]);

  const [query, setQuery] = useState<QueryGroup>(() => newGroup());
  const [field, setField] = useState<BulkField | null>(null);
  const [value, setValue] = useState<BulkValue>("");
  const [errors, setErrors] = useState<{ query?: string; field?: string; value?: string }>({});

  const hasRule = countRules(query) > 0;
  const body = hasRule ? ({ query, limit: PREVIEW_LIMIT } as PreviewBody) : null;
  const throttled = useThrottledValue(body, THROTTLE_MS);
  const preview = useQuery(previewQuery(throttled));
  const previewError =
    preview.error instanceof ApiError
      ? preview.error.message
      : preview.error
        ? "The preview could not be loaded."
        : null;
  const matched = preview.data && body ? preview.data.total : 0;

  const follow = (id: string) => void navigate({ search: { job: id } });
  const refused = (kind: "edit" | "delete", err: unknown) => {
    const problem = err instanceof ApiError ? err : null;
    const byPath = Object.fromEntries((problem?.errors ?? []).map((e) => [e.path, e.message]));
    setErrors({ query: byPath.query, field: byPath.updateField, value: byPath.updateValue });
    notifications.show({
      color: "red",
      title: kind === "edit" ? "Unable to update contacts" : "Unable to delete contacts",
      message: problem?.message ?? (err as Error).message,
      autoClose: SNACK_MS,
    });
  };
  const edit = useMutation({
    mutationFn: startEdit,
    onSuccess: (job) => follow(job.id),
    onError: (err) => refused("edit", err),
  });
  const remove = useMutation({
    mutationFn: startDelete,
    onSuccess: (job) => follow(job.id),
    onError: (err) => refused("delete", err),
  });

  const chooseField = (name: string | null) => {
    const next = fields.find((f) => f.name === name) ?? null;
    setField(next);
    // Spec 003 §5: on field change a Boolean starts at false, every other type empty.
    setValue(next ? initialValue(next.type) : "");
    setErrors((e) => ({ ...e, field: undefined, value: undefined }));
  };

  const update = () => {
    const next: typeof errors = {};
    if (!hasRule) next.query = RULE_REQUIRED_MESSAGE;
    if (!field) next.field = FIELD_REQUIRED_MESSAGE;
    else {
      const checked = checkBulkValue(field.name, value, defs);
      if (!checked.ok) next.value = checked.message;
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !field) return;
    modals.openConfirmModal({
      title: "Update contacts",
      children: (
        <Text size="sm">
          Set {field.label} to {valueText(value)} on the {matched.toLocaleString()} matched contacts? The
          contacts are chosen when the update starts.
        </Text>
      ),
      labels: { confirm: "Update", cancel: "Cancel" },
      onConfirm: () => edit.mutate({ query, updateField: field.name, updateValue: value }),
    });
  };

  const del = () => {
    if (!hasRule) {
      setErrors({ query: RULE_REQUIRED_MESSAGE });
      return;
    }
    setErrors({});
    modals.openConfirmModal({
      title: "Delete contacts",
      children: (
        <Text size="sm">
          Delete the {matched.toLocaleString()} matched contacts? They will be permanently deleted.
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate({ query }),
    });
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Bulk Edit
      </Title>
      <Stack gap={4}>
        <Text fw={500} size="sm">
          Contact query
        </Text>
        <QueryBuilder
          value={query}
          onChange={(next) => {
            setQuery(next);
            setErrors((e) => ({ ...e, query: undefined }));
          }}
          fields={queryFields}
        />
        {errors.query && (
          <Text size="sm" c="red" role="alert">
            {errors.query}
          </Text>
        )}
        {previewError && (
          <Alert color="orange" role="status">
            {previewError}
          </Alert>
        )}
      </Stack>
      <Group align="flex-start">
        <Select
          label="Field Name"
          placeholder="Choose a field"
          w={260}
          searchable
          data={fields.map((f) => ({ value: f.name, label: f.label }))}
          value={field?.name ?? null}
          onChange={chooseField}
          error={errors.field}
        />
        <ValueEditor
          field={field}
          value={value}
          error={errors.value}
          onChange={(next) => {
            setValue(next);
            setErrors((e) => ({ ...e, value: undefined }));
          }}
        />
      </Group>
      <Group>
        <Button onClick={update} loading={edit.isPending}>
          Update
        </Button>
        <Button color="red" variant="light" onClick={del} loading={remove.isPending}>
          Delete
        </Button>
        <Anchor component={Link} to="/jobs" size="sm">
          See all jobs
        </Anchor>
      </Group>
      <Paper withBorder p="sm">
        <Group gap="xs" mb="xs">
          <Text size="sm" data-testid="bulk-preview-count">
            Previewing {body ? (preview.data?.items.length ?? 0) : 0} of {matched} matched contacts.
          </Text>
          {preview.isFetching && <Loader size="xs" aria-label="Counting" />}
        </Group>
        <Table.ScrollContainer minWidth={700}>
          <Table data-testid="bulk-preview">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map(([, label]) => (
                  <Table.Th key={label}>{label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(body ? (preview.data?.items ?? []) : []).map((row) => (
                <Table.Tr key={row.id}>
                  {COLUMNS.map(([key]) => (
                    <Table.Td key={key}>{shown((row as Record<string, unknown>)[key])}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {search.job && <ProgressDialog id={search.job} onClose={() => void navigate({ search: {} })} />}
    </Stack>
  );
}

/** The value editor of the chosen field's type (spec 003 §2.5 / issue 12's list of types). */
function ValueEditor({
  field,
  value,
  error,
  onChange,
}: {
  field: BulkField | null;
  value: BulkValue;
  error?: string;
  onChange: (value: BulkValue) => void;
}) {
  if (!field) return <TextInput label="Value" disabled placeholder="Choose a field first" w={260} />;
  const label = "Value";
  switch (field.type) {
    case "Boolean":
      return (
        <Switch
          mt={30}
          label={`${field.label}: ${value === true ? "true" : "false"}`}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
        />
      );
    case "State":
    case "Timezone":
    case "Status":
      return (
        <Select
          label={label}
          w={260}
          searchable
          clearable={field.clearable}
          data={[...(PICKLISTS[field.type] ?? [])]}
          value={typeof value === "string" && value ? value : null}
          onChange={(next) => onChange(next ?? "")}
          error={error}
        />
      );
    case "Number":
      return (
        <NumberInput
          label={label}
          w={260}
          value={typeof value === "number" ? value : typeof value === "string" ? value : ""}
          onChange={(next) => onChange(next === "" ? "" : typeof next === "number" ? next : String(next))}
          error={error}
        />
      );
    case "ISODateTime":
      return (
        <DateTimeField
          fieldName={label}
          label={label}
          w={260}
          clearable
          valueFormat="YYYY-MM-DD HH:mm"
          value={typeof value === "string" && value ? dayjs(value).format("YYYY-MM-DD HH:mm:ss") : null}
          onChange={(d) => onChange(d ? dayjs(d).toISOString() : "")}
          error={error}
        />
      );
    case "DateTime":
      return (
        <DateTimeField
          fieldName={label}
          label={label}
          w={260}
          clearable
          valueFormat="YYYY-MM-DD HH:mm"
          value={typeof value === "number" ? dayjs(value).format("YYYY-MM-DD HH:mm:ss") : null}
          onChange={(d) => onChange(d ? dayjs(d).valueOf() : "")}
          error={error}
        />
      );
    default:
      return (
        <TextInput
          label={label}
          w={260}
          type={field.type === "Email" ? "email" : field.type === "Phone" ? "tel" : "text"}
          value={typeof value === "string" ? value : String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
        />
      );
  }
}

/**
 * The bulk job's dialog (spec 003 §4): 'Updating Contacts...' or 'Deleting Contacts...' with the job's live
 * progress bar, then its summary 'Successful Contacts: N | Error Contacts: M' (also a 5 s snackbar), or
 * 'Unable to update contacts' / 'Unable to delete contacts' with the reason when the job failed.
 */
function ProgressDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const job = useQuery(jobQuery(id));
  const data = job.data;
  const deleting = data?.kind === "bulkDelete";
  const running = !data || isActive(data.state);
  const successful = data?.counters.successful ?? 0;
  const failed = data?.counters.error ?? 0;
  const summary = `Successful Contacts: ${successful} | Error Contacts: ${failed}`;
  const told = useRef<string | null>(null);

  useEffect(() => {
    if (!data || isActive(data.state) || told.current === data.id) return;
    told.current = data.id;
    if (data.state === "failed")
      notifications.show({
        color: "red",
        title: deleting ? "Unable to delete contacts" : "Unable to update contacts",
        message: data.message ?? "",
        autoClose: SNACK_MS,
      });
    else
      notifications.show({
        color: failed > 0 ? "yellow" : "green",
        message: `Successful Contacts: ${data.counters.successful ?? 0} | Error Contacts: ${data.counters.error ?? 0}`,
        autoClose: SNACK_MS,
      });
  }, [data, deleting, failed]);

  const title = running
    ? deleting
      ? "Deleting Contacts..."
      : "Updating Contacts..."
    : data?.state === "failed"
      ? deleting
        ? "Unable to delete contacts"
        : "Unable to update contacts"
      : deleting
        ? "Contacts Deleted"
        : "Contacts Updated";

  return (
    <Modal opened onClose={onClose} title={title} closeOnClickOutside={!running} size="lg">
      <Stack>
        {job.error && (
          <Alert color="red" role="alert">
            {(job.error as Error).message}
          </Alert>
        )}
        {data && <JobProgress job={data} label={title} />}
        {data && !running && (
          <Stack gap="xs">
            {data.state !== "failed" && (
              <Text fw={600} data-testid="bulk-summary">
                {summary}
              </Text>
            )}
            {data.message && data.message !== summary && (
              <Text size="sm" c={data.state === "failed" ? "red" : "dimmed"} role="status">
                {data.message}
              </Text>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          {data?.hasReport && (
            <Button variant="light" onClick={() => void openReport(data.id)}>
              Error report
            </Button>
          )}
          <Anchor component={Link} to="/jobs" size="sm">
            Jobs
          </Anchor>
          <Button onClick={onClose} variant={running ? "default" : "filled"}>
            {running ? "Run in background" : "Close"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
