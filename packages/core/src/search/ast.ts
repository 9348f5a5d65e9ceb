/**
 * The typed query model shared by segments, bulk edit, the contact search box and charts
 * (ARCHITECTURE.md, Query model). Every Search adapter compiles this AST; none takes engine DSL.
 */
export const OPERATORS = [
  "eq",
  "ne",
  "lt",
  "gt",
  "lte",
  "gte",
  "contains",
  "beginsWith",
  "endsWith",
] as const;
export type Operator = (typeof OPERATORS)[number];

export type FieldType = "text" | "number" | "date" | "boolean";

export interface Rule {
  type: "rule";
  field: string;
  operator: Operator;
  value: string | number | boolean | null;
}

/** A free-text term of the search box: matches any searchable text field. */
export interface TextTerm {
  type: "text";
  /** Lower-case words; more than one is a phrase (consecutive words in one field). */
  words: string[];
  /** The last word matches as a prefix (`smi*`). */
  prefix: boolean;
}

export interface Group {
  type: "group";
  combinator: "and" | "or";
  not: boolean;
  rules: Node[];
}

export type Node = Rule | TextTerm | Group;

export const group = (combinator: "and" | "or", rules: Node[], not = false): Group => ({
  type: "group",
  combinator,
  not,
  rules,
});

/** Splits text into the words search matches on: letters and digits, lower-cased (same as FTS5 unicode61). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
