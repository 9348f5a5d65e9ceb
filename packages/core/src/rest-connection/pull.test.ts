import { describe, expect, it } from "vitest";
import { nextLink, phoneKey } from "./pull.ts";

describe("nextLink", () => {
  const base = "https://api.example.com/v1/contacts?page=1";
  it("reads an RFC 8288 Link header first, resolved against the page", () => {
    expect(
      nextLink(
        {
          link: '<https://api.example.com/v1/contacts?page=1>; rel="prev", </v1/contacts?page=3>; rel="next"',
        },
        {},
        base,
      ),
    ).toBe("https://api.example.com/v1/contacts?page=3");
  });
  it("then the usual places in the body", () => {
    expect(nextLink({}, { next: "?page=2" }, base)).toBe("https://api.example.com/v1/contacts?page=2");
    expect(nextLink({}, { links: { next: "/v1/c?o=2" } }, base)).toBe("https://api.example.com/v1/c?o=2");
    expect(nextLink({}, { _links: { next: { href: "https://api.example.com/x" } } }, base)).toBe(
      "https://api.example.com/x",
    );
    expect(nextLink({}, { next: null, paging: {} }, base)).toBeUndefined();
  });
});

describe("phoneKey", () => {
  it("compares the digits, without a North American leading 1", () => {
    expect(phoneKey("(303) 555-0100")).toBe("3035550100");
    expect(phoneKey("+1 303 555 0100")).toBe("3035550100");
  });
});
