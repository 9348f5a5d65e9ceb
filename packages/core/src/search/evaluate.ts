import { type FieldType, type Node, type Rule, type TextTerm, words } from "./ast.ts";

export type Doc = Record<string, unknown>;

export interface FieldSchema {
  /** Type of every field a rule may name (custom fields as `custom:{name}`). */
  types: Record<string, FieldType>;
  /** Text fields a free-text term searches. */
  searchable: readonly string[];
}

/**
 * The reference meaning of the query model, in plain TypeScript. Search adapters must give the same
 * answers; the conformance suite compares them with this on random data.
 */
export function evaluate(node: Node, doc: Doc, schema: FieldSchema): boolean {
  switch (node.type) {
    case "group": {
      const results = node.rules.map((rule) => evaluate(rule, doc, schema));
      const value = node.combinator === "and" ? results.every(Boolean) : results.some(Boolean);
      return node.not ? !value : value;
    }
    case "text":
      return schema.searchable.some((field) => termMatches(node, doc[field]));
    case "rule":
      return ruleMatches(node, doc[node.field], schema.types[node.field] ?? "text");
  }
}

function termMatches(term: TextTerm, value: unknown): boolean {
  if (typeof value !== "string") return false;
  const tokens = words(value);
  const n = term.words.length;
  for (let start = 0; start + n <= tokens.length; start++) {
    let ok = true;
    for (let k = 0; k < n && ok; k++) {
      const want = term.words[k] as string;
      const got = tokens[start + k] as string;
      ok = term.prefix && k === n - 1 ? got.startsWith(want) : got === want;
    }
    if (ok) return true;
  }
  return false;
}

/** Comparable form of a value: lower-case text, epoch milliseconds for dates, numbers, booleans. */
export function normalize(value: unknown, type: FieldType): string | number | boolean | null {
  if (value === null || value === undefined || value === "") return null;
  switch (type) {
    case "text":
      return String(value).toLowerCase();
    case "number": {
      const n = typeof value === "number" ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case "date": {
      const ms = typeof value === "number" ? value : Date.parse(String(value));
      return Number.isFinite(ms) ? ms : null;
    }
    case "boolean":
      return value === true || value === "true" ? true : value === false || value === "false" ? false : null;
  }
}

function ruleMatches(rule: Rule, raw: unknown, type: FieldType): boolean {
  const actual = normalize(raw, type);
  const wanted = normalize(rule.value, type);
  // `ne` is the negation of `eq`: a missing value is "not equal" to anything but null.
  if (rule.operator === "ne") return !ruleMatches({ ...rule, operator: "eq" }, raw, type);
  if (wanted === null) return rule.operator === "eq" ? actual === null : false;
  if (actual === null) return false;
  switch (rule.operator) {
    case "eq":
      return actual === wanted;
    case "lt":
      return actual < wanted;
    case "gt":
      return actual > wanted;
    case "lte":
      return actual <= wanted;
    case "gte":
      return actual >= wanted;
    case "contains":
      return String(actual).includes(String(wanted));
    case "beginsWith":
      return String(actual).startsWith(String(wanted));
    case "endsWith":
      return String(actual).endsWith(String(wanted));
  }
}
