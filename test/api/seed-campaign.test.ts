import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { generateContacts } from "../../packages/local/src/generate/index.ts";
import { DEMO_CAMPAIGN } from "../../packages/local/src/seed-campaign.ts";
import { call, DEMO_USERS, signIn, testStore } from "../support/api.ts";
import { signInAt, startServing } from "../support/processes.ts";
import { tempDirs } from "../support/temp.ts";

const { tenant, profileId, segmentIds, campaignId, skillId } = DEMO_CAMPAIGN;

describe("the demo seed's campaign (shared runtime, read only)", () => {
  it("gives acme a profile, two segments and a Pending campaign using them, expiring in a month", async () => {
    const session = await signIn(DEMO_USERS.acme);
    const campaign = await call(`/api/campaigns/${campaignId}`, { session });
    expect(campaign.status, campaign.text).toBe(200);
    expect(campaign.json).toMatchObject({
      tenant,
      name: "Demo Collections",
      skillId,
      skillName: "Acme Outbound Collections",
      skillSource: "NiC",
      campaignProfileId: profileId,
      profileName: "Demo Collections",
      status: "Pending",
      expired: false,
      exhaustionAction: "End Campaign",
      segments: [
        { segmentId: segmentIds.eastern, segmentName: "Eastern time zone", segmentRatio: 2 },
        { segmentId: segmentIds.texasCalifornia, segmentName: "Texas and California", segmentRatio: 1 },
      ],
    });
    expect(campaign.json.actions.startPauseRestart).toBe(true);
    // A month after seeding (the runtime was seeded moments ago): 28 to 31 days ahead.
    const days = (Date.parse(campaign.json.expireDate) - Date.parse(campaign.json.createdAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const profile = await call(`/api/profiles/${profileId}`, { session });
    expect(profile.status).toBe(200);
    expect(profile.json.name).toBe("Demo Collections");
    expect(profile.json.channels).toEqual([expect.objectContaining({ type: "Voice", order: 1 })]);
    expect(profile.json.scrubber).toMatchObject({ natDnc: true, stateDnc: true, orgDnc: true, cell: true });
    // Written through the profile usage transaction: the profile counts its one campaign.
    const store = await testStore();
    expect((await store.entities.profile.get({ tenant, id: profileId }).go()).data?.campaigns).toBe(1);

    for (const id of Object.values(segmentIds)) {
      const segment = await call(`/api/segments/${id}`, { session });
      expect(segment.status).toBe(200);
      expect(segment.json.staleFields).toEqual([]);
    }
    // The console's lists show them (first page, newest first).
    const campaigns = await call("/api/campaigns?limit=100", { session });
    expect(campaigns.json.items.filter((c: { id: string }) => c.id === campaignId)).toHaveLength(1);
  });
});

/** `npm run generate` against a running instance's DATA_DIR. */
function generate(dataDir: string, count: number) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "packages/local/src/generate/cli.ts", "--tenant", tenant, "--count", String(count)],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) => resolve({ code, out }));
  });
}

const tempDir = tempDirs();

describe("the demo campaign on an instance of its own", { timeout: 150_000 }, () => {
  it("its segments count generated contacts, it starts, and a restart duplicates nothing", async () => {
    const dir = tempDir("reachcx-seed-campaign-");
    const password = "seed-campaign-pass";
    const COUNT = 300;
    const first = await startServing({ DATA_DIR: dir, DEMO_PASSWORD: password }, { timeoutMs: 60_000 });
    let campaignAfterStart: { status: string; cache: { action: string } | null } | undefined;
    try {
      const headers = await signInAt(first.url, password);
      const api = async (path: string, body?: unknown) => {
        const res = await fetch(`${first.url}${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, json: (await res.json()) as any };
      };
      const loaded = await generate(dir, COUNT);
      expect(loaded.code, loaded.out).toBe(0);

      // What the segments' queries must count: the same seeded contacts, counted here.
      const contacts = [...generateContacts(COUNT)];
      const expected = {
        [segmentIds.eastern]: contacts.filter((c) => c.timeZone === "Eastern").length,
        [segmentIds.texasCalifornia]: contacts.filter((c) => c.state === "TX" || c.state === "CA").length,
      };
      for (const [id, want] of Object.entries(expected)) {
        expect(want).toBeGreaterThan(COUNT / 10); // a real share of the contacts
        const { json: segment } = await api(`/api/segments/${id}`);
        const deadline = Date.now() + 20_000;
        let total = -1;
        while (Date.now() < deadline) {
          total = (await api("/api/contacts/query", { query: segment.query, limit: 1 })).json.total;
          if (total === want) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        expect(total, segment.name).toBe(want);
      }

      const started = await api("/api/cache/create", { campaignId, dataSource: "beast" });
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      campaignAfterStart = (await api(`/api/campaigns/${campaignId}`)).json;
      expect(campaignAfterStart?.status).toBe("Active");
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const second = await startServing({ DATA_DIR: dir, DEMO_PASSWORD: password }, { timeoutMs: 60_000 });
    try {
      const headers = await signInAt(second.url, password);
      const list = async (path: string) =>
        (
          (await (await fetch(`${second.url}${path}?limit=100`, { headers })).json()) as {
            items: { id: string }[];
          }
        ).items;
      expect((await list("/api/campaigns")).map((c) => c.id)).toEqual([campaignId]);
      expect((await list("/api/profiles")).map((p) => p.id)).toEqual([profileId]);
      expect((await list("/api/segments")).map((s) => s.id).sort()).toEqual(Object.values(segmentIds).sort());
      const campaign = (await (
        await fetch(`${second.url}/api/campaigns/${campaignId}`, { headers })
      ).json()) as {
        status: string;
      };
      // The started campaign was left as it was, not seeded again.
      expect(campaign.status).toBe("Active");
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
