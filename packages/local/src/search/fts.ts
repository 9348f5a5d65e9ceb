import type { Node, TextTerm } from "@reachcx/core/search/ast";

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
export function phrase(term: TextTerm): string {
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
