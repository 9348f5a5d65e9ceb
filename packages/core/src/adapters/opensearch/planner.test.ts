import { describe, expect, it } from "vitest";
import { ACTIVITY_ORDER, encodeKeysetCursor, sortOrder } from "../../search/cursor.ts";
import type { SearchRequest } from "../../search/port.ts";
import { activityPlan, contactPlan, pageOf, sortClause } from "./planner.ts";

const request: SearchRequest = {
  query: { type: "text", words: ["smith"], prefix: false },
  sort: [{ field: "lastName", direction: "desc" }],
  limit: 25,
};

describe("OpenSearch planner", () => {
  it("asks for the first page: the tenant's filter, an exact total and only the ids", () => {
    const { position, body } = contactPlan("acme", request);
    expect(position).toBe(0);
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
      size: 25,
      track_total_hits: true,
      _source: false,
      fields: ["id"],
    });
  });

  it("asks for a cursor's page with the same body, search_after the cursor's sort values", () => {
    const first = contactPlan("acme", request);
    const cursor = encodeKeysetCursor(sortOrder(request.sort), { after: ["smith", "c42"], position: 50 });
    const later = contactPlan("acme", { ...request, cursor });
    expect(later.position).toBe(50);
    expect(later.body).toEqual({ ...first.body, search_after: ["smith", "c42"] });
  });

  it("refuses a cursor it did not give, or one of another order", () => {
    const bad = (cursor: string) => () => contactPlan("acme", { ...request, cursor });
    expect(bad("nope")).toThrow("The cursor is not valid.");
    const ofCity = encodeKeysetCursor(sortOrder([{ field: "city", direction: "desc" }]), {
      after: ["denver", "c1"],
      position: 10,
    });
    expect(bad(ofCity)).toThrow("The cursor is not valid.");
    const order = sortOrder(request.sort);
    expect(bad(encodeKeysetCursor(order, { after: ["smith"], position: 1 }))).toThrow(
      "The cursor is not valid.",
    );
    expect(bad(encodeKeysetCursor(order, { after: ["smith", 42], position: 1 }))).toThrow(
      "The cursor is not valid.",
    );
    expect(bad(encodeKeysetCursor(order, { after: ["smith", "c1"], position: -1 }))).toThrow(
      "The cursor is not valid.",
    );
    const nested = Buffer.from(JSON.stringify({ s: "x", a: [{}, "c1"], p: 1 })).toString("base64url");
    expect(bad(nested)).toThrow("The cursor is not valid.");
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
      order: ACTIVITY_ORDER,
      position: 0,
      body: {
        query: { bool: { filter: [{ term: { tenant: "acme" } }, { term: { activityLogContactId: "c1" } }] } },
        sort: [{ timestamp: "desc" }, { id: "desc" }],
        size: 10,
        track_total_hits: true,
        _source: false,
        fields: ["id"],
      },
    });
    const cursor = encodeKeysetCursor(ACTIVITY_ORDER, { after: [1767225600000, "a9"], position: 10 });
    const later = activityPlan("acme", { ...filter, cursor });
    expect(later).toEqual({
      ...first,
      position: 10,
      body: { ...first.body, search_after: [1767225600000, "a9"] },
    });
  });

  it("reads the page's ids and total, with a cursor after the last hit's sort values while more remain", () => {
    const hits = (ids: string[], total: number | { value: number }) => ({
      hits: ids.map((id) => ({ fields: { id: [id] }, sort: [`${id}-name`, id] })),
      total,
    });
    const order = sortOrder(request.sort);
    expect(pageOf(hits(["a", "b"], { value: 5 }), { order, position: 0 })).toEqual({
      ids: ["a", "b"],
      total: 5,
      nextCursor: encodeKeysetCursor(order, { after: ["b-name", "b"], position: 2 }),
    });
    expect(pageOf(hits(["e"], 5), { order, position: 4 })).toEqual({
      ids: ["e"],
      total: 5,
      nextCursor: null,
    });
    expect(pageOf({ hits: [] }, { order, position: 0 })).toEqual({ ids: [], total: 0, nextCursor: null });
  });
});
