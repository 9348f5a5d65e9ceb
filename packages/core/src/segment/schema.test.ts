import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { FieldType, Node, Operator } from "../search/ast.ts";
import { queryProblems, ruleProblem } from "../search/check.ts";
import { CONTACT_FIELDS } from "../search/contact-fields.ts";
import {
  NAME_INVALID_MESSAGE,
  NAME_LONG_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  QUERY_REQUIRED_MESSAGE,
  RULE_REQUIRED_MESSAGE,
  SegmentBody,
} from "./schema.ts";

const types: Record<string, FieldType> = {
  ...CONTACT_FIELDS,
  "custom:balance": "number",
  "custom:vip": "boolean",
};
const fieldsOf = (type: FieldType) => Object.keys(types).filter((f) => types[f] === type);

/** A rule whose operator and value fit its field's type, as the query builder makes them. */
const validRule = fc.oneof(
  fc.record({
    type: fc.constant("rule" as const),
    field: fc.constantFrom(...fieldsOf("text")),
    operator: fc.constantFrom<Operator>(
      "eq",
      "ne",
      "lt",
      "gt",
      "lte",
      "gte",
      "contains",
      "beginsWith",
      "endsWith",
    ),
    value: fc.string({ minLength: 1, maxLength: 10 }),
  }),
  fc.record({
    type: fc.constant("rule" as const),
    field: fc.constantFrom(...fieldsOf("number")),
    operator: fc.constantFrom<Operator>("eq", "ne", "lt", "gt", "lte", "gte"),
    value: fc.integer(),
  }),
  fc.record({
    type: fc.constant("rule" as const),
    field: fc.constantFrom(...fieldsOf("boolean")),
    operator: fc.constantFrom<Operator>("eq", "ne"),
    value: fc.boolean(),
  }),
  fc.record({
    type: fc.constant("rule" as const),
    field: fc.constantFrom(...fieldsOf("date")),
    operator: fc.constantFrom<Operator>("eq", "ne", "lt", "gt", "lte", "gte"),
    value: fc
      .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
      .map((d) => d.toISOString()),
  }),
);

const { tree } = fc.letrec<{ tree: Node }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    validRule,
    fc.record({
      type: fc.constant("group" as const),
      combinator: fc.constantFrom("and" as const, "or" as const),
      not: fc.boolean(),
      rules: fc.array(tie("tree"), { minLength: 1, maxLength: 4 }),
    }),
  ),
}));
const root = tree.map(
  (node): Node =>
    node.type === "group" ? node : { type: "group", combinator: "and", not: false, rules: [node] },
);

const messages = (input: unknown) => v.safeParse(SegmentBody, input).issues?.map((i) => i.message) ?? [];

describe("a segment's query", () => {
  it("passes every check when each rule fits its field", () => {
    fc.assert(
      fc.property(root, (query) => {
        expect(queryProblems(query, types)).toEqual([]);
        expect(messages({ name: "Seg 1", query })).toEqual([]);
      }),
    );
  });

  it("is refused when any one rule gets a value of another type", () => {
    fc.assert(
      fc.property(root, fc.nat(), (query, pick) => {
        const rules: Extract<Node, { type: "rule" }>[] = [];
        const walk = (n: Node) =>
          n.type === "group" ? n.rules.forEach(walk) : n.type === "rule" && rules.push(n);
        walk(query);
        const rule = rules[pick % rules.length];
        if (!rule) return;
        const type = types[rule.field] as FieldType;
        rule.value = type === "text" ? 42 : type === "boolean" ? "yes" : "not a value";
        expect(queryProblems(query, types)).toHaveLength(1);
      }),
    );
  });

  it("names a field the tenant does not have", () => {
    const query: Node = {
      type: "group",
      combinator: "or",
      not: false,
      rules: [
        { type: "rule", field: "custom:gone", operator: "eq", value: "x" },
        { type: "rule", field: "__proto__", operator: "eq", value: "x" },
      ],
    };
    expect(queryProblems(query, Object.assign(Object.create(null), types))).toEqual([
      "Unknown custom field: gone",
      "Unknown field: __proto__",
    ]);
  });

  it("lets eq and ne ask for an empty value, but not an order", () => {
    expect(ruleProblem({ type: "rule", field: "zip", operator: "eq", value: null }, "text")).toBeNull();
    expect(ruleProblem({ type: "rule", field: "zip", operator: "ne", value: "" }, "text")).toBeNull();
    expect(ruleProblem({ type: "rule", field: "zip", operator: "gte", value: null }, "text")).toBe(
      "zip: gte needs a value.",
    );
  });
});

describe("the segment form", () => {
  it("answers the spec's sentences", () => {
    const query = {
      type: "group",
      combinator: "and",
      not: false,
      rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
    };
    expect(messages({ query })).toEqual([NAME_REQUIRED_MESSAGE]);
    expect(messages({ name: "a".repeat(51), query })).toEqual([NAME_LONG_MESSAGE]);
    expect(messages({ name: "a_b", query })).toEqual([NAME_INVALID_MESSAGE]);
    expect(messages({ name: "Ok name-2" })).toEqual([QUERY_REQUIRED_MESSAGE]);
    expect(messages({ name: "Ok", query: { ...query, rules: [] } })).toEqual([RULE_REQUIRED_MESSAGE]);
  });

  it("accepts exactly the names of letters, digits, spaces and hyphens up to 50", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const query = {
          type: "group",
          combinator: "and",
          not: false,
          rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
        };
        const trimmed = name.trim();
        const ok =
          trimmed.length > 0 &&
          trimmed.length <= 50 &&
          /^[A-Za-z0-9 -]+$/.test(trimmed) &&
          /[A-Za-z0-9]/.test(trimmed);
        expect(messages({ name, query }).length === 0).toBe(ok);
      }),
    );
  });
});
