import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { group, type Node } from "./ast.ts";
import { MAX_QUERY_DEPTH, MAX_QUERY_NODES, QUERY_TOO_BIG, QUERY_TOO_DEEP, queryTooLarge } from "./limits.ts";
import { QueryNode } from "./schema.ts";

const rule: Node = { type: "rule", field: "firstName", operator: "eq", value: "x" };
const nested = (depth: number): Node => {
  let node: Node = rule;
  for (let i = 0; i < depth; i++) node = group("and", [node]);
  return node;
};

describe("query limits", () => {
  it("groups may nest 20 deep, not 21", () => {
    expect(queryTooLarge(nested(MAX_QUERY_DEPTH))).toBeNull();
    expect(queryTooLarge(nested(MAX_QUERY_DEPTH + 1))).toBe(QUERY_TOO_DEEP);
  });

  it("a query holds at most 500 rules and groups", () => {
    expect(queryTooLarge(group("or", Array(MAX_QUERY_NODES - 1).fill(rule)))).toBeNull();
    expect(queryTooLarge(group("or", Array(MAX_QUERY_NODES).fill(rule)))).toBe(QUERY_TOO_BIG);
  });

  it("QueryNode refuses 1,500 nested groups with the depth message instead of overflowing the stack", () => {
    const result = v.safeParse(QueryNode, nested(1_500));
    expect(result.issues?.map((i) => i.message)).toEqual([QUERY_TOO_DEEP]);
  });

  it("QueryNode still validates a query within the limits", () => {
    expect(v.safeParse(QueryNode, nested(MAX_QUERY_DEPTH)).success).toBe(true);
    expect(
      v.safeParse(QueryNode, group("and", [{ ...rule, operator: "like" } as unknown as Node])).success,
    ).toBe(false);
  });

  /** Depth in groups and size in nodes, measured by recursion (only ever on small trees here). */
  const measure = (node: Node): { depth: number; nodes: number } => {
    if (node.type !== "group") return { depth: 0, nodes: 1 };
    const inner = node.rules.map(measure);
    return {
      depth: 1 + Math.max(0, ...inner.map((m) => m.depth)),
      nodes: 1 + inner.reduce((sum, m) => sum + m.nodes, 0),
    };
  };

  it("refuses exactly the queries too deep or too big, whatever their shape", () => {
    const { node } = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constant(rule),
        fc.record({
          type: fc.constant("group" as const),
          combinator: fc.constantFrom("and" as const, "or" as const),
          not: fc.boolean(),
          rules: fc.array(tie("node"), { maxLength: 40 }),
        }),
      ),
    }));
    fc.assert(
      fc.property(node, (query) => {
        const { depth, nodes } = measure(query);
        const refused = queryTooLarge(query);
        expect(refused !== null).toBe(depth > MAX_QUERY_DEPTH || nodes > MAX_QUERY_NODES);
      }),
      { numRuns: 300 },
    );
  });
});
