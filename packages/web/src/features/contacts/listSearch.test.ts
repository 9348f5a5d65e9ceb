import { describe, expect, it } from "vitest";
import { MAX_WALK, walkNext, walkPrevious } from "../../lib/paging.tsx";
import { contactListSearch, nextSort } from "./listSearch.ts";

describe("contact list search params", () => {
  it("keeps what fits and drops what does not, so an edited link still opens the list", () => {
    expect(contactListSearch({ q: "smith*", sort: "lastName:desc", cursors: ["c1", "c2"], page: 3 })).toEqual(
      {
        q: "smith*",
        sort: "lastName:desc",
        cursors: ["c1", "c2"],
        page: 3,
      },
    );
    expect(contactListSearch({ q: "  ", sort: "lastName:sideways", cursors: "c1", page: "x" })).toEqual({});
    expect(contactListSearch({ q: 42, sort: "custom:vip:asc", cursors: [1, "", "c1"] })).toEqual({
      sort: "custom:vip:asc",
      cursors: ["c1"],
      page: 2,
    });
    expect(contactListSearch({ q: "x".repeat(600) }).q).toHaveLength(500);
  });

  it("never shows a page number smaller than the walk behind it", () => {
    expect(contactListSearch({ cursors: ["a", "b"], page: 1 }).page).toBe(3);
    expect(contactListSearch({ page: 7 })).toEqual({});
  });

  it("sorts ascending, then descending, then not at all", () => {
    expect(nextSort(undefined, "city")).toBe("city:asc");
    expect(nextSort("city:asc", "city")).toBe("city:desc");
    expect(nextSort("city:desc", "city")).toBeUndefined();
    expect(nextSort("city:desc", "zip")).toBe("zip:asc");
  });
});

describe("the page walk", () => {
  it("goes forward and back through the cursors, and back to the first page", () => {
    const second = walkNext({}, "c1");
    const third = walkNext(second, "c2");
    expect(third).toEqual({ cursors: ["c1", "c2"], page: 3 });
    expect(walkPrevious(third)).toEqual(second);
    expect(walkPrevious(second)).toEqual({});
  });

  it("keeps the newest cursors of a long walk, and its page number", () => {
    let walk = {};
    for (let i = 1; i <= MAX_WALK + 5; i++) walk = walkNext(walk, `c${i}`);
    expect(walk).toMatchObject({ page: MAX_WALK + 6 });
    const { cursors } = walk as { cursors: string[] };
    expect(cursors).toHaveLength(MAX_WALK);
    expect(cursors.at(-1)).toBe(`c${MAX_WALK + 5}`);
  });
});
