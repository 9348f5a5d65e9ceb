import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { boundedArray, freeRecord, type JsonLimits, withinLimits } from "./bounds.ts";

describe("boundedArray", () => {
  it("refuses an oversized array before validating a single item", () => {
    let validated = 0;
    const item = v.pipe(
      v.unknown(),
      v.check(() => ++validated > 0, "never"),
    );
    const result = v.safeParse(boundedArray(item, 50, "At most 50."), Array(50_000).fill({}));
    expect(result.issues?.map((i) => i.message)).toEqual(["At most 50."]);
    expect(validated).toBe(0);
  });

  it("validates the items of an array within the bound, with their paths", () => {
    const schema = boundedArray(v.string("text"), 3, "At most 3.");
    expect(v.safeParse(schema, ["a", "b"]).success).toBe(true);
    const result = v.safeParse(schema, ["a", 1]);
    expect(result.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([["1", "text"]]);
  });
});

describe("freeRecord", () => {
  const schema = freeRecord({ entries: 3, text: 20, depth: 2, nodes: 10 }, "Too big.");

  it("keeps keys that v.record leaves out, as own keys of a plain object", () => {
    const result = v.safeParse(schema, JSON.parse('{"__proto__": {"x": 1}, "constructor": 2}'));
    expect(result.success).toBe(true);
    const output = result.output as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("refuses arrays and values over the limits with its one message", () => {
    for (const input of [[1], { a: { b: { c: 1 } } }, { a: 1, b: 2, c: 3, d: 4 }, { a: "x".repeat(21) }])
      expect(v.safeParse(schema, input).issues?.map((i) => i.message)).toEqual(["Too big."]);
  });
});

/** The limits measured by recursion, the obvious way, to hold the iterative walk to. */
function reference(value: unknown, limits: JsonLimits) {
  let nodes = 0;
  let ok = true;
  const walk = (node: unknown, depth: number) => {
    nodes++;
    if (typeof node === "string") ok &&= node.length <= limits.text;
    else if (typeof node === "number")
      ok &&=
        Number.isFinite(node) && (node === 0 || (Math.abs(node) <= 2 ** 53 - 1 && Math.abs(node) >= 1e-100));
    else if (typeof node === "object" && node !== null) {
      const keys = Object.keys(node);
      ok &&=
        depth < limits.depth && keys.length <= limits.entries && keys.every((k) => k.length <= limits.text);
      for (const k of keys) walk((node as Record<string, unknown>)[k], depth + 1);
    }
  };
  walk(value, 0);
  return ok && nodes <= limits.nodes;
}

it("withinLimits agrees with a recursive measure on any JSON", () => {
  const limits = { entries: 4, text: 6, depth: 3, nodes: 25 };
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
      expect(withinLimits(value, limits)).toBe(reference(value, limits));
    }),
    { numRuns: 500 },
  );
});

it("withinLimits walks 100,000 levels without recursion", () => {
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  expect(withinLimits(deep, { entries: 10, text: 10, depth: 10, nodes: 1_000_000 })).toBe(false);
});
