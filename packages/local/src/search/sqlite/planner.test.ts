import { group, type Node, type Operator } from "@reachcx/core/search/ast";
import type Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openLayout } from "./layout.ts";
import { countSql, filterIndex } from "./planner.ts";

const rule = (field: string, operator: Operator, value: string | number | boolean | null): Node => ({
  type: "rule",
  field,
  operator,
  value,
});
const types = { "custom:balanceDue": "number", "custom:vip": "boolean" };

// The segment queries (bench/search.ts, bench/segments-http.ts).
const TX = rule("state", "eq", "TX");
const TWO = group("and", [TX, rule("zip", "beginsWith", "7")]);
const THREE = group("and", [TX, rule("zip", "beginsWith", "7"), rule("custom:balanceDue", "gte", 1000)]);
const CITIES = group("and", [
  group("or", [rule("city", "eq", "Denver"), rule("city", "eq", "Boston")]),
  group("and", [rule("lastName", "eq", "Smith")], true),
]);
const FIVE = group("and", [
  TX,
  rule("zip", "beginsWith", "75"),
  group("or", [rule("custom:balanceDue", "gt", 2500), rule("custom:vip", "eq", true)]),
  group("and", [rule("lastName", "eq", "Smith")], true),
]);

describe("rule-query counts", () => {
  const db: Database.Database = openLayout(":memory:");
  afterAll(() => db.close());
  /** What SQLite's EXPLAIN QUERY PLAN says of the count, one line. */
  const plan = (query: Node) => {
    const cx = { params: [] as unknown[], types, range: [0, 0] as const };
    const count = countSql(query, "t", cx);
    return (db.prepare(`EXPLAIN QUERY PLAN ${count}`).all(...cx.params) as { detail: string }[])
      .map((r) => r.detail)
      .join(" | ");
  };

  it("counts the segment groups on a filter index's range, fetching no row", () => {
    expect(plan(TWO)).toBe(
      "SEARCH c USING COVERING INDEX contact_filter_state (tenant=? AND state=? AND zip>? AND zip<?)",
    );
    expect(plan(THREE)).toBe(
      "SEARCH c USING COVERING INDEX contact_filter_state (tenant=? AND state=? AND zip>? AND zip<?)",
    );
    expect(plan(FIVE)).toBe(
      "SEARCH c USING COVERING INDEX contact_filter_state (tenant=? AND state=? AND zip>? AND zip<?)",
    );
    expect(plan(CITIES)).toBe("SEARCH c USING COVERING INDEX contact_filter_city (tenant=? AND city=?)");
  });

  it("leaves the rest to the sort indexes: no range on a leading field, or a field no filter index holds", () => {
    // Negated, a NOT list, an OR across fields: no range on state or city.
    for (const query of [
      group("and", [rule("state", "ne", "TX")]),
      group("or", [rule("state", "eq", "TX"), rule("city", "eq", "Denver")]),
      group("and", [group("or", [rule("state", "eq", "TX"), rule("state", "eq", "CO")], true)]),
      group("and", [rule("firstName", "eq", "Mary"), rule("custom:balanceDue", "gte", 1000)]),
      group("and", [rule("state", "eq", ""), rule("city", "contains", "den")]),
    ])
      expect(filterIndex(query)).toBeNull();
    // email is in no filter index: its rows are fetched.
    expect(filterIndex(group("and", [TX, rule("email", "endsWith", "x.example")]))).toBeNull();
    expect(
      plan(group("and", [rule("firstName", "eq", "Mary"), rule("custom:balanceDue", "gte", 1000)])),
    ).toBe("SEARCH c USING INDEX contact_sort_firstName (tenant=? AND firstName=?)");
  });

  it("counts a negation as the tenant's total less what it negates", () => {
    expect(plan(group("and", [rule("state", "ne", "ZZ")]))).toBe(
      "SEARCH contact_tenant USING INDEX sqlite_autoindex_contact_tenant_1 (tenant=?) | SCALAR SUBQUERY 1 | SEARCH c USING COVERING INDEX contact_sort_state (tenant=? AND state=?)",
    );
    expect(plan(group("and", [CITIES], true))).toContain(
      "COVERING INDEX contact_filter_city (tenant=? AND city=?)",
    );
  });

  it("counts a query of one sorted field on its narrow sort index", () => {
    expect(plan(group("and", [TX]))).toBe(
      "SEARCH c USING COVERING INDEX contact_sort_state (tenant=? AND state=?)",
    );
    expect(plan(CITIES.rules[0] as Node)).toBe(
      "SEARCH c USING COVERING INDEX contact_sort_city (tenant=? AND city=?)",
    );
  });

  it("prefers the city's range when a query holds both to one", () => {
    expect(filterIndex(group("and", [TX, rule("city", "eq", "Austin"), rule("dnc", "eq", false)]))).toBe(
      "contact_filter_city",
    );
    expect(filterIndex(group("and", [group("and", [TX]), rule("status", "eq", "new")]))).toBe(
      "contact_filter_state",
    );
  });
});
