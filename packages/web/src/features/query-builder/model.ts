import { TIME_ZONES, US_STATES } from "@reachcx/core/contact/constants";
import type { Group, Node, Operator, Rule } from "@reachcx/core/search/ast";

/** How a field's value is edited: by the search type, and a fixed list for state and time zone. */
export type FieldKind = "text" | "number" | "date" | "epochDate" | "boolean" | "state" | "timeZone";

export interface FieldDef {
  value: string;
  label: string;
  kind: FieldKind;
}

/** Spec 002 §3's query fields, in the order the builder offers them. */
export const QUERY_FIELDS: FieldDef[] = [
  { value: "firstName", label: "First Name", kind: "text" },
  { value: "lastName", label: "Last Name", kind: "text" },
  { value: "source", label: "Source", kind: "text" },
  { value: "phone", label: "Phone", kind: "text" },
  { value: "cell", label: "Cell", kind: "text" },
  { value: "email", label: "Email", kind: "text" },
  { value: "dateCreated", label: "Date Created", kind: "date" },
  { value: "status", label: "Status", kind: "text" },
  { value: "city", label: "City", kind: "text" },
  { value: "state", label: "State", kind: "state" },
  { value: "zip", label: "Zip", kind: "text" },
  { value: "timeZone", label: "Time Zone", kind: "timeZone" },
];

/** A tenant's custom fields join as `custom:{name}`; DateTime values are epoch milliseconds in the model. */
export function customFieldDefs(
  fields: readonly { name: string; displayName: string; type: string }[],
): FieldDef[] {
  return fields.map((f) => ({
    value: `custom:${f.name}`,
    label: f.displayName,
    kind:
      f.type === "Number"
        ? "number"
        : f.type === "DateTime"
          ? "epochDate"
          : f.type === "Boolean"
            ? "boolean"
            : "text",
  }));
}

/** Spec 002 §3's operator names, with what they do; the model's names are the values. */
export const OPERATOR_LABELS: Record<Operator, string> = {
  eq: "eq (equals)",
  ne: "ne (not equal)",
  lt: "lt (less than)",
  gt: "gt (greater than)",
  lte: "lte (at most)",
  gte: "gte (at least)",
  contains: "wildcard (contains)",
  beginsWith: "wildcard* (begins with)",
  endsWith: "*wildcard (ends with)",
};

const ORDERED: Operator[] = ["eq", "ne", "lt", "gt", "lte", "gte"];
export const operatorsFor = (kind: FieldKind): Operator[] => {
  switch (kind) {
    case "text":
      return [...ORDERED, "contains", "beginsWith", "endsWith"];
    case "boolean":
    case "state":
    case "timeZone":
      return ["eq", "ne"];
    default:
      return ORDERED;
  }
};

export const STATE_OPTIONS = US_STATES.map((s) => ({ value: s, label: s }));
export const TIME_ZONE_OPTIONS = Object.keys(TIME_ZONES).map((z) => ({ value: z, label: z }));

/** The value a new rule of a kind starts with (empty text is "is empty" for eq; the user types over it). */
export const emptyValue = (kind: FieldKind): Rule["value"] => (kind === "boolean" ? true : null);

export const newRule = (field: FieldDef): Rule => ({
  type: "rule",
  field: field.value,
  operator: "eq",
  value: emptyValue(field.kind),
});

export const newGroup = (rules: Node[] = []): Group => ({
  type: "group",
  combinator: "and",
  not: false,
  rules,
});

/** Replaces the node at `path` (indexes from the root group) with what `update` returns; null removes it. */
export function updateAt(root: Group, path: readonly number[], update: (node: Node) => Node | null): Group {
  if (path.length === 0) return update(root) as Group;
  const [head, ...rest] = path as [number, ...number[]];
  const rules = root.rules.flatMap((child, i) => {
    if (i !== head) return [child];
    const next =
      rest.length === 0 ? update(child) : child.type === "group" ? updateAt(child, rest, update) : child;
    return next ? [next] : [];
  });
  return { ...root, rules };
}

export const countRules = (node: Node): number =>
  node.type === "group"
    ? node.rules.reduce((n, child) => n + countRules(child), 0)
    : node.type === "rule"
      ? 1
      : 0;
