import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import type { Node, Group as QueryGroup, Rule } from "@reachcx/core/search/ast";
import { IconTrash } from "@tabler/icons-react";
import {
  type FieldDef,
  type FieldKind,
  newGroup,
  newRule,
  OPERATOR_LABELS,
  operatorsFor,
  STATE_OPTIONS,
  TIME_ZONE_OPTIONS,
  updateAt,
} from "./model.ts";

export interface QueryBuilderProps {
  value: QueryGroup;
  onChange: (next: QueryGroup) => void;
  fields: FieldDef[];
  /** Fields the query names that no longer exist (a custom field deleted since): their rules are marked. */
  stale?: readonly string[];
}

/** A position's name for labels: "1", "2.1" (rule 1 of group 2). */
const nameOf = (path: readonly number[]) => path.map((i) => i + 1).join(".");

/**
 * The visual query builder over the typed query model (core/search/ast.ts): nested and/or groups with a
 * not switch, rules of field, operator and a value editor by the field's type. Used by the segment editor;
 * bulk edit can reuse it (issue 12).
 */
export function QueryBuilder({ value, onChange, fields, stale = [] }: QueryBuilderProps) {
  const change = (path: readonly number[], update: (node: Node) => Node | null) =>
    onChange(updateAt(value, path, update));
  return <GroupEditor node={value} path={[]} fields={fields} stale={stale} change={change} />;
}

interface EditorProps {
  path: readonly number[];
  fields: FieldDef[];
  stale: readonly string[];
  change: (path: readonly number[], update: (node: Node) => Node | null) => void;
}

function GroupEditor({ node, path, fields, stale, change }: EditorProps & { node: QueryGroup }) {
  const root = path.length === 0;
  const label = root ? "Query" : `Group ${nameOf(path)}`;
  const set = (patch: Partial<QueryGroup>) => change(path, (n) => ({ ...(n as QueryGroup), ...patch }));
  const first = fields[0];
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-label={label}
      bg={root ? undefined : "var(--mantine-color-gray-0)"}
    >
      <Stack gap="xs">
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            aria-label={`${label} combinator`}
            data={[
              { value: "and", label: "AND" },
              { value: "or", label: "OR" },
            ]}
            value={node.combinator}
            onChange={(combinator) => set({ combinator: combinator as "and" | "or" })}
          />
          <Switch
            size="xs"
            label="NOT"
            aria-label={`${label}: not`}
            checked={node.not}
            onChange={(e) => set({ not: e.currentTarget.checked })}
          />
          {!root && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() => change(path, () => null)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {node.rules.length === 0 && (
          <Text size="sm" c="dimmed">
            No rules in this group.
          </Text>
        )}
        {node.rules.map((child, i) => {
          const childPath = [...path, i];
          // Rules have no id; their position is what the builder edits, and what names them.
          const key = nameOf(childPath);
          return child.type === "group" ? (
            <GroupEditor
              key={key}
              node={child}
              path={childPath}
              fields={fields}
              stale={stale}
              change={change}
            />
          ) : child.type === "rule" ? (
            <RuleEditor
              key={key}
              rule={child}
              path={childPath}
              fields={fields}
              stale={stale}
              change={change}
            />
          ) : null;
        })}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            disabled={!first}
            onClick={() =>
              first &&
              change(path, (n) => ({
                ...(n as QueryGroup),
                rules: [...(n as QueryGroup).rules, newRule(first)],
              }))
            }
          >
            + Rule
          </Button>
          <Button
            size="xs"
            variant="light"
            disabled={!first}
            onClick={() =>
              first &&
              change(path, (n) => ({
                ...(n as QueryGroup),
                rules: [...(n as QueryGroup).rules, newGroup([newRule(first)])],
              }))
            }
          >
            + Group
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RuleEditor({ rule, path, fields, stale, change }: EditorProps & { rule: Rule }) {
  const name = `Rule ${nameOf(path)}`;
  const isStale = stale.includes(rule.field);
  const def = fields.find((f) => f.value === rule.field);
  const kind: FieldKind = def?.kind ?? "text";
  const options = [
    ...fields.map((f) => ({ value: f.value, label: f.label })),
    ...(def ? [] : [{ value: rule.field, label: `${rule.field.replace(/^custom:/, "")} (deleted)` }]),
  ];
  const set = (patch: Partial<Rule>) => change(path, (n) => ({ ...(n as Rule), ...patch }));
  const operators = operatorsFor(kind);
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" data-testid="query-rule">
      <Select
        size="xs"
        w={180}
        aria-label={`${name} field`}
        data={options}
        searchable
        allowDeselect={false}
        value={rule.field}
        error={isStale ? "This custom field no longer exists" : undefined}
        onChange={(field) => {
          const next = fields.find((f) => f.value === field);
          if (next) change(path, () => newRule(next));
        }}
      />
      <Select
        size="xs"
        w={190}
        aria-label={`${name} operator`}
        data={operators.map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
        allowDeselect={false}
        value={operators.includes(rule.operator) ? rule.operator : null}
        onChange={(operator) => operator && set({ operator: operator as Rule["operator"] })}
      />
      <ValueEditor
        kind={kind}
        label={`${name} value`}
        value={rule.value}
        onChange={(value) => set({ value })}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ${name.toLowerCase()}`}
        onClick={() => change(path, () => null)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

const toDateInput = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function ValueEditor({
  kind,
  label,
  value,
  onChange,
}: {
  kind: FieldKind;
  label: string;
  value: Rule["value"];
  onChange: (value: Rule["value"]) => void;
}) {
  switch (kind) {
    case "number":
      return (
        <NumberInput
          size="xs"
          w={160}
          aria-label={label}
          value={typeof value === "number" ? value : ""}
          onChange={(n) => onChange(typeof n === "number" ? n : null)}
        />
      );
    case "boolean":
      return (
        <Select
          size="xs"
          w={120}
          aria-label={label}
          data={[
            { value: "true", label: "true" },
            { value: "false", label: "false" },
          ]}
          allowDeselect={false}
          value={value === null ? null : String(value)}
          onChange={(v) => onChange(v === "true")}
        />
      );
    case "state":
    case "timeZone":
      return (
        <Select
          size="xs"
          w={160}
          aria-label={label}
          searchable
          data={kind === "state" ? STATE_OPTIONS : TIME_ZONE_OPTIONS}
          value={typeof value === "string" ? value : null}
          onChange={(v) => onChange(v)}
        />
      );
    case "date":
      return (
        <TextInput
          size="xs"
          w={160}
          type="date"
          aria-label={label}
          value={typeof value === "string" ? value.slice(0, 10) : ""}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
    case "epochDate":
      return (
        <TextInput
          size="xs"
          w={160}
          type="date"
          aria-label={label}
          value={typeof value === "number" ? toDateInput(value) : ""}
          onChange={(e) => onChange(e.currentTarget.value ? Date.parse(e.currentTarget.value) : null)}
        />
      );
    default:
      return (
        <TextInput
          size="xs"
          w={200}
          aria-label={label}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.currentTarget.value === "" ? null : e.currentTarget.value)}
        />
      );
  }
}
