import { describe, expect, it } from "vitest";
import { parseSearch } from "../search/parse.ts";
import { activityFilter, activityIndex, compileQuery, contactIndex, sortClause } from "./opensearch.ts";

/** The DSL the OpenSearch adapter sends; its answers are held to the evaluator by test/conformance when OPENSEARCH_URL is set. */
describe("OpenSearch query compiler", () => {
  it("turns search-box terms into per-field phrase queries and negation into must_not", () => {
    expect(compileQuery(parseSearch('"mary ann" -smi*') as never, {})).toEqual({
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
    expect(compileQuery({ type: "rule", field: "zip", operator: "eq", value: null }, {})).toEqual({
      bool: { must_not: [{ exists: { field: "zip.lc" } }] },
    });
  });

  it("maps every text field with a lower-case keyword subfield and dates as epoch numbers", () => {
    const mappings = contactIndex().mappings.properties as Record<string, any>;
    expect(mappings.lastName.fields.lc.normalizer).toBe("lc");
    expect(mappings.createdAt.type).toBe("long");
    expect(mappings.tenant.type).toBe("keyword");
  });
});

describe("OpenSearch activity index", () => {
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

  it("maps what lists filter on as keywords and keeps metaData unindexed", () => {
    const { properties } = activityIndex().mappings;
    expect(properties.tenant).toEqual({ type: "keyword" });
    expect(properties.activityLogContactId).toEqual({ type: "keyword" });
    expect(properties.timestamp).toEqual({ type: "date" });
    expect(properties.metaData).toEqual({ type: "text", index: false });
  });

  it("sorts text by its lower-case keyword and custom numbers by their value, missing first ascending", () => {
    const types = { "custom:balance": "number", "custom:region": "text" };
    expect(sortClause({ field: "city", direction: "asc" }, types)).toEqual({
      "city.lc": { order: "asc", missing: "_first", unmapped_type: "keyword" },
    });
    expect(sortClause({ field: "custom:region", direction: "desc" }, types)).toEqual({
      "custom__region.lc": { order: "desc", missing: "_last", unmapped_type: "keyword" },
    });
    expect(sortClause({ field: "custom:balance", direction: "desc" }, types)).toEqual({
      custom__balance: { order: "desc", missing: "_last", unmapped_type: "keyword" },
    });
    expect(sortClause({ field: "createdAt", direction: "asc" }, types)).toEqual({
      createdAt: { order: "asc", missing: "_first", unmapped_type: "keyword" },
    });
  });
});
