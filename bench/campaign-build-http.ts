/**
 * The campaign build in a running instance (issue 13, Measured): `npm start`'s main.ts in its own process
 * (bench/instance.ts) holding BENCH_BUILD_HTTP_CONTACTS generated contacts (100,000 by default) in the demo
 * tenant, loaded by `npm run generate` and indexed by its change feed. Then, over HTTP as the console
 * does it: a dialing profile with every scrubber rule on, 4 segments (the four US time zones, which split
 * the generated contacts), a campaign of the 4 and POST /api/cache/create; the build job is followed by
 * GET /api/jobs until it ends. Printed: contacts/s of the build (counters.read over the job's own
 * startedAt-finishedAt) next to the baseline measured in the same run on the instance's DynamoDB Local
 * before and after the build (raw BatchWriteItem of 25 CampaignContact-sized items, 4 in flight, the
 * build's write unit; the ratio is to the mean of the two, as the table grows by the list), and the
 * server process's resident memory (from /proc, split into anonymous memory and the mapped pages of
 * the search index file) sampled every 100 ms: before the build, its peak during
 * the build, and the kernel's high-water mark of the whole run (the load included). Goals: ratio >= 0.7,
 * server RSS under 512 MB. Nothing is asserted.
 */
import { readRuntimeFile, storeOf } from "../packages/local/src/runtime-file.ts";
import { adminHeaders, generate, residentOf, sampleResident, split, withInstance } from "./instance.ts";
import { listRecordRate } from "./store.ts";

const N = Number(process.env.BENCH_BUILD_HTTP_CONTACTS ?? 100_000);
const BASELINE = Math.min(N, 50_000);
const IN_FLIGHT = 4;
const PASSWORD = "bench-password-1";
const TENANT = "acme";
const ZONES = ["Eastern", "Central", "Mountain", "Pacific"];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  await withInstance(PASSWORD, async (instance) => {
    const { url, dataDir, server } = instance;
    const pid = server.pid as number;
    const headers = await adminHeaders(url, TENANT, PASSWORD);
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const everyone = async () =>
      (await call<{ total: number }>("POST", "/api/contacts/query", { query: null, limit: 1 })).total;

    const before = await everyone();
    const loadStarted = performance.now();
    const loading = generate(dataDir, TENANT, N);
    let indexed = before;
    while (indexed < before + N) {
      await sleep(2000);
      instance.assertRunning();
      indexed = await everyone().catch(() => indexed);
      process.stdout.write(`\r  indexed ${(indexed - before).toLocaleString()} / ${N.toLocaleString()}   `);
    }
    await loading;
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    console.log(
      `\n\nCampaign build in a running instance: ${indexed.toLocaleString()} contacts in tenant ${TENANT} (${N.toLocaleString()} generated and indexed in ${loadSeconds.toFixed(0)} s), 4 segments, every scrubber rule on`,
    );

    // Baseline on the instance's own DynamoDB Local, before the build.
    const running = readRuntimeFile(dataDir);
    if (!running) throw new Error("the instance wrote no runtime file");
    const baseRate = await listRecordRate(storeOf(running), BASELINE, IN_FLIGHT);
    console.log(
      `  baseline: BatchWriteItem of 25 list records on the instance's DynamoDB Local, ${IN_FLIGHT} in flight: ${Math.round(baseRate).toLocaleString()} records/s`,
    );

    // The profile, the segments and the campaign, as the console creates them.
    const profile = await call<{ id: string }>("POST", "/api/profiles", {
      name: `Bench build ${Date.now()}`,
      scrubber: { orgDnc: true, natDnc: true, stateDnc: true, cell: true, phoneDup: true, contactDup: true },
    });
    const segmentIds: string[] = [];
    for (const zone of ZONES) {
      const segment = await call<{ id: string }>("POST", "/api/segments", {
        name: `Bench ${zone} ${Date.now()}`,
        query: {
          type: "group",
          combinator: "and",
          not: false,
          rules: [{ type: "rule", field: "timeZone", operator: "eq", value: zone }],
        },
        sort: { field: "lastName", direction: "asc" },
      });
      segmentIds.push(segment.id);
    }
    const campaign = await call<{ id: string }>("POST", "/api/campaigns", {
      name: `Bench build ${Date.now()}`,
      skillId: 99_001,
      skillName: "Outbound PC",
      skillSource: "NiC",
      campaignProfileId: profile.id,
      expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      exhaustionAction: "None",
      updatesEmail: "ops@example.com",
      segments: segmentIds.map((segmentId) => ({ segmentId, segmentRatio: 1 })),
    });

    await sleep(2000);
    const idle = residentOf(pid);
    const sampler = sampleResident(pid);
    type JobView = {
      id: string;
      kind: string;
      state: string;
      counters: Record<string, number>;
      message?: string | null;
      startedAt?: string | null;
      finishedAt?: string | null;
    };
    try {
      await call("POST", "/api/cache/create", { campaignId: campaign.id, dataSource: "beast" });
      let job: JobView | undefined;
      for (;;) {
        await sleep(500);
        instance.assertRunning();
        const jobs = await call<{ items: JobView[] }>("GET", "/api/jobs?limit=10").catch(() => ({
          items: [] as JobView[],
        }));
        job = jobs.items.find((j) => j.kind === "campaignBuild");
        if (job && ["done", "failed", "cancelled"].includes(job.state)) break;
        if (job)
          process.stdout.write(
            `\r  build: ${job.state}, ${(job.counters.read ?? 0).toLocaleString()} read   `,
          );
      }
      const peak = sampler.stop();
      const seconds =
        (Date.parse(job.finishedAt as string) - Date.parse(job.startedAt as string)) / 1000 || Number.NaN;
      const read = job.counters.read ?? 0;
      const rate = read / seconds;
      const end = residentOf(pid);
      // The table the build wrote into grew by its list: the same baseline again on the grown table, and
      // the ratio to the mean of the two (the import bench's way).
      const afterRate = await listRecordRate(storeOf(running), BASELINE, IN_FLIGHT, "base-after");
      const meanRate = (baseRate + afterRate) / 2;
      console.log(
        `\n  baseline after the build: ${Math.round(afterRate).toLocaleString()} records/s (before: ${Math.round(baseRate).toLocaleString()})`,
      );
      console.log(
        `  build: ${job.state}${job.message ? ` (${job.message})` : ""} in ${seconds.toFixed(1)} s: ${Math.round(rate).toLocaleString()} contacts/s (ratio ${(rate / meanRate).toFixed(2)} of the baselines' mean, ${(rate / baseRate).toFixed(2)} of the one before, ${(rate / afterRate).toFixed(2)} of the one after; goal 0.7)`,
      );
      console.log(`    counters: ${JSON.stringify(job.counters)}`);
      console.log(
        `  server RSS: ${split(idle)} before the build, peak ${split(peak)} during it, ${split(end)} after (goal < 512); high-water mark of the whole run, the load included: ${end.hwm} MB`,
      );
    } finally {
      sampler.stop();
    }
  });
}

await main();
