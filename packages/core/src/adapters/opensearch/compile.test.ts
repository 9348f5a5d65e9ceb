import { describe, expect, it } from "vitest";
import type { Node } from "../../search/ast.ts";
import { parseSearch } from "../../search/parse.ts";
import { activityFilter, compileQuery, contactFilter } from "./compile.ts";

const parsed = (text: string): Node => {
  const node = parseSearch(text);
  if (!node) throw new Error(`nothing to search in ${text}`);
  return node;
};

/** The DSL the OpenSearch adapter sends; its answers are held to the evaluator by test/conformance when OPENSEARCH_URL is set. */
describe("OpenSearch query compiler", () => {
  it("turns search-box terms into per-field phrase queries and negation into must_not", () => {
    expect(compileQuery(parsed('"mary ann" -smi*'), {})).toEqual({
      bool: {
        filter: [
          {
            multi_match: {
              query: "mary ann",
              type: "phrase",
              fields: expect.arrayContaining(["firstName", "lastName", "email"]),
            },
          },
          {
            bool: {
              must_not: [
                {
                  bool: {
                    filter: [
                      {
                        multi_match: {
                          query: "smi",
                          type: "phrase_prefix",
                          max_expansions: 10_000,
                          fields: expect.arrayContaining(["lastName"]),
                        },
                      },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    });
  });

  it("compares text on the lower-case keyword subfield and custom numbers as numbers", () => {
    expect(compileQuery({ type: "rule", field: "city", operator: "eq", value: "Denver" }, {})).toEqual({
      term: { "city.lc": "denver" },
    });
    expect(
      compileQuery(
        { type: "rule", field: "custom:balance", operator: "gte", value: "10" },
        { "custom:balance": "number" },
      ),
    ).toEqual({
      range: { custom__balance: { gte: 10 } },
    });
    expect(compileQuery({ type: "rule", field: "email", operator: "contains", value: "a*b" }, {})).toEqual({
      wildcard: { "email.lc": { value: "*a\\*b*" } },
    });
    expect(
      compileQuery({ type: "rule", field: "createdAt", operator: "lt", value: "2026-01-01" }, {}),
    ).toEqual({
      range: { createdAt: { lt: Date.parse("2026-01-01") } },
    });
    expect(compileQuery({ type: "rule", field: "zip", operator: "eq", value: null }, {})).toEqual({
      bool: { must_not: [{ exists: { field: "zip.lc" } }] },
    });
  });

  it("puts the tenant first in every contact filter, then the compiled query", () => {
    expect(contactFilter("acme", { query: null, sort: [], limit: 10 })).toEqual([
      { term: { tenant: "acme" } },
    ]);
    expect(
      contactFilter("acme", {
        query: { type: "rule", field: "custom:vip", operator: "eq", value: "true" },
        sort: [],
        limit: 10,
        types: { "custom:vip": "boolean" },
      }),
    ).toEqual([{ term: { tenant: "acme" } }, { term: { custom__vip: true } }]);
  });
});

describe("OpenSearch activity filter", () => {
  it("always filters by tenant, then by contact, type and time window", () => {
    expect(activityFilter("acme", { limit: 5 })).toEqual([{ term: { tenant: "acme" } }]);
    expect(
      activityFilter("acme", {
        contactId: "c1",
        type: "Dial",
        from: "2026-01-01",
        to: "2026-02-01",
        limit: 5,
      }),
    ).toEqual([
      { term: { tenant: "acme" } },
      { term: { activityLogContactId: "c1" } },
      { term: { type: "Dial" } },
      { range: { timestamp: { gte: "2026-01-01", lt: "2026-02-01" } } },
    ]);
  });
});
