import type { Node, Rule, TextTerm } from "@reachcx/core/search/ast";
import { CONTACT_FIELDS } from "@reachcx/core/search/contact-fields";
import { normalize } from "@reachcx/core/search/evaluate";
import { phrase } from "./fts.ts";

export const quote = (name: string) => `"${name}"`;

/** What a compiled clause needs: its parameters in placeholder order, custom-field types, the tenant's rowids. */
export interface Compiling {
  params: unknown[];
  types: Record<string, string>;
  /** The tenant's rowid range (docs/search.md): keeps full-text sub-queries inside one tenant. */
  range: readonly [number, number];
}

const jsonPath = (field: string) => `'$."${field.replace(/["'\\]/g, "")}"'`;

/**
 * A field of the contact table `c` in SQL, with its type: built-in fields are columns (text stored
 * lower-cased, docs/search.md); custom fields are read from the doc, text lower-cased the same way. The
 * same expression builds a custom field's sort index, where `table` is "".
 */
export function fieldExpr(field: string, types: Record<string, string>, table = "c.") {
  const builtIn = CONTACT_FIELDS[field];
  if (builtIn) return { sql: `${table}${quote(field)}`, type: builtIn as string };
  // custom:{name}; the caller has checked the name against the tenant's custom fields.
  const type = types[field] ?? "text";
  const value = `json_extract(${table}doc, ${jsonPath(field)})`;
  return { sql: type === "text" ? `jslower(${value})` : value, type };
}

/**
 * Sorts the way an index on (tenant, value, id) reads forwards or backwards: missing values first when
 * ascending, last when descending; ties by id in the same direction (docs/decisions.md, Search sort).
 */
export function orderBy(
  sort: readonly { field: string; direction: "asc" | "desc" }[],
  types: Record<string, string>,
): string {
  const last = sort.at(-1)?.direction ?? "asc";
  return [
    ...sort.map((key) => `${fieldExpr(key.field, types).sql} ${key.direction === "desc" ? "DESC" : "ASC"}`),
    `c.id ${last === "desc" ? "DESC" : "ASC"}`,
  ].join(", ");
}

/** True when every match must contain some free-text term (a term, or an AND group holding one). */
export function drivenByText(node: Node): boolean {
  if (node.type === "text") return true;
  if (node.type === "group" && !node.not && node.combinator === "and") return node.rules.some(drivenByText);
  return false;
}

/** Compiles the query model to a WHERE clause over `contact c`, pushing its values onto params. */
export function compile(node: Node, cx: Compiling): string {
  switch (node.type) {
    case "group": {
      // An empty AND holds, an empty OR does not (as in the evaluator); NOT flips either.
      if (node.rules.length === 0) return (node.combinator === "and") !== node.not ? "1" : "0";
      // The words of an AND go to FTS5 as one MATCH ("a" AND "b"), which intersects them in the index.
      const words = node.combinator === "and" ? node.rules.filter((r) => r.type === "text") : [];
      const others = words.length > 1 ? node.rules.filter((r) => r.type !== "text") : node.rules;
      // Parameters are pushed in the order their placeholders appear: the MATCH first.
      const parts = words.length > 1 ? [ftsMatch(words as TextTerm[], cx)] : [];
      for (const r of others) parts.push(`(${compile(r, cx)})`);
      const inner = parts.join(node.combinator === "and" ? " AND " : " OR ");
      return node.not ? `NOT (${inner})` : inner;
    }
    case "text":
      return ftsMatch([node], cx);
    case "rule":
      return compileRule(node, cx);
  }
}

/** Rows whose searchable fields hold every one of these terms (each term in some field). */
function ftsMatch(terms: TextTerm[], cx: Compiling): string {
  cx.params.push(terms.map(phrase).join(" AND "), ...cx.range);
  return "c.rid IN (SELECT rowid FROM contact_fts WHERE contact_fts MATCH ? AND rowid BETWEEN ? AND ?)";
}

function compileRule(rule: Rule, cx: Compiling): string {
  const { sql: expr, type } = fieldExpr(rule.field, cx.types);
  if (rule.operator === "ne") return `NOT (${compileRule({ ...rule, operator: "eq" }, cx)})`;
  const wanted = normalize(rule.value, type as "text");
  if (wanted === null) return rule.operator === "eq" ? `${expr} IS NULL` : "0";
  const value = typeof wanted === "boolean" ? Number(wanted) : wanted;
  const op = { eq: "=", lt: "<", gt: ">", lte: "<=", gte: ">=" } as const;
  switch (rule.operator) {
    case "eq":
    case "lt":
    case "gt":
    case "lte":
    case "gte":
      cx.params.push(value);
      return `coalesce(${expr} ${op[rule.operator]} ?, 0)`;
    case "contains":
      cx.params.push(String(value));
      return `coalesce(instr(${expr}, ?) > 0, 0)`;
    case "beginsWith":
      cx.params.push(String(value), String(value));
      return `coalesce(substr(${expr}, 1, length(?)) = ?, 0)`;
    case "endsWith":
      cx.params.push(String(value), String(value));
      return `coalesce(substr(${expr}, -length(?)) = ?, 0)`;
  }
}
