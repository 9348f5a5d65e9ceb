import type { Types } from "@opensearch-project/opensearch";
import type { Node, Rule } from "../../search/ast.ts";
import { CONTACT_FIELDS, CONTACT_SEARCHABLE } from "../../search/contact-fields.ts";
import { normalize } from "../../search/evaluate.ts";
import type { ActivityRequest, SearchRequest } from "../../search/port.ts";
import { fieldName } from "./layout.ts";

export type Query = Types.Common_QueryDsl.QueryContainer;

/**
 * The query compiler: what a request selects, as query DSL filters. The tenant comes first in every
 * filter, added here, never by callers.
 */
export function contactFilter(tenant: string, request: SearchRequest): Query[] {
  const filter: Query[] = [{ term: { tenant } }];
  if (request.query) filter.push(compileQuery(request.query, request.types ?? {}));
  return filter;
}

/** The tenant always, then the request's contact, type and time window. */
export function activityFilter(tenant: string, request: ActivityRequest): Query[] {
  const filter: Query[] = [{ term: { tenant } }];
  if (request.contactId !== undefined) filter.push({ term: { activityLogContactId: request.contactId } });
  if (request.type !== undefined) filter.push({ term: { type: request.type } });
  if (request.from !== undefined || request.to !== undefined)
    filter.push({
      range: {
        timestamp: {
          ...(request.from !== undefined ? { gte: request.from } : {}),
          ...(request.to !== undefined ? { lt: request.to } : {}),
        },
      },
    });
  return filter;
}

/**
 * The field a rule or a sort reads, by the field's type: text on its lower-case keyword subfield, numbers,
 * dates and booleans (custom ones by their type) as they are.
 */
export function keywordField(field: string, types: Record<string, string>) {
  const type = CONTACT_FIELDS[field] ?? types[field] ?? "text";
  return { type, name: type === "text" ? `${fieldName(field)}.lc` : fieldName(field) };
}

/** The query model as OpenSearch bool DSL (the conformance suite holds it to the evaluator's answers). */
export function compileQuery(node: Node, types: Record<string, string>): Query {
  switch (node.type) {
    case "group": {
      const clauses = node.rules.map((r) => compileQuery(r, types));
      const inner: Query =
        clauses.length === 0
          ? node.combinator === "and"
            ? { match_all: {} }
            : { match_none: {} }
          : node.combinator === "and"
            ? { bool: { filter: clauses } }
            : { bool: { should: clauses, minimum_should_match: 1 } };
      return node.not ? { bool: { must_not: [inner] } } : inner;
    }
    case "text":
      return {
        multi_match: {
          query: node.words.join(" "),
          type: node.prefix ? "phrase_prefix" : "phrase",
          // The default 50 expansions would silently miss matches of a short prefix in a large tenant.
          ...(node.prefix ? { max_expansions: 10_000 } : {}),
          fields: [...CONTACT_SEARCHABLE],
        },
      };
    case "rule":
      return compileRule(node, types);
  }
}

function compileRule(rule: Rule, types: Record<string, string>): Query {
  const { type, name: field } = keywordField(rule.field, types);
  if (rule.operator === "ne")
    return { bool: { must_not: [compileRule({ ...rule, operator: "eq" }, types)] } };
  const wanted = normalize(rule.value, type as "text");
  if (wanted === null)
    return rule.operator === "eq" ? { bool: { must_not: [{ exists: { field } }] } } : { match_none: {} };
  const escapeWildcard = (s: string) => s.replace(/[*?\\]/g, "\\$&");
  switch (rule.operator) {
    case "eq":
      return { term: { [field]: wanted } };
    case "lt":
    case "gt":
    case "lte":
    case "gte": {
      // A boolean bound goes as it is (a boolean field orders false before true, as the evaluator does);
      // the client's types know only number and date bounds.
      const bound = { [rule.operator]: wanted } as Types.Common_QueryDsl.RangeQuery;
      return { range: { [field]: bound } };
    }
    case "contains":
      return { wildcard: { [field]: { value: `*${escapeWildcard(String(wanted))}*` } } };
    case "beginsWith":
      return { prefix: { [field]: String(wanted) } };
    case "endsWith":
      return { wildcard: { [field]: { value: `*${escapeWildcard(String(wanted))}` } } };
  }
}
