import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { COUNTER_FIELDS, counterField } from "../../packages/core/src/dialer/model.ts";
import { createDynamoClient } from "../../packages/core/src/store/client.ts";
import { createService } from "../../packages/core/src/store/entities.ts";
import { readRuntimeFile } from "../../packages/local/src/runtime-file.ts";
import { apiAt as api, killRuntime, signInAt, startServing, until } from "../support/processes.ts";
import { tempDirs } from "../support/temp.ts";

/**
 * A campaign build killed with kill -9 mid-way (docs/dialer.md, Build): the restarted runtime resumes
 * the job from its checkpoint and finishes it; every contact is listed once with its own build sequence,
 * a phone shared by two contacts is listed once across the restart, and the sharded counters equal a
 * recount of the records (the page the kill interrupted was counted once).
 */

const PASSWORD = "build-resume-1";
const ROWS = 6000;
/** Every 10th contact shares the phone of the one before it (phoneDup drops it). */
const phoneOf = (i: number) => `303${String(5_000_000 + (i % 10 === 9 ? i - 1 : i)).padStart(7, "0")}`;
const tempDir = tempDirs();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Api = (path: string, init?: { method?: string; body?: unknown }) => ReturnType<typeof api>;

/** Imports ROWS contacts of source `tag` through the CSV import and waits until search finds them. */
async function importContacts(url: string, call: Api, tag: string) {
  const mapping = await call("/api/field-mappings", {
    method: "POST",
    body: {
      name: "Build resume",
      mappings: [
        { fromField: "ID", toField: "externalId" },
        { fromField: "FirstName", toField: "firstName" },
        { fromField: "LastName", toField: "lastName" },
        { fromField: "Phone", toField: "phone" },
        { fromField: "Source", toField: "source" },
      ],
    },
  });
  expect(mapping.status, mapping.text).toBe(201);
  const csv = `ID,FirstName,LastName,Phone,Source\n${Array.from(
    { length: ROWS },
    (_, i) => `${tag}-${i},Row,N${String(i).padStart(6, "0")},${phoneOf(i)},${tag}`,
  ).join("\n")}\n`;
  const bytes = new TextEncoder().encode(csv);
  const link = await call("/api/contacts/import/upload-url", {
    method: "POST",
    body: { fileName: "build.csv", size: bytes.byteLength },
  });
  expect(link.status, link.text).toBe(200);
  const put = await fetch(`${url}${link.json.url}`, {
    method: "PUT",
    headers: link.json.headers,
    body: bytes,
  });
  expect(put.status).toBe(200);
  const started = await call("/api/contacts/import", {
    method: "POST",
    body: { contactsUrl: link.json.contactsUrl, fieldMapping: mapping.json.id },
  });
  expect(started.status, started.text).toBe(202);
  await until(
    () => call(`/api/jobs/${started.json.id}`),
    (j) => j.json.state === "done",
    300_000,
    "the import",
  );
}

describe("a campaign build after kill -9", { timeout: 900_000 }, () => {
  it("resumes from its checkpoint: each contact listed once, counters equal to a recount", async () => {
    const dir = tempDir("reachcx-build-resume-");
    const env = { DATA_DIR: dir, DEMO_PASSWORD: PASSWORD };
    const first = await startServing(env, { detached: true, timeoutMs: 120_000 });
    const headers = await signInAt(first.url, PASSWORD);
    const call: Api = (path, init) => api(first.url, headers, path, init);
    const tag = `bres${randomUUID().slice(0, 8)}`;
    await importContacts(first.url, call, tag);
    const query = {
      type: "group",
      combinator: "and",
      not: false,
      rules: [{ type: "rule", field: "source", operator: "eq", value: tag }],
    };
    await until(
      () => call("/api/contacts/query", { method: "POST", body: { query, limit: 1 } }),
      (r) => r.json?.total === ROWS,
      120_000,
      "the index",
    );
    const profile = await call("/api/profiles", {
      method: "POST",
      body: { name: "Resume", scrubber: { orgDnc: true, phoneDup: true } },
    });
    expect(profile.status, profile.text).toBe(201);
    const segment = await call("/api/segments", {
      method: "POST",
      body: { name: "Resume", query, sort: { field: "lastName", direction: "asc" } },
    });
    expect(segment.status, segment.text).toBe(201);
    const campaign = await call("/api/campaigns", {
      method: "POST",
      body: {
        name: "Resume",
        skillId: 4100001,
        skillName: "Acme Outbound Collections",
        skillSource: "NiC",
        campaignProfileId: profile.json.id,
        expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        exhaustionAction: "None",
        updatesEmail: "ops@example.com",
        segments: [{ segmentId: segment.json.id, segmentRatio: 1 }],
      },
    });
    expect(campaign.status, campaign.text).toBe(201);
    const campaignId = campaign.json.id as string;
    const tenant = campaign.json.tenant as string;
    const start = await call("/api/cache/create", {
      method: "POST",
      body: { campaignId, dataSource: "beast" },
    });
    expect(start.status, start.text).toBe(200);
    // Paused, the driver leaves it alone (the demo tenant dials): the build goes on, the list stays fresh.
    const pause = await call(`/api/cache/pause/${campaignId}/4100001`, { method: "POST" });
    expect(pause.status, pause.text).toBe(200);
    const jobs = await call("/api/jobs?limit=50");
    const build = (jobs.json.items as { id: string; kind: string }[]).find((j) => j.kind === "campaignBuild");
    expect(build, jobs.text).toBeDefined();
    const id = build?.id as string;

    // Killed mid-way: once a checkpoint says some contacts are read, and well before the end.
    let seen = 0;
    for (let i = 0; i < 6000 && seen < 1000; i++) {
      const job = await call(`/api/jobs/${id}`);
      expect(job.json.state, job.text).not.toBe("done");
      seen = job.json.counters.read ?? 0;
      if (seen < 1000) await sleep(20);
    }
    expect(seen).toBeGreaterThanOrEqual(1000);
    expect(seen).toBeLessThan(ROWS);
    await killRuntime(first.pid, dir);

    const second = await startServing(env, { timeoutMs: 120_000 });
    try {
      const again = await signInAt(second.url, PASSWORD);
      const job = await until(
        () => api(second.url, again, `/api/jobs/${id}`),
        (j) => ["done", "failed", "cancelled"].includes(j.json.state),
        400_000,
        "the build",
      );
      const dups = Math.floor(ROWS / 10);
      expect(job.json, job.text).toMatchObject({
        state: "done",
        counters: { read: ROWS, listed: ROWS - dups, phoneDup: dups },
      });

      const runtime = readRuntimeFile(dir);
      expect(runtime).toBeDefined();
      const store = createService(
        createDynamoClient({
          table: "reachcx",
          endpoint: runtime?.dynamoEndpoint as string,
          credentials: runtime?.dynamoCredentials as never,
        }),
        "reachcx",
      );
      const campaignItem = (await store.entities.campaign.get({ tenant, id: campaignId }).go()).data;
      expect(campaignItem?.listState).toBe("ready");
      const { data: records } = await store.entities.campaignContact.query
        .byCampaign({ tenant, campaignId })
        .go({ pages: "all" });
      expect(records.length).toBe(ROWS - dups);
      // One build sequence each, none given twice, none skipped.
      expect(new Set(records.map((r) => r.seq)).size).toBe(records.length);
      expect(Math.max(...records.map((r) => r.seq))).toBe(records.length - 1);
      // A shared phone is listed once, across the restart.
      expect(new Set(records.map((r) => r.phone)).size).toBe(records.length);

      const { data: shards } = await store.entities.campaignCounter.query
        .byCampaign({ tenant, campaignId })
        .go({ pages: "all" });
      const counted = Object.fromEntries(COUNTER_FIELDS.map((f) => [f, 0]));
      for (const s of shards) for (const f of COUNTER_FIELDS) counted[f] = (counted[f] ?? 0) + (s[f] ?? 0);
      const recount = Object.fromEntries(COUNTER_FIELDS.map((f) => [f, 0]));
      for (const r of records) {
        expect(r.status).toBe("fresh");
        const f = counterField(r.status, r.channel);
        recount[f] = (recount[f] ?? 0) + 1;
      }
      expect(counted).toEqual(recount);
    } finally {
      await second.stop();
    }
  });
});
