import { appendFile } from "node:fs/promises";
import { log } from "@reachcx/functions/log";
import { describeRecord, type StreamRecord } from "@reachcx/functions/stream/records";

export interface DeadLetter {
  at: string;
  shard: string;
  /** Where it failed: "read" (its images could not be converted) or the name of the subscriber. */
  stage: string;
  error: string;
  sequenceNumber?: string;
  eventName?: string;
  keys?: Record<string, unknown>;
  /** The stream record as DynamoDB Streams gave it (binary values as base64). */
  record: unknown;
}

/** How many set-aside records are kept in memory when there is no DATA_DIR. */
const KEPT = 1000;

/**
 * Stream records the change feed set aside so the rest could go on: appended to DATA_DIR/dead-letters.jsonl
 * (one JSON object a line, with the raw record, the error and the time), or kept in memory without a
 * DATA_DIR. Each one is also one log line with its keys, never its images (they may hold sealed
 * credentials), and counted.
 */
export class DeadLetters {
  /** Records set aside since start. */
  count = 0;
  /** The latest ones, when there is no file (or it could not be written). */
  readonly kept: DeadLetter[] = [];

  constructor(readonly file?: string) {}

  async add(shard: string, stage: string, record: StreamRecord, err: unknown) {
    const error = err instanceof Error ? err.message : String(err);
    const letter: DeadLetter = {
      at: new Date().toISOString(),
      shard,
      stage,
      error,
      ...describeRecord(record),
      record,
    };
    this.count++;
    log.error("change feed: a record was set aside so the feed can go on", {
      stage,
      shard,
      sequenceNumber: letter.sequenceNumber,
      eventName: letter.eventName,
      keys: letter.keys,
      error: error.slice(0, 300),
      deadLetters: this.count,
      file: this.file ?? "memory",
    });
    if (this.file) {
      try {
        await appendFile(this.file, `${JSON.stringify(letter, binaryAsBase64)}\n`);
        return;
      } catch (err) {
        // A full disk must not stop the feed: the line above has the keys, memory keeps the record.
        log.error("change feed: the dead letter could not be written", {
          file: this.file,
          error: (err as Error).message,
        });
      }
    }
    this.kept.push(letter);
    if (this.kept.length > KEPT) this.kept.shift();
  }
}

function binaryAsBase64(_key: string, value: unknown) {
  return value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value;
}
