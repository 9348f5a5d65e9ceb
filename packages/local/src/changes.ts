import { join } from "node:path";
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ResourceNotFoundException,
  TrimmedDataAccessException,
} from "@aws-sdk/client-dynamodb-streams";
import type { ChangeRecord } from "@reachcx/core/realtime/index";
import { log } from "@reachcx/functions/log";
import { changeRecordOf } from "@reachcx/functions/stream/records";
import { loadCheckpoint, type Positions, saveCheckpoint } from "./checkpoint.ts";
import { DeadLetters } from "./dead-letters.ts";
import type { DynamoConnection } from "./dynamo.ts";
import { REGION } from "./dynamo-key.ts";
import { gateClient, type PriorityGate } from "./store-gate.ts";

export type ChangeHandler = (records: ChangeRecord[]) => unknown;

export interface ChangeFeedOptions {
  /**
   * Where a shard the checkpoint does not know begins: its oldest record kept (the default), or, for
   * shards present at start, the newest (LATEST, closed ones skipped: the bench's live feeds).
   */
  from?: "oldest" | "latest";
  /** Keeps the stream checkpoint and the dead letters here; without it both live in memory only. */
  dataDir?: string;
  /** Attempts at a batch before it is bisected, and at a single record before it is set aside. */
  attempts?: number;
  /** The pause after a failed attempt, doubled after each one (at most 5 s). */
  backoffMs?: number;
  /** The embedded store's gate: stream reads are background calls to DynamoDB Local (store-gate.ts). */
  gate?: PriorityGate;
}

const POLL_MS = 100;
/** Records per GetRecords call: the most DynamoDB Streams returns. */
const PAGE = 1000;
const DISCOVER_MS = 1000;

interface Shard {
  id: string;
  parent?: string;
  /** The last sequence number every subscriber has handled (or set aside); none until one has. */
  after?: string;
  /** Where reading begins while `after` is unset. */
  start: "TRIM_HORIZON" | "LATEST";
  iterator?: string;
  /** Closed and read to its end. */
  done: boolean;
}

interface Subscriber {
  name: string;
  handler: ChangeHandler;
}

/** A record as read, beside what the subscribers get. */
interface Entry {
  raw: _Record;
  change: ChangeRecord;
}

/** Thrown through a delivery the feed's stop interrupted: that batch is neither done nor checkpointed. */
class Stopped extends Error {}

/**
 * Reads the table's stream from DynamoDB Local the way Lambda's event source does on AWS: every shard,
 * in order, a child only after its parent. Each batch goes to the subscribers in order; then the shard's
 * position is written to DATA_DIR/stream-checkpoint.json, where the next start resumes (a batch cut off
 * by a kill is read again: the subscribers take a replay as a no-op). A record is never skipped silently,
 * and never holds up the others: one that cannot be read, or that a subscriber still refuses after its
 * retries and the bisection of its batch, goes to the dead letters (see DeadLetters) and the feed goes on.
 */
export class ChangeFeed {
  /** Records set aside: DATA_DIR/dead-letters.jsonl, or memory. */
  readonly deadLetters: DeadLetters;
  private readonly client: DynamoDBStreamsClient;
  private readonly shards = new Map<string, Shard>();
  private readonly subscribers = new Set<Subscriber>();
  private readonly checkpointFile: string | undefined;
  private readonly attempts: number;
  /** The checkpoint as read at start: where each shard it names resumes. */
  private saved: Positions = {};
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private lastDiscover = 0;
  private running = false;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    dynamo: DynamoConnection,
    private readonly streamArn: string,
    private readonly onError: (err: unknown) => void,
    private readonly options: ChangeFeedOptions = {},
  ) {
    const { endpoint, credentials } = dynamo;
    this.client = new DynamoDBStreamsClient({ endpoint, credentials, region: REGION });
    // As the store's client (core/store/client.ts): no copy of every record for a logger that logs nothing.
    this.client.middlewareStack.remove("loggerMiddleware");
    if (options.gate) gateClient(this.client, options.gate);
    const { dataDir } = options;
    this.checkpointFile = dataDir && join(dataDir, "stream-checkpoint.json");
    this.deadLetters = new DeadLetters(dataDir && join(dataDir, "dead-letters.jsonl"));
    this.attempts = options.attempts ?? 4;
  }

  /** Adds a subscriber; its name is what the dead letters and the log say when it refuses a record. */
  subscribe(handler: ChangeHandler, name = `subscriber ${this.subscribers.size + 1}`): () => void {
    const subscriber = { name, handler };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  async start() {
    this.running = true;
    if (this.checkpointFile) this.saved = await loadCheckpoint(this.checkpointFile, this.streamArn);
    await this.discover(true);
    this.schedule();
  }

  async stop() {
    this.running = false;
    clearTimeout(this.timer);
    this.wake?.();
    await this.loop;
    this.client.destroy();
  }

  /** Polls every POLL_MS, or at once again while a shard is returning full pages (a backlog). */
  private schedule(delay = POLL_MS) {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      let behind = false;
      this.loop = this.poll()
        .then((full) => {
          behind = full;
        })
        .catch((err) => {
          if (!(err instanceof Stopped)) this.onError(err);
        })
        .finally(() => this.schedule(behind ? 0 : POLL_MS));
    }, delay);
  }

  /**
   * Finds shards. One the checkpoint names resumes after its sequence number; any other begins at
   * TRIM_HORIZON, or, reading from the latest, at LATEST if present at start (closed ones skipped).
   * Shards the stream no longer lists (trimmed) are forgotten, and leave the checkpoint with them.
   */
  private async discover(initial: boolean) {
    this.lastDiscover = Date.now();
    const listed = new Set<string>();
    let start: string | undefined;
    do {
      const { StreamDescription } = await this.client.send(
        new DescribeStreamCommand({ StreamArn: this.streamArn, ExclusiveStartShardId: start }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId as string;
        listed.add(id);
        if (this.shards.has(id)) continue;
        const after = this.saved[id];
        const latest = initial && this.options.from === "latest" && !after;
        const closed = Boolean(shard.SequenceNumberRange?.EndingSequenceNumber);
        const state: Shard = {
          id,
          parent: shard.ParentShardId,
          after,
          start: latest ? "LATEST" : "TRIM_HORIZON",
          done: latest && closed,
        };
        this.shards.set(id, state);
        // LATEST means now, at start: an iterator taken at the first poll would miss what came between.
        if (latest && !closed) state.iterator = await this.iteratorFor(state);
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    for (const id of this.shards.keys()) if (!listed.has(id)) this.shards.delete(id);
  }

  /** Reads every shard whose parent is done; true when some shard returned a full page (a backlog). */
  private async poll(): Promise<boolean> {
    if (Date.now() - this.lastDiscover > DISCOVER_MS) await this.discover(false);
    let full = false;
    for (const shard of [...this.shards.values()]) {
      if (!this.running) return false;
      if (shard.done || (shard.parent && this.shards.get(shard.parent)?.done === false)) continue;
      const result = await this.read(shard);
      if (!result) continue;
      const records = result.Records ?? [];
      const entries: Entry[] = [];
      for (const raw of records) {
        try {
          entries.push({ raw, change: changeRecordOf(raw) });
        } catch (err) {
          await this.deadLetters.add(shard.id, "read", raw, err);
        }
      }
      if (entries.length > 0) await this.dispatch(shard, entries);
      // Only now, every subscriber done with the batch, does the shard move on.
      shard.iterator = result.NextShardIterator;
      shard.after = records.at(-1)?.dynamodb?.SequenceNumber ?? shard.after;
      shard.done = !shard.iterator;
      if (records.length > 0 || shard.done) await this.save();
      if (records.length >= PAGE && shard.iterator) full = true;
    }
    return full;
  }

  /** The shard's next page, or undefined when it has none to give this time. */
  private async read(shard: Shard) {
    shard.iterator ??= await this.iteratorFor(shard);
    if (!shard.iterator) return undefined;
    try {
      return await this.client.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: PAGE }));
    } catch (err) {
      if (err instanceof ExpiredIteratorException) {
        // A new one is taken from the shard's position on the next poll.
        shard.iterator = undefined;
        return undefined;
      }
      if (err instanceof TrimmedDataAccessException) {
        this.rewind(shard, err);
        return undefined;
      }
      throw err;
    }
  }

  /** An iterator at the shard's position; a position the stream no longer has restarts at its oldest record. */
  private async iteratorFor(shard: Shard): Promise<string | undefined> {
    try {
      if (shard.after) {
        try {
          const { ShardIterator } = await this.client.send(
            new GetShardIteratorCommand({
              StreamArn: this.streamArn,
              ShardId: shard.id,
              ShardIteratorType: "AFTER_SEQUENCE_NUMBER",
              SequenceNumber: shard.after,
            }),
          );
          return ShardIterator;
        } catch (err) {
          if (!(err instanceof TrimmedDataAccessException || (err as Error).name === "ValidationException"))
            throw err;
          this.rewind(shard, err);
        }
      }
      const { ShardIterator } = await this.client.send(
        new GetShardIteratorCommand({
          StreamArn: this.streamArn,
          ShardId: shard.id,
          ShardIteratorType: shard.start,
        }),
      );
      return ShardIterator;
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
      this.shards.delete(shard.id);
      return undefined;
    }
  }

  private rewind(shard: Shard, err: unknown) {
    log.warn(
      "change feed: a shard's position is no longer in the stream; reading it from its oldest record",
      {
        shard: shard.id,
        after: shard.after,
        error: (err as Error).message,
      },
    );
    shard.after = undefined;
    shard.start = "TRIM_HORIZON";
    shard.iterator = undefined;
  }

  private async save() {
    if (!this.checkpointFile) return;
    const positions: Positions = {};
    for (const shard of this.shards.values()) if (shard.after) positions[shard.id] = shard.after;
    await saveCheckpoint(this.checkpointFile, this.streamArn, positions);
  }

  /** Hands the batch to every subscriber in order. */
  private async dispatch(shard: Shard, entries: Entry[]) {
    for (const subscriber of this.subscribers)
      await this.deliver(shard, subscriber, entries, this.attempts, true);
  }

  /**
   * Gives a subscriber the batch, again after a failure with growing pauses, up to `attempts` times. A
   * batch it still refuses is bisected (each half once, a single record with every attempt) down to the
   * records it refuses alone; those go to the dead letters. Records of the halves it took stay taken:
   * the records of a batch can be delivered more than once, never skipped.
   */
  private async deliver(
    shard: Shard,
    subscriber: Subscriber,
    batch: Entry[],
    attempts: number,
    whole = false,
  ) {
    let error: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await this.pause((this.options.backoffMs ?? 100) * 2 ** (attempt - 1));
      if (!this.running) throw new Stopped();
      try {
        await subscriber.handler(batch.map((entry) => entry.change));
        return;
      } catch (err) {
        error = err;
        if (whole) this.onError(err);
      }
    }
    const [only] = batch;
    if (batch.length === 1 && only) return this.deadLetters.add(shard.id, subscriber.name, only.raw, error);
    const middle = Math.ceil(batch.length / 2);
    for (const half of [batch.slice(0, middle), batch.slice(middle)])
      await this.deliver(shard, subscriber, half, half.length === 1 ? this.attempts : 1);
  }

  /** Waits between attempts; stop() ends the wait at once. */
  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(ms, 5000));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
