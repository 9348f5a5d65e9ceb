import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VisibleError } from "../error/index.ts";
import { evaluate, type FieldSchema, formatSearch, group, type Node, parseSearch } from "./index.ts";

const t = (w: string, prefix = false): Node => ({ type: "text", words: w.split(" "), prefix });

describe("parseSearch", () => {
  it("reads the syntax of the search help", () => {
    expect(parseSearch("john smith")).toEqual(group("and", [t("john"), t("smith")]));
    expect(parseSearch("john + smith")).toEqual(group("and", [t("john"), t("smith")]));
    expect(parseSearch("john | jane")).toEqual(group("or", [t("john"), t("jane")]));
    expect(parseSearch("-smith")).toEqual(group("and", [t("smith")], true));
    expect(parseSearch('"john smith"')).toEqual(t("john smith"));
    expect(parseSearch("smi*")).toEqual(t("smi", true));
    expect(parseSearch("(a | b) + c")).toEqual(group("and", [group("or", [t("a"), t("b")]), t("c")]));
    expect(parseSearch("a | b c")).toEqual(group("or", [t("a"), group("and", [t("b"), t("c")])]));
    expect(parseSearch("   ")).toBeNull();
  });

  it("keeps hyphenated words and emails as phrases, not negations", () => {
    expect(parseSearch("303-555-1234")).toEqual(t("303 555 1234"));
    expect(parseSearch("ann@acme.example")).toEqual(t("ann acme example"));
  });

  it("refuses unbalanced quotes and parentheses with a readable message", () => {
    for (const [input, message] of [
      ['"john smith', 'Unbalanced quotes: a " has no closing ".'],
      ["(a | b", "Unbalanced parentheses: a ( has no closing )."],
      ["a | b)", "Unbalanced parentheses: a ) has no opening (."],
      ["a +", "The search ends with an operator; add a word after it."],
      ["| a", "The search has | where a word should be."],
    ] as const) {
      const err = (() => {
        try {
          parseSearch(input);
        } catch (e) {
          return e;
        }
      })();
      expect(err, input).toBeInstanceOf(VisibleError);
      expect((err as VisibleError).message).toBe(message);
      expect((err as VisibleError).kind).toBe("input");
    }
  });

  it("never throws anything but a VisibleError, whatever is typed", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", " ", "+", "|", "-", '"', "(", ")", "*", "@") }),
        (s) => {
          try {
            parseSearch(s);
          } catch (e) {
            return e instanceof VisibleError;
          }
          return true;
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("formatting then parsing gives the same query", () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,6}$/);
    const term = fc.record({
      type: fc.constant("text" as const),
      words: fc.array(word, { minLength: 1, maxLength: 3 }),
      prefix: fc.boolean(),
    });
    const tree = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        term,
        fc.record({
          type: fc.constant("group" as const),
          combinator: fc.constantFrom("and" as const, "or" as const),
          not: fc.constant(false),
          rules: fc.array(tie("node"), { minLength: 2, maxLength: 3 }),
        }),
        tie("node").map((n) => group("and", [n], true)),
      ),
    }));
    fc.assert(
      fc.property(tree.node, (node) => {
        const once = parseSearch(formatSearch(node));
        expect(parseSearch(formatSearch(once as Node))).toEqual(once);
        // and the meaning survives the round trip
        const schema: FieldSchema = { types: {}, searchable: ["a", "b"] };
        const docs = [{ a: "x y z", b: "1 2" }, { a: formatSearch(node) }, {}];
        for (const doc of docs) expect(evaluate(once as Node, doc, schema)).toBe(evaluate(node, doc, schema));
      }),
      { numRuns: 500 },
    );
  });
});

describe("evaluate", () => {
  const schema: FieldSchema = {
    types: { firstName: "text", age: "number", createdAt: "date", dnc: "boolean" },
    searchable: ["firstName", "lastName", "email"],
  };
  const doc = {
    firstName: "Mary-Ann",
    lastName: "Smith",
    email: "mary@acme.example",
    age: 42,
    createdAt: "2026-01-02T00:00:00Z",
    dnc: false,
  };

  it("matches terms, phrases and prefixes word by word within one field", () => {
    expect(evaluate(parseSearch("smith") as Node, doc, schema)).toBe(true);
    expect(evaluate(parseSearch("smi*") as Node, doc, schema)).toBe(true);
    expect(evaluate(parseSearch("smi") as Node, doc, schema)).toBe(false);
    expect(evaluate(parseSearch('"mary ann"') as Node, doc, schema)).toBe(true);
    expect(evaluate(parseSearch('"ann mary"') as Node, doc, schema)).toBe(false);
    expect(evaluate(parseSearch('"ann smith"') as Node, doc, schema)).toBe(false);
    expect(evaluate(parseSearch("mary -jones") as Node, doc, schema)).toBe(true);
    expect(evaluate(parseSearch("jones | acme") as Node, doc, schema)).toBe(true);
  });

  it("compares typed fields", () => {
    const rule = (field: string, operator: any, value: any): Node => ({
      type: "rule",
      field,
      operator,
      value,
    });
    expect(evaluate(rule("age", "gte", 42), doc, schema)).toBe(true);
    expect(evaluate(rule("age", "lt", "42"), doc, schema)).toBe(false);
    expect(evaluate(rule("createdAt", "gt", "2026-01-01"), doc, schema)).toBe(true);
    expect(evaluate(rule("createdAt", "lt", Date.parse("2026-01-01")), doc, schema)).toBe(false);
    expect(evaluate(rule("dnc", "eq", false), doc, schema)).toBe(true);
    expect(evaluate(rule("firstName", "beginsWith", "MARY"), doc, schema)).toBe(true);
    expect(evaluate(rule("firstName", "endsWith", "ann"), doc, schema)).toBe(true);
    expect(evaluate(rule("firstName", "contains", "y-a"), doc, schema)).toBe(true);
    expect(evaluate(rule("zip", "eq", null), doc, schema)).toBe(true);
    expect(evaluate(rule("zip", "ne", "80202"), doc, schema)).toBe(true);
    expect(evaluate(rule("zip", "gt", "1"), doc, schema)).toBe(false);
  });
});
