import * as v from "valibot";
import { type Node, OPERATORS } from "./ast.ts";

/** The typed query model as the API accepts it (POST /api/contacts/query). */
export const QueryNode: v.GenericSchema<Node> = v.lazy(() =>
  v.variant("type", [
    v.strictObject({
      type: v.literal("rule"),
      field: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
      operator: v.picklist(OPERATORS, `operator must be one of ${OPERATORS.join(", ")}`),
      value: v.union([v.string(), v.number(), v.boolean(), v.null()]),
    }),
    v.strictObject({
      type: v.literal("text"),
      words: v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^[\p{L}\p{N}]+$/u, "words are letters and digits"))),
        v.minLength(1),
      ),
      prefix: v.boolean(),
    }),
    v.strictObject({
      type: v.literal("group"),
      combinator: v.picklist(["and", "or"]),
      not: v.optional(v.boolean(), false),
      rules: v.pipe(v.array(QueryNode), v.maxLength(100, "A group holds at most 100 rules.")),
    }),
  ]),
) as v.GenericSchema<Node>;

export const SortParam = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9:_-]+:(asc|desc)$/, "sort is field:asc or field:desc"),
  v.transform((s) => {
    const i = s.lastIndexOf(":");
    return { field: s.slice(0, i), direction: s.slice(i + 1) as "asc" | "desc" };
  }),
);
