import * as v from "valibot";
import type { Group, Node } from "../search/ast.ts";
import { QueryNode } from "../search/schema.ts";

/**
 * Segments (spec 002 Segment list, Segment editor, §3 Segment and Query rule, §5 Segment): a named, stored
 * contact query. The query is the typed query model's root group (ARCHITECTURE.md, Query model), never
 * engine DSL; the Search port evaluates it on the server for the count, the preview and campaign builds.
 */

/** Spec 002 §5 and spec 000 "Segment name", verbatim. */
export const NAME_REQUIRED_MESSAGE = "Please supply a segment name";
export const NAME_LONG_MESSAGE = "Segment name must be 50 characters or less";
export const NAME_INVALID_MESSAGE = "Please enter a valid segment name";
export const RULE_REQUIRED_MESSAGE = "You must create at least one rule.";
export const QUERY_REQUIRED_MESSAGE = "The segment must contain a contact query";
/** Ours: the search box's free-text terms belong to the contact list, not to a stored segment. */
export const RULES_ONLY_MESSAGE = "A segment's query holds rules and groups only.";
export const DESCRIPTION_LONG_MESSAGE = "Description must be 250 characters or less";
/** Spec 002 §5 (delete confirmation, the typo is the spec's). */
export const DELETE_CONFIRM_MESSAGE = "Your segment will be permamently deleted.";

export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 250;
/** Spec 002 §9: the segment table and the preview both page 10. */
export const SEGMENT_PAGE_SIZE = 10;
export const PREVIEW_SIZE = 10;

/**
 * Letters, digits, spaces and hyphens (spec 002 §5), with at least one letter or digit. An empty name
 * passes here: it is "required", not "invalid".
 */
const NAME_PATTERN = /^$|^[A-Za-z0-9 -]*[A-Za-z0-9][A-Za-z0-9 -]*$/;

export const SegmentName = v.pipe(
  v.string(NAME_REQUIRED_MESSAGE),
  v.trim(),
  v.minLength(1, NAME_REQUIRED_MESSAGE),
  v.maxLength(NAME_MAX, NAME_LONG_MESSAGE),
  v.regex(NAME_PATTERN, NAME_INVALID_MESSAGE),
);

/** Every node of a query, depth first (the query is bounded by QueryNode before this walks it). */
export function* nodesOf(node: Node): Generator<Node> {
  yield node;
  if (node.type === "group") for (const child of node.rules) yield* nodesOf(child);
}

export const hasRule = (node: Node) => [...nodesOf(node)].some((n) => n.type === "rule");
const rulesOnly = (node: Node) => [...nodesOf(node)].every((n) => n.type !== "text");

/** The sort a segment keeps (spec 002 §3: query.sort with field and direction). */
export const SegmentSort = v.strictObject({
  field: v.pipe(v.string(), v.minLength(1), v.maxLength(110)),
  direction: v.picklist(["asc", "desc"], "direction is asc or desc"),
});
export type SegmentSort = v.InferOutput<typeof SegmentSort>;

/**
 * The root of a segment's query: a group (the builder's root), holding at least one rule somewhere.
 * Checked in this order so each refusal is the spec's sentence for what is missing.
 */
const SegmentQuery = v.pipe(
  v.nullish(QueryNode),
  v.check((q) => q !== null && q !== undefined, QUERY_REQUIRED_MESSAGE),
  v.check((q) => !q || q.type === "group", QUERY_REQUIRED_MESSAGE),
  v.check((q) => !q || rulesOnly(q), RULES_ONLY_MESSAGE),
  v.check((q) => !q || hasRule(q), RULE_REQUIRED_MESSAGE),
);

/**
 * POST /api/segments and PUT /api/segments/{id}: the editor's whole form. A missing name or query takes
 * an empty default, so it is refused with the spec's sentence rather than valibot's "missing key".
 */
export const SegmentBody = v.pipe(
  v.strictObject({
    name: v.optional(SegmentName, ""),
    description: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(DESCRIPTION_MAX, DESCRIPTION_LONG_MESSAGE)),
      "",
    ),
    query: v.optional(SegmentQuery, null),
    sort: v.optional(v.nullable(SegmentSort), null),
  }),
  v.transform((body) => ({ ...body, query: body.query as Group })),
);
export type SegmentBody = v.InferOutput<typeof SegmentBody>;
