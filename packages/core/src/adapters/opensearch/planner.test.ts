import { describe, expect, it } from "vitest";
import { encodeOffsetCursor } from "../../search/cursor.ts";
import type { SearchRequest } from "../../search/port.ts";
import { activityPlan, contactPlan, pageOf, sortClause } from "./planner.ts";

const request: SearchRequest = {
  query: { type: "text", words: ["smith"], prefix: false },
  sort: [{ field: "lastName", direction: "desc" }],
  limit: 25,
};

describe("OpenSearch planner", () => {
  it("asks for the first page: the tenant's filter, an exact total and only the ids", () => {
    const { from, body } = contactPlan("acme", request);
    expect(from).toBe(0);
    expect(body).toEqual({
      query: {
        bool: {
          filter: [
            { term: { tenant: "acme" } },
            { multi_match: { query: "smith", type: "phrase", fields: expect.arrayContaining(["lastName"]) } },
          ],
        },
      },
      sort: [
        { "lastName.lc": { order: "desc", missing: "_last", unmapped_type: "keyword" } },
        { id: "desc" },
      ],
      from: 0,
      size: 25,
      track_total_hits: true,
      _source: false,
      fields: ["id"],
    });
  });

  it("asks for a cursor's page with the same body, from the cursor's offset", () => {
    const first = contactPlan("acme", request);
    const later = contactPlan("acme", { ...request, cursor: encodeOffsetCursor(50) });
    expect(later.from).toBe(50);
    expect(later.body).toEqual({ ...first.body, from: 50 });
  });

  it("refuses a cursor it did not give", () => {
    expect(() => contactPlan("acme", { ...request, cursor: "nope" })).toThrow("The cursor is not valid.");
  });

  it("breaks ties by id in the last key's direction, ascending when unsorted", () => {
    const sortOf = (sort: SearchRequest["sort"]) => contactPlan("acme", { ...request, sort }).body.sort;
    expect(sortOf([])).toEqual([{ id: "asc" }]);
    expect(
      sortOf([
        { field: "city", direction: "desc" },
        { field: "createdAt", direction: "asc" },
      ]),
    ).toEqual([
      { "city.lc": { order: "desc", missing: "_last", unmapped_type: "keyword" } },
      { createdAt: { order: "asc", missing: "_first", unmapped_type: "keyword" } },
      { id: "asc" },
    ]);
  });

  it("sorts text by its lower-case keyword and custom numbers by their value, missing first ascending", () => {
    const types = { "custom:balance": "number", "custom:region": "text" };
    expect(sortClause({ field: "custom:region", direction: "desc" }, types)).toEqual({
      "custom__region.lc": { order: "desc", missing: "_last", unmapped_type: "keyword" },
    });
    expect(sortClause({ field: "custom:balance", direction: "asc" }, types)).toEqual({
      custom__balance: { order: "asc", missing: "_first", unmapped_type: "keyword" },
    });
  });

  it("lists activity newest first, ties by id, with the same body as the contact list", () => {
    const filter = { contactId: "c1", limit: 10 };
    const first = activityPlan("acme", filter);
    expect(first).toEqual({
      from: 0,
      body: {
        query: { bool: { filter: [{ term: { tenant: "acme" } }, { term: { activityLogContactId: "c1" } }] } },
        sort: [{ timestamp: "desc" }, { id: "desc" }],
        from: 0,
        size: 10,
        track_total_hits: true,
        _source: false,
        fields: ["id"],
      },
    });
    const later = activityPlan("acme", { ...filter, cursor: encodeOffsetCursor(10) });
    expect(later).toEqual({ from: 10, body: { ...first.body, from: 10 } });
  });

  it("reads the page's ids and total, with a cursor to the next offset while more remain", () => {
    const hits = (ids: string[], total: number | { value: number }) => ({
      hits: ids.map((id) => ({ fields: { id: [id] } })),
      total,
    });
    expect(pageOf(hits(["a", "b"], { value: 5 }), 0)).toEqual({
      ids: ["a", "b"],
      total: 5,
      nextCursor: encodeOffsetCursor(2),
    });
    expect(pageOf(hits(["e"], 5), 4)).toEqual({ ids: ["e"], total: 5, nextCursor: null });
    expect(pageOf({ hits: [] }, 0)).toEqual({ ids: [], total: 0, nextCursor: null });
  });
});
