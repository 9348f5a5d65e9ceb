import * as v from "valibot";
import { boundedArray, guarded } from "../bounds.ts";
import { type Node, OPERATORS } from "./ast.ts";
import { queryTooLarge } from "./limits.ts";

/** One level of the query model; groups hold more of it, unchecked for depth here (QueryNode checks). */
const Level: v.GenericSchema<Node> = v.lazy(() => QueryLevel);

/**
 * The variant behind Level, one object so the OpenAPI document can name it (QUERY_DEFINITIONS): the JSON
 * Schema converter names a recursive schema by the object its getter returns.
 */
const QueryLevel: v.GenericSchema<Node> = v.variant("type", [
  v.strictObject({
    type: v.literal("rule"),
    field: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    operator: v.picklist(OPERATORS, `operator must be one of ${OPERATORS.join(", ")}`),
    value: v.union([
      // The longest value a contact field holds is a custom String's 1,000 characters.
      v.pipe(v.string(), v.maxLength(1000, "A rule's value can be at most 1,000 characters.")),
      v.number(),
      v.boolean(),
      v.null(),
    ]),
  }),
  v.strictObject({
    type: v.literal("text"),
    words: v.pipe(
      boundedArray(
        v.pipe(
          v.string(),
          v.maxLength(100, "A word can be at most 100 characters."),
          v.regex(/^[\p{L}\p{N}]+$/u, "words are letters and digits"),
        ),
        50,
        "A phrase holds at most 50 words.",
      ),
      v.minLength(1),
    ),
    prefix: v.boolean(),
  }),
  v.strictObject({
    type: v.literal("group"),
    combinator: v.picklist(["and", "or"]),
    not: v.optional(v.boolean(), false),
    rules: boundedArray(Level, 100, "A group holds at most 100 rules."),
  }),
]) as v.GenericSchema<Node>;

/** Names the query model in the OpenAPI document's components (instead of the converter's "0"). */
export const QUERY_DEFINITIONS = { QueryNode: QueryLevel };

/**
 * The typed query model as the API accepts it (POST /api/contacts/query). Its depth and size are checked
 * on the raw JSON before valibot recurses into it: 1,500 nested groups would overflow the stack.
 */
export const QueryNode = guarded(Level, queryTooLarge);

export const SortParam = v.pipe(
  v.string(),
  v.maxLength(110, "sort is field:asc or field:desc"),
  v.regex(/^[A-Za-z0-9:_-]+:(asc|desc)$/, "sort is field:asc or field:desc"),
  v.transform((s) => {
    const i = s.lastIndexOf(":");
    return { field: s.slice(0, i), direction: s.slice(i + 1) as "asc" | "desc" };
  }),
);
