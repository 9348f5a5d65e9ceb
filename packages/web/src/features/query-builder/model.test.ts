import type { Group } from "@reachcx/core/search/ast";
import { describe, expect, it } from "vitest";
import {
  countRules,
  customFieldDefs,
  newGroup,
  newRule,
  operatorsFor,
  QUERY_FIELDS,
  updateAt,
} from "./model.ts";

const state = QUERY_FIELDS.find((f) => f.value === "state");
const zip = QUERY_FIELDS.find((f) => f.value === "zip");
if (!state || !zip) throw new Error("fields missing");

describe("the query builder's model", () => {
  const tree: Group = newGroup([newRule(state), newGroup([newRule(zip), newRule(zip)])]);

  it("edits, removes and counts nodes by their path", () => {
    const edited = updateAt(tree, [1, 0], (n) => ({ ...(n as ReturnType<typeof newRule>), value: "75" }));
    expect(edited.rules[1]).toMatchObject({
      rules: [
        { field: "zip", value: "75" },
        { field: "zip", value: null },
      ],
    });
    expect(tree.rules[1]).toMatchObject({ rules: [{ value: null }, { value: null }] });
    const removed = updateAt(tree, [1, 1], () => null);
    expect(countRules(removed)).toBe(2);
    expect(countRules(updateAt(tree, [1], () => null))).toBe(1);
    expect(countRules(newGroup([newGroup()]))).toBe(0);
  });

  it("offers the spec's wildcard operators on text only, eq/ne for lists and booleans", () => {
    expect(operatorsFor("text")).toContain("beginsWith");
    expect(operatorsFor("number")).not.toContain("contains");
    expect(operatorsFor("state")).toEqual(["eq", "ne"]);
    expect(operatorsFor("boolean")).toEqual(["eq", "ne"]);
  });

  it("types custom fields as the query model does", () => {
    expect(
      customFieldDefs([
        { name: "balance", displayName: "Balance", type: "Number" },
        { name: "due", displayName: "Due", type: "DateTime" },
        { name: "vip", displayName: "VIP", type: "Boolean" },
        { name: "ref", displayName: "Ref", type: "Phone" },
      ]).map((f) => [f.value, f.kind]),
    ).toEqual([
      ["custom:balance", "number"],
      ["custom:due", "epochDate"],
      ["custom:vip", "boolean"],
      ["custom:ref", "text"],
    ]);
  });
});
