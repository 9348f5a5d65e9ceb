import { type ChildProcess, spawn } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { sweep } from "../../packages/core/src/dialer/sweep.ts";
import { useStore } from "../../packages/core/src/env.ts";
import { asTenant } from "../support/core-env.ts";
import { listContacts, recount, seedList, storedCounts } from "../support/dialer-list.ts";

/**
 * Dispensers killed with SIGKILL in the middle of dispensing (docs/dialer.md Dispense and the sweeper):
 * three processes dispense one campaign's list at once and die at random moments, some between claiming
 * contacts and committing their batch; the sweeper then takes every held contact back. Nothing is lost
 * (every contact is in exactly one state), nothing was handed out twice, the counters equal a recount,
 * and a dispenser started afterwards hands out the whole list once.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function dispenser(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/dialer-dispenser.ts"], {
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  let buffered = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    buffered += d;
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    lines.push(...parts.filter(Boolean));
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { child, lines, exited, stderr: () => stderr };
}

const handedOut = (lines: string[]) => lines.flatMap((l) => JSON.parse(l) as [string, string][]);

async function killed(child: ChildProcess, exited: Promise<unknown>) {
  child.kill("SIGKILL");
  await exited;
}

describe("dispense after kill -9", { timeout: 300_000 }, () => {
  it("sweeps the dead dispensers' claims back: nothing lost, nothing dispensed twice, counters true", async () => {
    const tenant = `t-resume-${Date.now()}`;
    const key = { tenant, campaignId: "resume" };
    const now = new Date("2026-06-10T17:00:00Z");
    const SIZE = 600;
    await asTenant(tenant, () =>
      seedList({
        ...key,
        profile: {},
        segments: [{ ratio: 100, contacts: Array.from({ length: SIZE }, () => ({ timeZone: "Eastern" })) }],
        now,
      }),
    );
    const env = {
      DIALER_ENDPOINT: inject("dynamoEndpoint"),
      DIALER_CREDENTIALS: JSON.stringify(inject("dynamoCredentials")),
      DIALER_TENANT: tenant,
      DIALER_CAMPAIGN: key.campaignId,
      DIALER_NOW: now.toISOString(),
    };

    const wave = [dispenser(env), dispenser(env), dispenser(env)];
    // Each dies at its own moment once it has handed out a batch or two: mostly mid-claim.
    await Promise.all(
      wave.map(async (d, i) => {
        const until = Date.now() + 60_000;
        while (d.lines.length < 1 + i && Date.now() < until) await sleep(5);
        await sleep(Math.random() * 40);
        await killed(d.child, d.exited);
      }),
    );
    const first = wave.flatMap((d) => handedOut(d.lines));
    expect(first.length, wave.map((d) => d.stderr()).join("\n")).toBeGreaterThan(0);
    const ids = first.map(([id]) => id);
    expect(new Set(ids).size, "a contact handed out twice").toBe(ids.length);

    await asTenant(tenant, async () => {
      const held = (await listContacts(key)).filter((c) => c.status === "inDialer");
      expect(held.length).toBeGreaterThanOrEqual(ids.length);
      // The counters moved only for applied batches: still a recount's once the void ones are taken back.
      const returned = await sweep(key.campaignId, new Date(now.getTime() + 11 * 60_000));
      expect(returned).toBe(held.length);
      const records = await listContacts(key);
      expect(records).toHaveLength(SIZE);
      expect(new Set(records.map((c) => c.contactId)).size).toBe(SIZE);
      expect(records.filter((c) => c.status !== "fresh")).toEqual([]);
      const stored = await storedCounts(key, ["seg0"]);
      expect(stored.counts).toEqual(recount(records).counts);
      // Every batch a contact was handed out under was applied; no person is still held.
      const batches = new Set(first.map(([, batch]) => batch));
      for (const batchId of batches) {
        const { data } = await useStore()
          .entities.dispenseBatch.get({ ...key, batchId })
          .go();
        expect(data?.state).toBe("applied");
      }
      const { data: paces } = await useStore()
        .entities.contactPace.get(records.map((c) => ({ tenant, contactId: c.contactId })))
        .go();
      expect(paces.filter((p) => p.busy)).toEqual([]);
    });

    // A dispenser after the sweep hands out the whole list, each contact once.
    const later = dispenser({ ...env, DIALER_NOW: new Date(now.getTime() + 12 * 60_000).toISOString() });
    expect(await later.exited, later.stderr()).toBe(0);
    const all = handedOut(later.lines).map(([id]) => id);
    expect(all).toHaveLength(SIZE);
    expect(new Set(all).size).toBe(SIZE);
    await asTenant(tenant, async () => {
      const records = await listContacts(key);
      expect(records.every((c) => c.status === "inDialer")).toBe(true);
      expect((await storedCounts(key, ["seg0"])).counts).toEqual(recount(records).counts);
    });
  });
});
