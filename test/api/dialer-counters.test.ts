import { describe, expect, it } from "vitest";
import { addCounters, readCounters, readHours } from "../../packages/core/src/dialer/counters.ts";
import { asTenant } from "../support/core-env.ts";

describe("list counters (sharded, summed on read)", () => {
  it("adds deltas over shards and reads their sums; hours by bucket", async () => {
    const key = { tenant: `t-${Date.now()}`, campaignId: "c1" };
    await asTenant(key.tenant, async () => {
      for (let i = 0; i < 5; i++)
        await addCounters(key, { s1: { fresh: 10, completed: 0 }, s2: { retry: 2 } });
      await addCounters(key, { s1: { fresh: -3, inDialer: 3 } }, [
        { segmentId: "s1", kind: "retry", hour: 100, delta: 2 },
        { segmentId: "s1", kind: "retry", hour: 100, delta: -1 },
        { segmentId: "s1", kind: "retry", hour: 101, delta: 4 },
      ]);
      const counts = await readCounters(key);
      expect(counts.get("s1")).toMatchObject({ fresh: 47, inDialer: 3, retry: 0 });
      expect(counts.get("s2")).toMatchObject({ retry: 10 });
      expect([...(await readHours({ ...key, segmentId: "s1", kind: "retry" }, 101))]).toEqual([[101, 4]]);
      expect([...(await readHours({ ...key, segmentId: "s1", kind: "retry" }, 0))]).toEqual([
        [100, 1],
        [101, 4],
      ]);
    });
  });
});
