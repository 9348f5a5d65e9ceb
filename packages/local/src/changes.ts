import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from "@aws-sdk/client-dynamodb-streams";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { ChangeRecord } from "@reachcx/core/realtime/index";
import type { DynamoConnection } from "./dynamo.ts";

export type ChangeHandler = (records: ChangeRecord[]) => unknown;

const POLL_MS = 100;
/** Records per GetRecords call: the most DynamoDB Streams returns. */
const PAGE = 1000;
const DISCOVER_MS = 1000;

/**
 * Reads the table's stream from DynamoDB Local the way Lambda's event source does on AWS: every shard,
 * in order, following closed shards to their children. Starts at the newest record (LATEST) unless told
 * to replay from the oldest, and hands each batch to the subscribers in order; a failing subscriber is
 * retried (see dispatch).
 */
export class ChangeFeed {
  private readonly client: DynamoDBStreamsClient;
  private readonly iterators = new Map<string, string>();
  private readonly finished = new Set<string>();
  private readonly handlers = new Set<ChangeHandler>();
  private timer: NodeJS.Timeout | undefined;
  private lastDiscover = 0;
  private running = false;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    dynamo: DynamoConnection,
    private readonly streamArn: string,
    private readonly onError: (err: unknown) => void,
    /** Where reading begins: the newest record (the runtime), or the oldest kept (replays, the bench). */
    private readonly from: "latest" | "oldest" = "latest",
  ) {
    const { endpoint, credentials } = dynamo;
    this.client = new DynamoDBStreamsClient({ endpoint, credentials, region: "us-east-1" });
  }

  subscribe(handler: ChangeHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async start() {
    this.running = true;
    await this.discover(true);
    this.schedule();
  }

  async stop() {
    this.running = false;
    clearTimeout(this.timer);
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
        .catch(this.onError)
        .finally(() => this.schedule(behind ? 0 : POLL_MS));
    }, delay);
  }

  /**
   * Finds shards; those present at start begin at LATEST (closed ones skipped), those born later at
   * TRIM_HORIZON. Reading from the oldest record, every shard begins at TRIM_HORIZON.
   */
  private async discover(initial: boolean) {
    this.lastDiscover = Date.now();
    let start: string | undefined;
    do {
      const { StreamDescription } = await this.client.send(
        new DescribeStreamCommand({ StreamArn: this.streamArn, ExclusiveStartShardId: start }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId as string;
        if (this.iterators.has(id) || this.finished.has(id)) continue;
        const latest = initial && this.from === "latest";
        const closed = Boolean(shard.SequenceNumberRange?.EndingSequenceNumber);
        if (latest && closed) {
          this.finished.add(id);
          continue;
        }
        const { ShardIterator } = await this.client.send(
          new GetShardIteratorCommand({
            StreamArn: this.streamArn,
            ShardId: id,
            ShardIteratorType: latest ? "LATEST" : "TRIM_HORIZON",
          }),
        );
        if (ShardIterator) this.iterators.set(id, ShardIterator);
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
  }

  /** Reads every shard once; true when some shard returned a full page, so more records are waiting. */
  private async poll(): Promise<boolean> {
    if (Date.now() - this.lastDiscover > DISCOVER_MS) await this.discover(false);
    let full = false;
    for (const [shard, iterator] of [...this.iterators]) {
      if (!this.running) return false;
      let result: { Records?: _Record[]; NextShardIterator?: string };
      try {
        result = await this.client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: PAGE }));
      } catch (err) {
        if (err instanceof ExpiredIteratorException) {
          this.iterators.delete(shard);
          continue;
        }
        throw err;
      }
      // Read before the iterator moves on: a batch that cannot be read is read again, never skipped.
      const records = (result.Records ?? []).map(toChangeRecord);
      if (result.NextShardIterator) this.iterators.set(shard, result.NextShardIterator);
      else {
        this.iterators.delete(shard);
        this.finished.add(shard);
      }
      if (records.length >= PAGE && result.NextShardIterator) full = true;
      if (records.length > 0) await this.dispatch(records);
    }
    return full;
  }

  /**
   * Hands the batch to every subscriber in order. A subscriber that fails gets the same batch again,
   * with growing pauses, until it succeeds or the feed stops: a record is never skipped silently.
   */
  private async dispatch(records: ChangeRecord[]) {
    for (const handler of this.handlers) {
      for (let attempt = 0; this.running; attempt++) {
        try {
          await handler(records);
          break;
        } catch (err) {
          this.onError(err);
          await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** attempt, 5000)));
        }
      }
    }
  }
}

function toChangeRecord(record: _Record): ChangeRecord {
  const data = record.dynamodb;
  return {
    eventName: record.eventName as ChangeRecord["eventName"],
    newImage: data?.NewImage ? unmarshall(typed(data.NewImage) as never) : undefined,
    oldImage: data?.OldImage ? unmarshall(typed(data.OldImage) as never) : undefined,
  };
}

type Image = Record<string, unknown>;

/**
 * DynamoDB Local's stream writes an empty map attribute as `{}`, with no type, which unmarshall refuses;
 * such an attribute is left out (an empty map holds nothing). Maps inside are cleaned the same way.
 */
export function typed(image: Image): Image {
  const out: Image = {};
  for (const [key, value] of Object.entries(image)) {
    if (!value || typeof value !== "object" || Object.keys(value).length === 0) continue;
    const map = (value as { M?: Image }).M;
    out[key] = map ? { M: typed(map) } : value;
  }
  return out;
}
