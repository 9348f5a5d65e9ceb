import { describe, expect, it } from "vitest";
import { claimBlock } from "../../packages/core/src/dialer/block.ts";
import { dispense } from "../../packages/core/src/dialer/dispense.ts";
import { sweep } from "../../packages/core/src/dialer/sweep.ts";
import { useStore } from "../../packages/core/src/env.ts";
import { asTenant } from "../support/core-env.ts";
import { listContacts, recount, seedList, storedCounts } from "../support/dialer-list.ts";

/**
 * Block claims (docs/dialer.md "Block claims"): a block whose dispenser failed between its claim
 * transaction and its writes stays pending — nothing of its queue is handed out meanwhile — until the
 * sweeper undoes it from its journal; the list is then whole again and dispensed once.
 */

describe("a block left pending", { timeout: 300_000 }, () => {
  it("is undone from its journal by the sweeper: counters back, batch void, cursor settled, then every contact dispensed once", async () => {
    const tenant = `t-block-${Date.now()}`;
    const key = { tenant, campaignId: "block" };
    const now = new Date("2026-06-10T17:00:00Z");
    const SIZE = 20;
    await asTenant(
      tenant,
      async () => {
        await seedList({
          ...key,
          profile: {},
          segments: [{ ratio: 100, contacts: Array.from({ length: SIZE }, () => ({ timeZone: "Eastern" })) }],
          now,
        });
        const queue = (await listContacts(key))[0]!.queue;
        // Records that cannot be written: the dispenser fails right after its claim, as one killed there.
        const failed = await claimBlock(
          key,
          "seg0",
          queue,
          10,
          now.getTime(),
          "dead-block",
          async (read) =>
            read.map((contact) => ({
              contact: { ...contact, windowClass: undefined as unknown as string },
              to: "inDialer" as const,
            })),
          null,
        ).then(
          () => null,
          (err: unknown) => err,
        );
        expect(failed).toBeInstanceOf(Error);
        const batches = useStore().entities.dispenseBatch;
        expect((await batches.get({ ...key, batchId: "dead-block" }).go()).data?.state).toBe("claimed");
        expect((await storedCounts(key, ["seg0"])).counts.get("seg0")?.inDialer).toBe(10);

        // Pending and young: its queue gives nothing, to nobody.
        expect(await dispense(key.campaignId, 5, { now })).toEqual([]);

        const later = new Date(now.getTime() + 60_000);
        expect(await sweep(key.campaignId, later)).toBe(0);
        expect((await batches.get({ ...key, batchId: "dead-block" }).go()).data?.state).toBe("void");
        const records = await listContacts(key);
        expect(records.filter((c) => c.status !== "fresh")).toEqual([]);
        expect((await storedCounts(key, ["seg0"])).counts).toEqual(recount(records).counts);
        const { data: cursor } = await useStore()
          .entities.queueCursor.get({ ...key, segmentId: "seg0", queue })
          .go();
        expect(cursor?.pending).toBeUndefined();

        // The passed-over contacts by the per-contact path, the rest by blocks: each once.
        const out = [];
        for (let round = 0; round < 6 && out.length < SIZE; round++)
          out.push(...(await dispense(key.campaignId, 8, { now: later })));
        const ids = out.map((d) => d.contactId);
        expect(ids).toHaveLength(SIZE);
        expect(new Set(ids).size).toBe(SIZE);
        const after = await listContacts(key);
        expect(after.every((c) => c.status === "inDialer")).toBe(true);
        expect((await storedCounts(key, ["seg0"])).counts).toEqual(recount(after).counts);
      },
      { dialer: { blockClaims: true } },
    );
  });
});
