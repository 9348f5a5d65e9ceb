import { parseSearch } from "@reachcx/core/search/parse";
import { describe, expect, it } from "vitest";
import { toFts } from "./compile.ts";

const fts = (text: string) => toFts(parseSearch(text) as NonNullable<ReturnType<typeof parseSearch>>);

describe("toFts", () => {
  it("writes terms as quoted phrases, prefixes with *", () => {
    expect(fts("smith")).toEqual({ match: '"smith"', negated: false });
    expect(fts('"sunset blvd"')).toEqual({ match: '"sunset blvd"', negated: false });
    expect(fts("den*")).toEqual({ match: '"den"*', negated: false });
    expect(fts("303-555-1234")).toEqual({ match: '"303 555 1234"', negated: false });
  });

  it("keeps AND and OR, and turns negations into NOT or a complement", () => {
    expect(fts("mary + denver")).toEqual({ match: '("mary") AND ("denver")', negated: false });
    expect(fts("mary | denver")).toEqual({ match: '("mary") OR ("denver")', negated: false });
    expect(fts("mary -smith")).toEqual({ match: '("mary") NOT ("smith")', negated: false });
    expect(fts("(boston | miami) -smith")).toEqual({
      match: '(("boston") OR ("miami")) NOT ("smith")',
      negated: false,
    });
    expect(fts("-smith")).toEqual({ match: '"smith"', negated: true });
    expect(fts("-smith -jones")).toEqual({ match: '("smith") OR ("jones")', negated: true });
    expect(fts("mary | -smith")).toEqual({ match: '("smith") NOT ("mary")', negated: true });
    expect(fts("-(mary | -smith)")).toEqual({ match: '("smith") NOT ("mary")', negated: false });
  });

  it("leaves field rules and empty groups to SQL", () => {
    expect(toFts({ type: "rule", field: "city", operator: "eq", value: "Denver" })).toBeNull();
    expect(toFts({ type: "group", combinator: "and", not: false, rules: [] })).toBeNull();
    expect(
      toFts({
        type: "group",
        combinator: "and",
        not: false,
        rules: [
          { type: "text", words: ["mary"], prefix: false },
          { type: "rule", field: "city", operator: "eq", value: "Denver" },
        ],
      }),
    ).toBeNull();
  });
});
