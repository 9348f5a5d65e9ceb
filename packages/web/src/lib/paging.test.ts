import { describe, expect, it } from "vitest";
import { type PageWalk, urlPages } from "./paging.tsx";

/** Drives urlPages as a route would: each navigate applies its search update to the current search. */
function walker(start: PageWalk & { phone?: string }) {
  let search = start;
  const navigate = ({ search: update }: { search: (s: typeof search) => typeof search }) => {
    search = update(search);
  };
  return { pages: () => urlPages(search, navigate), search: () => search };
}

describe("urlPages", () => {
  it("walks forward and back in the URL, keeping the screen's other search params", () => {
    const w = walker({ phone: "720" });
    expect(w.pages().page).toBe(0);
    w.pages().next("c1");
    w.pages().next("c2");
    expect(w.search()).toEqual({ phone: "720", cursors: ["c1", "c2"], page: 3 });
    expect(w.pages()).toMatchObject({ page: 2, cursor: "c2" });
    w.pages().previous();
    expect(w.search()).toEqual({ phone: "720", cursors: ["c1"], page: 2 });
    w.pages().previous();
    expect(w.search()).toEqual({ phone: "720", cursors: undefined, page: undefined });
    expect(w.pages()).toMatchObject({ page: 0, cursor: undefined });
  });
});
