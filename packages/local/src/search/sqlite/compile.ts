import type { Node, Rule, TextTerm } from "@reachcx/core/search/ast";
import { CONTACT_FIELDS } from "@reachcx/core/search/contact-fields";
import { normalize } from "@reachcx/core/search/evaluate";
import type { ActivityRequest } from "@reachcx/core/search/port";
import { quote } from "./layout.ts";

// The query compiler: the query model as a WHERE clause over `contact c` (any query), as one FTS5
// expression (search-box queries, `toFts`), and an activity request as a WHERE over `activitylog`.

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
 * lower-cased, docs/search.md); custom fields are read from `cf`, the row's JSONB of custom fields (text
 * lower-cased when written, writer.ts). The same expression builds a custom field's sort index, where
 * `table` is "".
 */
export function fieldExpr(field: string, types: Record<string, string>, table = "c.") {
  const builtIn = CONTACT_FIELDS[field];
  if (builtIn) return { sql: `${table}${quote(field)}`, type: builtIn as string };
  // custom:{name}; the caller has checked the name against the tenant's custom fields.
  return { sql: `json_extract(${table}cf, ${jsonPath(field)})`, type: types[field] ?? "text" };
}

/** True when every match must contain some free-text term (a term, or an AND group holding one). */
export function drivenByText(node: Node): boolean {
  if (node.type === "text") return true;
  if (node.type === "group" && !node.not && node.combinator === "and") return node.rules.some(drivenByText);
  return false;
}

/**
 * The fields a query's rules name, or null when it holds a free-text term (answered from the full-text
 * index, not from columns).
 */
export function ruleFields(node: Node): Set<string> | null {
  if (node.type === "text") return null;
  if (node.type === "rule") return new Set([node.field]);
  const fields = new Set<string>();
  for (const rule of node.rules) {
    const inner = ruleFields(rule);
    if (!inner) return null;
    for (const field of inner) fields.add(field);
  }
  return fields;
}

/**
 * The built-in fields every match is held to a range of by the compiled WHERE, so an index led by one of
 * them reads only that range: a rule comparing with a value (eq, lt, gt, lte, gte, beginsWith), or a
 * one-field OR list (an IN), standing alone or in a chain of AND groups without NOT.
 */
export function rangedFields(node: Node): Set<string> {
  const ranged = new Set<string>();
  if (node.type === "rule") {
    const type = CONTACT_FIELDS[node.field];
    const compared = node.operator !== "ne" && node.operator !== "contains" && node.operator !== "endsWith";
    if (type && compared && normalize(node.value, type) !== null) ranged.add(node.field);
    return ranged;
  }
  if (node.type === "text" || node.not) return ranged;
  if (node.combinator === "or" && node.rules.length > 1) {
    const list = equalities(node.rules);
    if (list) ranged.add(list.field);
    return ranged;
  }
  for (const rule of node.rules) for (const field of rangedFields(rule)) ranged.add(field);
  return ranged;
}

/**
 * What a negation negates, or null when the query is none: an `ne` rule's `eq`, a NOT group without its
 * NOT, looked for through groups of one rule.
 */
export function negated(node: Node): Node | null {
  if (node.type === "text") return null;
  if (node.type === "rule") return node.operator === "ne" ? { ...node, operator: "eq" } : null;
  if (node.not) return { ...node, not: false };
  const [only] = node.rules;
  return only && node.rules.length === 1 ? negated(only) : null;
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
      // One field equal to any of several values: an IN list, which the field's index serves as one
      // lookup per value, where an OR of conditions sends SQLite's planner to a full scan.
      const inList = node.combinator === "or" && equalities(node.rules);
      if (inList) {
        const { sql: expr } = fieldExpr(inList.field, cx.types);
        cx.params.push(...inList.values);
        const sql = `(${expr} IS NOT NULL AND ${expr} IN (${inList.values.map(() => "?").join(", ")}))`;
        return node.not ? `NOT ${sql}` : sql;
      }
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

/**
 * The values when every rule is `eq` on the same built-in text column with a value (`city = denver OR
 * city = boston`), else null. Values are normalized as compileRule normalizes them.
 */
function equalities(rules: readonly Node[]): { field: string; values: string[] } | null {
  const [first] = rules;
  if (rules.length < 2 || first?.type !== "rule" || CONTACT_FIELDS[first.field] !== "text") return null;
  const values: string[] = [];
  for (const rule of rules) {
    if (rule.type !== "rule" || rule.field !== first.field || rule.operator !== "eq") return null;
    const value = normalize(rule.value, "text");
    if (typeof value !== "string") return null;
    values.push(value);
  }
  return { field: first.field, values };
}

/** Rows whose searchable fields hold every one of these terms (each term in some field). */
function ftsMatch(terms: TextTerm[], cx: Compiling): string {
  cx.params.push(terms.map(phrase).join(" AND "), ...cx.range);
  return "c.rid IN (SELECT rowid FROM contact_fts WHERE contact_fts MATCH ? AND rowid BETWEEN ? AND ?)";
}

/**
 * A rule as a two-valued condition the planner can use an index for: `col IS NOT NULL AND col op ?` is
 * false, never NULL, for a missing value (so NOT and OR behave as the evaluator's booleans do), and its
 * `col op ?` is an indexable term, where `coalesce(col op ?, 0)` hid the column from every index.
 * beginsWith is also a range (`col >= p AND col < p + U+10FFFF`), which an index on the column serves; the
 * substr check keeps the exact meaning (docs/search.md, Rule queries). A custom field is read from `cf`,
 * which no index serves, so its condition reads the value once: `(cf value op ?) IS TRUE`, false for a
 * missing value as well (each json_extract costs ~0.2 µs an entry, the most of a custom rule's count).
 */
function compileRule(rule: Rule, cx: Compiling): string {
  const { sql: expr, type } = fieldExpr(rule.field, cx.types);
  if (rule.operator === "ne") return `NOT (${compileRule({ ...rule, operator: "eq" }, cx)})`;
  const wanted = normalize(rule.value, type as "text");
  if (wanted === null) return rule.operator === "eq" ? `${expr} IS NULL` : "0";
  const value = typeof wanted === "boolean" ? Number(wanted) : wanted;
  const op = { eq: "=", lt: "<", gt: ">", lte: "<=", gte: ">=" } as const;
  const column = Boolean(CONTACT_FIELDS[rule.field]);
  const holds = (condition: string) =>
    column ? `(${expr} IS NOT NULL AND ${condition})` : `((${condition}) IS TRUE)`;
  switch (rule.operator) {
    case "eq":
    case "lt":
    case "gt":
    case "lte":
    case "gte":
      cx.params.push(value);
      return holds(`${expr} ${op[rule.operator]} ?`);
    case "contains":
      cx.params.push(String(value));
      return holds(`instr(${expr}, ?) > 0`);
    case "beginsWith":
      if (!column) {
        cx.params.push(String(value), String(value));
        return holds(`substr(${expr}, 1, length(?)) = ?`);
      }
      cx.params.push(String(value), `${String(value)}\u{10FFFF}`, String(value), String(value));
      return holds(`${expr} >= ? AND ${expr} < ? AND substr(${expr}, 1, length(?)) = ?`);
    case "endsWith":
      cx.params.push(String(value), String(value));
      return holds(`substr(${expr}, -length(?)) = ?`);
  }
}

/**
 * A set of a tenant's contacts that one FTS5 MATCH names: the rows matching `match`, or, when `negated`,
 * the tenant's other rows. FTS5's NOT is binary (`a NOT b`), so a query whose answer is a complement
 * (`-smith`, `a | -b`) is kept as the complement of an expression it can match.
 */
export interface FtsSet {
  match: string;
  negated: boolean;
}

/** FTS5 syntax for a term: a quoted phrase, `*` making its last word a prefix. */
function phrase(term: TextTerm): string {
  return `"${term.words.join(" ").replaceAll('"', '""')}"${term.prefix ? "*" : ""}`;
}

const all = (parts: string[], op: "AND" | "OR") =>
  parts.length === 1 ? (parts[0] as string) : parts.map((p) => `(${p})`).join(` ${op} `);
const without = (keep: string, drop: string) => `(${keep}) NOT (${drop})`;

/**
 * The whole query as one FTS5 set, or null when it names a field rule or an empty group (those go to
 * SQL). Every search-box query has this form, so the contact list's searches count and page inside the
 * full-text index (docs/search.md, Performance).
 *
 *   a AND b AND ¬c AND ¬d  =  (a AND b) NOT (c OR d)        ¬c AND ¬d  =  ¬(c OR d)
 *   a OR b OR ¬c OR ¬d     =  ¬((c AND d) NOT (a OR b))      ¬c OR ¬d   =  ¬(c AND d)
 */
export function toFts(node: Node): FtsSet | null {
  if (node.type === "rule") return null;
  if (node.type === "text") return { match: phrase(node), negated: false };
  if (node.rules.length === 0) return null;
  const sets: FtsSet[] = [];
  for (const rule of node.rules) {
    const set = toFts(rule);
    if (!set) return null;
    sets.push(set);
  }
  const pos = sets.filter((s) => !s.negated).map((s) => s.match);
  const neg = sets.filter((s) => s.negated).map((s) => s.match);
  let set: FtsSet;
  if (node.combinator === "and")
    set =
      pos.length === 0
        ? { match: all(neg, "OR"), negated: true }
        : {
            match: neg.length === 0 ? all(pos, "AND") : without(all(pos, "AND"), all(neg, "OR")),
            negated: false,
          };
  else
    set =
      neg.length === 0
        ? { match: all(pos, "OR"), negated: false }
        : {
            match: pos.length === 0 ? all(neg, "AND") : without(all(neg, "AND"), all(pos, "OR")),
            negated: true,
          };
  return node.not ? { match: set.match, negated: !set.negated } : set;
}

/** The tenant always, then the request's contact, type and time window (from inclusive, to exclusive). */
export function activityWhere(tenant: string, request: ActivityRequest) {
  const where = ["tenant = ?"];
  const params: unknown[] = [tenant];
  const add = (sql: string, value: string | undefined) => {
    if (value === undefined) return;
    where.push(sql);
    params.push(value);
  };
  add("contact = ?", request.contactId);
  add("type = ?", request.type);
  add("timestamp >= ?", request.from);
  add("timestamp < ?", request.to);
  return { clause: where.join(" AND "), params };
}
