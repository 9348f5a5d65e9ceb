import { describe, expect, it } from "vitest";
import { blobKey, isBlobKey } from "./key.ts";

describe("blob keys", () => {
  it("are relative paths of plain segments", () => {
    for (const key of ["a", "add-ons/reachcx-dialer-crm-solution.zip", "x/y/z_1.2-3", "..a/b..", "a/.hidden"])
      expect(isBlobKey(key), key).toBe(true);
  });

  it("refuse anything that could leave a directory or be read two ways", () => {
    for (const key of [
      "",
      "/abs",
      "a/",
      "a//b",
      ".",
      "..",
      "a/../b",
      "a/./b",
      "a\\b",
      "a b",
      "a%2fb",
      "é",
      "a/b/c/d/e/f/g/h/i",
      "x".repeat(129),
    ])
      expect(isBlobKey(key), JSON.stringify(key)).toBe(false);
    expect(() => blobKey("../keys.json")).toThrow('Not a blob key: "../keys.json"');
  });
});
