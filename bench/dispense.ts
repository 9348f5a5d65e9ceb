/**
 * Dispense figures (issue 13): BENCH_DISPENSE_CONTACTS fresh contacts (10,000 by default) of one Active
 * campaign in two segments, dispensed by 8 concurrent callers asking 100 contacts a call, on DynamoDB Local
 * (in memory) as `npm start` runs it. Prints contacts claimed per second and the p50 / p99 of a 100-contact
 * call (goals: >= 2,000/s embedded, p99 <= 100 ms), next to two rates measured in the same run: the raw
 * write rate of the items a block claim writes per contact — unconditional BatchWriteItem of a list record
 * (indexed) and a pace record, 25 a call, 4 calls in flight per caller — which the ratio is taken against,
 * and one two-item conditional TransactWriteItems per contact (what per-contact claims are bound by).
 * The same list is dispensed twice: by block claims (a FIFO campaign) and by the per-contact path (the
 * same campaign with freshLIFO, which block claims leave alone), each in its own tenant. Nothing is
 * asserted.
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { withActor } from "../packages/core/src/actor/index.ts";
import { readList } from "../packages/core/src/dialer/counters.ts";
import { dispense } from "../packages/core/src/dialer/dispense.ts";
import { queueOf } from "../packages/core/src/dialer/model.ts";
import { checkDnc } from "../packages/core/src/dnc/index.ts";
import { type Env, provideEnv, useStore } from "../packages/core/src/env.ts";
import { seedList } from "../test/support/dialer-list.ts";
import { pct } from "./instance.ts";
import { benchStore, pool, writeBatches } from "./store.ts";

const TENANT = "bench-dispense";
const N = Number(process.env.BENCH_DISPENSE_CONTACTS ?? 10_000);
const CALLERS = 8;
const WANT = 100;
/** Transactions in flight per caller for the per-contact bound. */
const IN_FLIGHT = 20;
/** BatchWriteItem calls in flight per caller (dialer/batch.ts WRITE_CONCURRENCY). */
const WRITES_IN_FLIGHT = 4;

const { dynamo, store } = await benchStore();
try {
  provideEnv({ mode: "embedded", store, dialer: { blockClaims: true } } as unknown as Env);
  console.log(
    `\nDispense: ${N.toLocaleString()} fresh contacts, ${CALLERS} callers x ${WANT} a call (DynamoDB Local in memory)`,
  );
  // 17:00 UTC in June: 13:00 in New York, 10:00 in Los Angeles; every class is open.
  const now = new Date("2026-06-10T17:00:00Z");
  const zones = ["Eastern", "Central", "Mountain", "Pacific"];
  /** One Active campaign of N fresh contacts in two segments (60/40), in its own tenant. */
  const seed = async (tenant: string, freshLIFO: boolean) => {
    const seeded = performance.now();
    await withActor({ type: "system", tenant }, () =>
      seedList({
        tenant,
        campaignId: "bench",
        profile: { retry: { ratio: 20 }, freshLIFO },
        segments: [60, 40].map((ratio, s) => ({
          ratio,
          contacts: Array.from({ length: N / 2 }, (_, i) => ({
            timeZone: zones[(i + s) % zones.length] as string,
          })),
        })),
        now,
      }),
    );
    console.log(`  seeded ${tenant} in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
  };
  await seed(TENANT, false);
  await seed(`${TENANT}-lifo`, true);

  // Baseline: the raw write rate of a list record (with its queue index keys) and a pace record per
  // contact, unconditional BatchWriteItem of 25.
  const baseN = Math.min(N, 10_000);
  const items = Array.from({ length: baseN }, (_, i) => [
    {
      pk: `bench-raw#cc#${i}`,
      sk: "x",
      gsi1pk: `bench-raw#queue#${i % 8}`,
      gsi1sk: String(i).padStart(12, "0"),
      status: "inDialer",
      phone: "8002000000",
      firstName: "Bench",
    },
    { pk: `bench-raw#pace#${i}`, sk: "x", attempts: [Date.now()], version: 1 },
  ]).flat();
  const rawBatches = Array.from({ length: Math.ceil(items.length / 25) }, (_, b) => ({
    RequestItems: { reachcx: items.slice(b * 25, b * 25 + 25).map((Item) => ({ PutRequest: { Item } })) },
  }));
  const rawStarted = performance.now();
  await writeBatches(store, rawBatches, CALLERS * WRITES_IN_FLIGHT);
  const baseRate = baseN / ((performance.now() - rawStarted) / 1000);
  console.log(
    `  baseline: BatchWriteItem of a list record and a pace record a contact, ${CALLERS * WRITES_IN_FLIGHT} calls in flight: ${Math.round(baseRate).toLocaleString()} contacts/s`,
  );

  // The per-contact bound: one conditional two-item transaction a contact (a pace record and a list record).
  const ids = Array.from({ length: baseN }, (_, i) => i);
  const txStarted = performance.now();
  await pool(ids, CALLERS * IN_FLIGHT, async (i) => {
    await store.raw.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: "reachcx",
              Item: { pk: `bench-base#pace#${i}`, sk: "x", version: 1 },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
          {
            Put: {
              TableName: "reachcx",
              Item: { pk: `bench-base#cc#${i}`, sk: "x", status: "inDialer" },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ],
      }),
    );
  });
  const txRate = baseN / ((performance.now() - txStarted) / 1000);
  console.log(
    `  per-contact bound: TransactWriteItems of 2 conditional puts a contact, ${CALLERS * IN_FLIGHT} in flight: ${Math.round(txRate).toLocaleString()} contacts/s`,
  );

  // The read ceiling: what any claim must read per contact, whatever it writes — the candidate from its
  // queue (pages of 100 in rank order), the person's pace record (BatchGetItem, 100 keys) and the number
  // against the org do-not-call list (BatchGetItem) — one queue (segment x class) per caller, 8 side by
  // side, nothing written. A dispense that wrote nothing at all per contact could not go faster.
  const list = await readList({ tenant: TENANT, campaignId: "bench" });
  const queues = [...list].flatMap(([segmentId, { classes }]) =>
    classes.map((cls) => ({ segmentId, queue: queueOf("Voice", "fresh", cls) })),
  );
  let read = 0;
  const readStarted = performance.now();
  await withActor({ type: "system", tenant: TENANT }, () =>
    pool(queues, CALLERS, async ({ segmentId, queue }) => {
      const byQueue = () =>
        useStore().entities.campaignContact.query.byQueue({
          tenant: TENANT,
          campaignId: "bench",
          segmentId,
          queue,
        });
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<ReturnType<typeof byQueue>["go"]>> = await byQueue().go({
          order: "asc",
          limit: WANT,
          cursor,
        });
        cursor = page.cursor;
        if (page.data.length === 0) break;
        const keys = page.data.map((c) => ({ tenant: TENANT, contactId: c.contactId }));
        await useStore().entities.contactPace.get(keys).go({ concurrent: 4 });
        await checkDnc(
          page.data.flatMap((c) => (c.phone ? [c.phone] : [])),
          { sources: ["org"] },
        );
        read += page.data.length;
      } while (cursor);
    }),
  );
  const readRate = read / ((performance.now() - readStarted) / 1000);
  console.log(
    `  read ceiling: the queue page, the pace records and the org DNC check a contact, ${CALLERS} queues side by side, nothing written: ${Math.round(readRate).toLocaleString()} contacts/s (${read.toLocaleString()} read)`,
  );

  /** One caller alone, then 8 side by side until the list is out: the rate and the call latencies. */
  const measure = async (tenant: string, label: string) => {
    const alone: number[] = [];
    await withActor({ type: "system", tenant }, async () => {
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await dispense("bench", WANT, { now });
        alone.push(performance.now() - t);
      }
    });
    alone.sort((a, b) => a - b);
    const latencies: number[] = [];
    let claimed = 0;
    const started = performance.now();
    await withActor({ type: "system", tenant }, () =>
      Promise.all(
        Array.from({ length: CALLERS }, async () => {
          for (;;) {
            const t = performance.now();
            const out = await dispense("bench", WANT, { now });
            if (out.length === 0) return;
            latencies.push(performance.now() - t);
            claimed += out.length;
          }
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const rate = claimed / seconds;
    latencies.sort((a, b) => a - b);
    console.log(
      `  ${label}: one caller alone, a ${WANT}-contact call p50 ${pct(alone, 50).toFixed(0)} ms; ${CALLERS} callers: ${claimed.toLocaleString()} contacts in ${seconds.toFixed(1)} s: ${Math.round(rate).toLocaleString()} contacts/s (ratio ${(rate / baseRate).toFixed(2)} of the baseline); a ${WANT}-contact call p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms`,
    );
    return rate;
  };
  const blocks = await measure(TENANT, "block claims (FIFO fresh)");
  const perContact = await measure(`${TENANT}-lifo`, "per-contact transactions (freshLIFO)");
  console.log(`  block claims / per-contact: ${(blocks / perContact).toFixed(2)}`);
} finally {
  await dynamo.stop();
}
