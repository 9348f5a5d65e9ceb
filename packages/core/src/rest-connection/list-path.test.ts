import { JSONPath } from "jsonpath-plus";
import { describe, expect, it } from "vitest";
import { listPathProblem, readListPath } from "./list-path.ts";

const body = {
  contacts: [{ a: 1 }, { a: 2 }],
  data: [{ person: { a: 3 } }, { person: { a: 4 } }, { other: 1 }],
  one: [{ person: { a: 5 } }],
  nested: { deep: { contacts: [{ a: 6 }] } },
  "odd key": [[1], [2, 3]],
  pages: [{ items: [1, 2] }, { items: [3] }],
  results: [{ active: true }, { active: false }],
  object: { a: 1 },
};

describe("readListPath", () => {
  it("reads a plain path, by dots or brackets, and an index", () => {
    expect(readListPath(body, "$.contacts")).toEqual({ ok: true, items: [{ a: 1 }, { a: 2 }] });
    expect(readListPath(body, "$['contacts']")).toEqual({ ok: true, items: [{ a: 1 }, { a: 2 }] });
    expect(readListPath(body, '$.nested["deep"].contacts')).toEqual({ ok: true, items: [{ a: 6 }] });
    expect(readListPath(body, "$['odd key'][1]")).toEqual({ ok: true, items: [2, 3] });
    expect(readListPath([1, 2], "$")).toEqual({ ok: true, items: [1, 2] });
    expect(readListPath(body, "  $.contacts ")).toEqual({ ok: true, items: [{ a: 1 }, { a: 2 }] });
  });

  it("takes every match of a wildcard as a contact, a list among them giving its elements", () => {
    expect(readListPath(body, "$.data[*].person")).toEqual({ ok: true, items: [{ a: 3 }, { a: 4 }] });
    // One match under a wildcard is one contact, not "a value that is not a list".
    expect(readListPath(body, "$.one[*].person")).toEqual({ ok: true, items: [{ a: 5 }] });
    expect(readListPath(body, "$.contacts[*]")).toEqual({ ok: true, items: [{ a: 1 }, { a: 2 }] });
    expect(readListPath(body, "$.contacts.*")).toEqual({ ok: true, items: [{ a: 1 }, { a: 2 }] });
    expect(readListPath(body, "$.pages[*].items")).toEqual({ ok: true, items: [1, 2, 3] });
    expect(readListPath(body, "$.pages[*].items[*]")).toEqual({ ok: true, items: [1, 2, 3] });
  });

  it("reads recursive descent, slices and unions", () => {
    expect(readListPath(body, "$..contacts")).toEqual({ ok: true, items: [{ a: 1 }, { a: 2 }, { a: 6 }] });
    expect(readListPath(body, "$.nested..contacts")).toEqual({ ok: true, items: [{ a: 6 }] });
    expect(readListPath(body, "$..person")).toEqual({ ok: true, items: [{ a: 3 }, { a: 4 }, { a: 5 }] });
    expect(readListPath(body, "$.data[0:2]")).toEqual({
      ok: true,
      items: [{ person: { a: 3 } }, { person: { a: 4 } }],
    });
    expect(readListPath(body, "$.data[-1:]")).toEqual({ ok: true, items: [{ other: 1 }] });
    expect(readListPath(body, "$.data[::2]")).toEqual({
      ok: true,
      items: [{ person: { a: 3 } }, { other: 1 }],
    });
    expect(readListPath(body, "$.data[0,2]")).toEqual({
      ok: true,
      items: [{ person: { a: 3 } }, { other: 1 }],
    });
  });

  it("says why there is no list", () => {
    expect(readListPath(body, "$.missing")).toEqual({ ok: false, reason: "missing" });
    expect(readListPath(body, "$.contacts[9]")).toEqual({ ok: false, reason: "missing" });
    expect(readListPath(body, "$.data[*].nobody")).toEqual({ ok: false, reason: "missing" });
    expect(readListPath(body, "$..nobody")).toEqual({ ok: false, reason: "missing" });
    expect(readListPath({ constructor: [] }, "$.toString")).toEqual({ ok: false, reason: "missing" });
    expect(readListPath("text", "$.contacts")).toEqual({ ok: false, reason: "missing" });
    expect(readListPath(body, "$.object")).toEqual({ ok: false, reason: "not_a_list" });
    expect(readListPath(body, "$.contacts[0]")).toEqual({ ok: false, reason: "not_a_list" });
    expect(readListPath(body, "contacts")).toEqual({ ok: false, reason: "no_path" });
    expect(readListPath(body, "$.results[?(@.active)]")).toEqual({ ok: false, reason: "no_path" });
  });
});

describe("listPathProblem", () => {
  it("reads the JSONPath features the product supports", () => {
    for (const path of [
      "$",
      "$.contacts",
      "$.data.people",
      "$['odd key']",
      '$["a.b"]',
      "$.data[0]",
      "$.data[*].person",
      "$.data.*",
      "$..contacts",
      "$..*",
      "$..[0]",
      "$.data[1:3]",
      "$.data[:2]",
      "$.data[-2:]",
      "$.data[::2]",
      "$.data[0,2,4]",
      "$.$ref",
      "$.é",
    ])
      expect([path, listPathProblem(path)]).toEqual([path, null]);
  });

  it("refuses filters and scripts, which jsonpath-plus will not run with eval off", () => {
    for (const path of [
      "$.results[?(@.active)]",
      "$..[?(@.x > 1)]",
      "$.data[(@.length-1)]",
      "$.results[ ?(1)]",
    ])
      expect([path, listPathProblem(path)]).toEqual([path, "script"]);
    // What the refusal protects: the evaluation throws once there is something to filter.
    expect(() => JSONPath({ path: "$.results[?(@.active)]", json: body, eval: false })).toThrow(/prevented/);
  });

  it("refuses a path not from $, an unclosed bracket, and what jsonpath-plus reads otherwise than written", () => {
    for (const path of [
      "",
      "contacts",
      "@.contacts",
      "$.",
      "$..",
      "$.contacts[",
      "$['contacts'",
      "$.contacts[-1]",
      "$.contacts[01]",
      "$.contacts[ 0 ]",
      "$.contacts[0, 1]",
      "$.data[::-1]",
      "$['a','b']",
      "$['a,b']",
      "$['a:b']",
      "$['it\\'s']",
      "$['*']",
      "$['a^b']",
      "$.contacts^",
      "$.contacts~",
      "$.*~",
      "$..@string()",
      "$.`contacts",
      "$ .contacts",
      "$.$",
      "$.contacts(",
    ])
      expect([path, listPathProblem(path)]).toEqual([path, "not_a_path"]);
  });
});
