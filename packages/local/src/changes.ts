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

export type ChangeHandler = (records: ChangeRecord[]) => unknown;

const POLL_MS = 100;
const DISCOVER_MS = 1000;

/**
 * Reads the table's stream from DynamoDB Local the way Lambda's event source does on AWS: every shard,
 * in order, following closed shards to their children. Starts at the newest record (LATEST) and hands each
 * batch to the subscribers in order; a failing subscriber is retried (see dispatch).
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
    endpoint: string,
    private readonly streamArn: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.client = new DynamoDBStreamsClient({
      endpoint,
      region: "us-east-1",
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
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

  private schedule() {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.loop = this.poll()
        .catch(this.onError)
        .finally(() => this.schedule());
    }, POLL_MS);
  }

  /** Finds shards; those present at start begin at LATEST, those born later at TRIM_HORIZON. */
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
        const closed = Boolean(shard.SequenceNumberRange?.EndingSequenceNumber);
        if (initial && closed) {
          this.finished.add(id);
          continue;
        }
        const { ShardIterator } = await this.client.send(
          new GetShardIteratorCommand({
            StreamArn: this.streamArn,
            ShardId: id,
            ShardIteratorType: initial ? "LATEST" : "TRIM_HORIZON",
          }),
        );
        if (ShardIterator) this.iterators.set(id, ShardIterator);
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
  }

  private async poll() {
    if (Date.now() - this.lastDiscover > DISCOVER_MS) await this.discover(false);
    for (const [shard, iterator] of [...this.iterators]) {
      if (!this.running) return;
      let result: { Records?: _Record[]; NextShardIterator?: string };
      try {
        result = await this.client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      } catch (err) {
        if (err instanceof ExpiredIteratorException) {
          this.iterators.delete(shard);
          continue;
        }
        throw err;
      }
      if (result.NextShardIterator) this.iterators.set(shard, result.NextShardIterator);
      else {
        this.iterators.delete(shard);
        this.finished.add(shard);
      }
      const records = (result.Records ?? []).map(toChangeRecord);
      if (records.length > 0) await this.dispatch(records);
    }
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
    newImage: data?.NewImage ? unmarshall(data.NewImage as never) : undefined,
    oldImage: data?.OldImage ? unmarshall(data.OldImage as never) : undefined,
  };
}
