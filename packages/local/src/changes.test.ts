import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from "@aws-sdk/client-dynamodb-streams";
import { BatchWriteCommand, type DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { ChangeRecord } from "@reachcx/core/realtime/index";
import { indexChanges } from "@reachcx/core/search/indexer";
import { createDynamoClient } from "@reachcx/core/store/client";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ChangeFeed, type ChangeFeedOptions } from "./changes.ts";
import type { DeadLetter } from "./dead-letters.ts";
import { type DynamoLocal, startDynamo } from "./dynamo.ts";
import { sqliteSearch } from "./search/sqlite.ts";
import { ensureTable } from "./table.ts";

// A record whose key starts with "unreadable#" stands for one the feed cannot convert: since every
// untyped value DynamoDB Local streams is now repaired, no real write produces one any more.
vi.mock(import("@reachcx/functions/stream/records"), async (original) => {
  const real = await original();
  return {
    ...real,
    changeRecordOf: (record) => {
      const pk = (record.dynamodb?.Keys?.pk as { S?: string } | undefined)?.S ?? "";
      if (pk.startsWith("unreadable#")) throw new Error("Unsupported type passed: Q");
      return real.changeRecordOf(record);
    },
  };
});

const TABLE = "reachcx";
let dynamo: DynamoLocal;
let streamArn: string;
let store: DynamoDBDocumentClient;
const cleanups: (() => unknown)[] = [];

beforeAll(async () => {
  dynamo = await startDynamo({});
  const raw = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    credentials: dynamo.credentials,
    region: "us-east-1",
  });
  streamArn = await ensureTable(raw, TABLE);
  raw.destroy();
  store = createDynamoClient({ table: TABLE, endpoint: dynamo.endpoint, credentials: dynamo.credentials });
}, 60_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  store?.destroy();
  await dynamo?.stop();
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "reachcx-feed-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A started feed that collects the new images of items whose pk starts with `prefix`, in order. */
async function collect(prefix: string, options: ChangeFeedOptions = {}, arn = streamArn) {
  const feed = new ChangeFeed(dynamo, arn, () => undefined, options);
  const seen: Record<string, unknown>[] = [];
  feed.subscribe((records: ChangeRecord[]) => {
    for (const r of records)
      if (String(r.newImage?.pk).startsWith(prefix) && r.newImage) seen.push(r.newImage);
  }, "collector");
  await feed.start();
  let stopped = false;
  const stop = async () => {
    if (!stopped) await feed.stop();
    stopped = true;
  };
  cleanups.push(stop);
  return { feed, seen, stop };
}

async function until(done: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const put = (item: Record<string, unknown>) => store.send(new PutCommand({ TableName: TABLE, Item: item }));
const putAll = (items: Record<string, unknown>[]) =>
  store.send(
    new BatchWriteCommand({ RequestItems: { [TABLE]: items.map((Item) => ({ PutRequest: { Item } })) } }),
  );
const keysOf = (seen: Record<string, unknown>[]) => seen.map((image) => image.pk);

describe("records round-trip through DynamoDB Local's stream into the index", () => {
  // What the API can store: JSON from a request body, numbers within what the document client writes
  // (at most 2^53 - 1 in size) and DynamoDB keeps (nothing nearer 0 than 1e-130).
  const number = fc.oneof(
    fc.integer(),
    fc.constantFrom(0, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 0.1, 1e-100, 123456789.125),
    fc
      .double({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, noNaN: true })
      .filter((n) => n === 0 || Math.abs(n) >= 1e-130)
      .map((n) => (n === 0 ? 0 : n)),
  );
  const numberAsString = fc.oneof(
    fc.constantFrom("12.50", "007", "1e5", "-0", "NaN", "Infinity", "0x1F", " 1 "),
    number.map(String),
  );
  const { json } = fc.letrec((tie) => ({
    json: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      number,
      numberAsString,
      fc.string(),
      fc.constantFrom({}, []),
      fc.array(tie("json"), { maxLength: 4 }),
      fc.dictionary(
        fc.string({ minLength: 1 }).filter((k) => k !== "__proto__"),
        tie("json"),
        { maxKeys: 4 },
      ),
    ),
  }));

  it("keeps empty maps and lists at any depth, nulls, and numbers and numeric strings as written", async () => {
    const dir = tempDir();
    const search = sqliteSearch(join(dir, "search.db"));
    cleanups.push(() => search.close());
    const { feed, seen } = await collect("prop#", { from: "latest" });
    feed.subscribe((records) => indexChanges(search, records), "search index");
    const db = new Database(join(dir, "search.db"), { readonly: true });
    cleanups.push(() => db.close());
    const indexed = db.prepare<[string], { doc: string }>(
      "SELECT doc FROM activitylog WHERE tenant = 'prop' AND id = ?",
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(json, { minLength: 1, maxLength: 6 }), async (values) => {
        const items = values.map((value) => {
          const id = `p${++n}`;
          // An activity log: its metaData is kept in the index as written.
          return {
            pk: `prop#${id}`,
            sk: "log",
            __edb_e__: "activityLog",
            tenant: "prop",
            id,
            timestamp: new Date(1_700_000_000_000 + n).toISOString(),
            updatedAt: 1_700_000_000_000 + n,
            metaData: value,
            wrapped: { list: [value, {}], map: { value, empty: [] } },
          };
        });
        for (const item of items) await put(item);
        const ids = new Set(items.map((i) => i.pk));
        await until(() => seen.filter((image) => ids.has(image.pk as string)).length === items.length);
        for (const item of items) {
          expect(seen.find((image) => image.pk === item.pk)).toEqual(item);
          const row = indexed.get(item.id);
          expect(row, item.id).toBeDefined();
          const doc = JSON.parse(row?.doc as string);
          expect(doc.metaData).toEqual(item.metaData);
          expect(doc.wrapped).toEqual(item.wrapped);
        }
      }),
      { numRuns: 40 },
    );
    expect(feed.deadLetters.count).toBe(0);
  }, 120_000);
});

describe("a record that cannot be read or handled", () => {
  it("goes to the dead letters, and the rest of its batch and everything after it is delivered", async () => {
    const dir = tempDir();
    let tries = 0;
    const { feed, seen } = await collect("dl#", { from: "latest", dataDir: dir, attempts: 3, backoffMs: 1 });
    const picky: ChangeRecord[] = [];
    feed.subscribe((records) => {
      const bad = records.find((r) => r.newImage?.pk === "dl#poison");
      if (bad) {
        tries++;
        throw new Error("cannot index dl#poison");
      }
      picky.push(...records.filter((r) => String(r.newImage?.pk).startsWith("dl#")));
    }, "picky");

    // One stream page: readable records around one the feed cannot read and one the subscriber refuses.
    await putAll(
      ["dl#1", "unreadable#1", "dl#2", "dl#poison", "dl#3"].map((pk) => ({ pk, sk: "x", secret: "sealed" })),
    );
    await put({ pk: "dl#4", sk: "x" });
    await until(() => picky.length === 4);
    expect(picky.map((r) => r.newImage?.pk)).toEqual(["dl#1", "dl#2", "dl#3", "dl#4"]);
    // The subscriber before it had the poison record: a refusal is the refusing subscriber's alone.
    expect(keysOf(seen)).toEqual(["dl#1", "dl#2", "dl#poison", "dl#3", "dl#4"]);
    // Retried (3 attempts at the batch, then at the record alone after bisecting), but not forever.
    expect(tries).toBeGreaterThanOrEqual(3);
    expect(tries).toBeLessThanOrEqual(10);

    await until(() => feed.deadLetters.count === 2);
    const letters = readFileSync(join(dir, "dead-letters.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as DeadLetter);
    expect(letters.map((l) => [l.stage, l.keys, l.error])).toEqual([
      ["read", { pk: "unreadable#1", sk: "x" }, "Unsupported type passed: Q"],
      ["picky", { pk: "dl#poison", sk: "x" }, "cannot index dl#poison"],
    ]);
    for (const letter of letters) {
      expect(letter.sequenceNumber).toMatch(/^\d{21}$/);
      expect(Date.parse(letter.at)).toBeGreaterThan(Date.now() - 60_000);
      expect((letter.record as { dynamodb: { NewImage: unknown } }).dynamodb.NewImage).toMatchObject({
        secret: { S: "sealed" },
      });
    }
  }, 30_000);

  it("refused by the index's writer thread, is found by bisection while the rest of its batch is indexed", async () => {
    const dir = tempDir();
    const search = sqliteSearch(join(dir, "search.db"), undefined, { writerThread: true });
    cleanups.push(() => search.close());
    const { feed } = await collect("wt#", { from: "latest", attempts: 2, backoffMs: 1 });
    feed.subscribe((records) => indexChanges(search, records), "search index");
    // A contact without a tenant: the thread's transaction throws on it, and the error comes back.
    const contact = (pk: string, id: string, tenant?: string) => ({
      pk,
      sk: "x",
      __edb_e__: "contact",
      id,
      ...(tenant ? { tenant } : {}),
      lastName: "Kept",
      updatedAt: 1_700_000_000_000,
    });
    await putAll([contact("wt#1", "c1", "wt"), contact("wt#poison", "c2"), contact("wt#3", "c3", "wt")]);
    // The poison record is set aside before the half after it is delivered.
    let ids: string[] = [];
    for (const deadline = Date.now() + 15_000; ids.length < 2 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      ids = (await search.query("contact", "wt", { query: null, sort: [], limit: 10 })).ids;
    }
    expect([...ids].sort()).toEqual(["c1", "c3"]);
    expect(feed.deadLetters.kept.map((l) => [l.stage, l.keys])).toEqual([
      ["search index", { pk: "wt#poison", sk: "x" }],
    ]);
  }, 30_000);

  it("is counted and kept in memory without a DATA_DIR", async () => {
    const { feed, seen } = await collect("mem#", { from: "latest" });
    await putAll(["mem#1", "unreadable#2", "mem#2"].map((pk) => ({ pk, sk: "x" })));
    await until(() => seen.length === 2);
    expect(feed.deadLetters.count).toBe(1);
    expect(feed.deadLetters.kept.map((l) => l.keys)).toEqual([{ pk: "unreadable#2", sk: "x" }]);
  }, 30_000);
});

describe("the feed's place in the stream", () => {
  it("resumes after the last record it handled, not at the newest", async () => {
    const dir = tempDir();
    const first = await collect("cp#", { dataDir: dir });
    for (const i of [1, 2, 3]) await put({ pk: `cp#${i}`, sk: "x" });
    await until(() => first.seen.length === 3);
    await first.stop();
    const saved = JSON.parse(readFileSync(join(dir, "stream-checkpoint.json"), "utf8"));
    expect(saved.streamArn).toBe(streamArn);
    expect(Object.values(saved.shards)).toEqual([expect.stringMatching(/^\d{21}$/)]);

    // Written while no feed runs.
    for (const i of [4, 5]) await put({ pk: `cp#${i}`, sk: "x" });
    const second = await collect("cp#", { dataDir: dir });
    await put({ pk: "cp#6", sk: "x" });
    await until(() => second.seen.length === 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(keysOf(second.seen)).toEqual(["cp#4", "cp#5", "cp#6"]);
  }, 30_000);

  it("reads from the oldest record when the checkpoint is damaged or was written for another stream", async () => {
    const written = ["old#1", "old#2"];
    for (const pk of written) await put({ pk, sk: "x" });
    for (const content of [
      "{not json",
      JSON.stringify({ streamArn: `${streamArn}-gone`, shards: { "shardId-1": "000000000000000099999" } }),
    ]) {
      const dir = tempDir();
      writeFileSync(join(dir, "stream-checkpoint.json"), content);
      const { seen, stop } = await collect("old#", { dataDir: dir });
      await until(() => seen.length === 2);
      expect(keysOf(seen)).toEqual(written);
      await stop();
    }
  }, 30_000);

  it("follows a closed shard from its checkpoint, and reads a child only after its parent", async () => {
    // A scripted stream (DynamoDB Local splits no shards on demand): parent p closed after 3 records,
    // child c open with 2; pages of 2 records, so an unguarded feed would read c before p's last page.
    const seq = (n: number) => String(n).padStart(21, "0");
    const records: Record<string, number[]> = { p: [1, 2, 3], c: [4, 5] };
    const record = (n: number) => ({
      eventName: "INSERT",
      dynamodb: {
        SequenceNumber: seq(n),
        Keys: { pk: { S: `split#${n}` }, sk: { S: "x" } },
        NewImage: { pk: { S: `split#${n}` }, sk: { S: "x" } },
      },
    });
    const send = vi.spyOn(DynamoDBStreamsClient.prototype, "send").mockImplementation((async (command: {
      input: Record<string, string>;
    }) => {
      const { input } = command;
      if (command instanceof DescribeStreamCommand)
        return {
          StreamDescription: {
            Shards: [
              {
                ShardId: "p",
                SequenceNumberRange: { StartingSequenceNumber: seq(1), EndingSequenceNumber: seq(3) },
              },
              { ShardId: "c", ParentShardId: "p", SequenceNumberRange: { StartingSequenceNumber: seq(4) } },
            ],
          },
        };
      if (command instanceof GetShardIteratorCommand) {
        const list = records[input.ShardId as string] as number[];
        const at =
          input.ShardIteratorType === "AFTER_SEQUENCE_NUMBER"
            ? list.filter((n) => seq(n) <= (input.SequenceNumber as string)).length
            : 0;
        return { ShardIterator: `${input.ShardId}:${at}` };
      }
      if (command instanceof GetRecordsCommand) {
        const [shard, at] = (input.ShardIterator as string).split(":") as [string, string];
        const list = records[shard] as number[];
        const next = Math.min(Number(at) + 2, list.length);
        const closed = shard === "p" && next === list.length;
        return {
          Records: list.slice(Number(at), next).map(record),
          NextShardIterator: closed ? undefined : `${shard}:${next}`,
        };
      }
      throw new Error(`unexpected ${command.constructor.name}`);
    }) as never);
    cleanups.push(() => send.mockRestore());

    const fresh = await collect("split#", { dataDir: tempDir() }, "arn:split");
    await until(() => fresh.seen.length === 5);
    expect(keysOf(fresh.seen)).toEqual(["split#1", "split#2", "split#3", "split#4", "split#5"]);
    await fresh.stop();

    const dir = tempDir();
    writeFileSync(
      join(dir, "stream-checkpoint.json"),
      JSON.stringify({ streamArn: "arn:split", shards: { p: seq(1) } }),
    );
    const resumed = await collect("split#", { dataDir: dir }, "arn:split");
    await until(() => resumed.seen.length === 4);
    expect(keysOf(resumed.seen)).toEqual(["split#2", "split#3", "split#4", "split#5"]);
    await resumed.stop();
    expect(JSON.parse(readFileSync(join(dir, "stream-checkpoint.json"), "utf8"))).toEqual({
      streamArn: "arn:split",
      shards: { p: seq(3), c: seq(5) },
    });
  }, 30_000);
});
