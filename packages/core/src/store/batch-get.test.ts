import { afterEach, describe, expect, it, vi } from "vitest";
import { getAll } from "./batch-get.ts";

/** A BatchGetItem stand-in: answers the keys it holds, and leaves the first `skip` calls' last key unread. */
function reader(held: Map<number, string>, skip: number) {
  const calls: number[][] = [];
  const read = async (keys: number[]) => {
    calls.push(keys);
    const unread = calls.length <= skip ? keys.slice(-1) : [];
    const data = keys.filter((k) => !unread.includes(k) && held.has(k)).map((k) => held.get(k) as string);
    return { data, unprocessed: unread };
  };
  return { read, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("getAll", () => {
  it("asks again for what a call leaves unprocessed, and answers only what exists", async () => {
    vi.useFakeTimers();
    const held = new Map([
      [1, "one"],
      [2, "two"],
      [4, "four"],
    ]);
    const { read, calls } = reader(held, 2);
    const answer = getAll(read, [1, 2, 3, 4], "test");
    await vi.runAllTimersAsync();
    expect((await answer).sort()).toEqual(["four", "one", "two"]);
    // The first call read 1-3, the next asked for 4 alone and left it again, the third got it.
    expect(calls).toEqual([[1, 2, 3, 4], [4], [4]]);
  });

  it("gives up with the reader's name rather than take an unread key for a missing one", async () => {
    vi.useFakeTimers();
    const { read, calls } = reader(new Map([[1, "one"]]), Number.POSITIVE_INFINITY);
    const answer = getAll(read, [1, 2], "dispense paces");
    const failed = expect(answer).rejects.toThrow("dispense paces: items left unread after retries");
    await vi.runAllTimersAsync();
    await failed;
    expect(calls).toHaveLength(8);
  });

  it("reads nothing for no keys", async () => {
    const { read, calls } = reader(new Map(), 0);
    expect(await getAll(read, [], "test")).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});
