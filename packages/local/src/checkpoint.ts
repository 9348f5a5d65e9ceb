import { readFile, rename, writeFile } from "node:fs/promises";
import { log } from "@reachcx/functions/log";

/** Each shard's last sequence number that every subscriber has handled, by shard id. */
export type Positions = Record<string, string>;

/**
 * The change feed's place in the table's stream, kept in DATA_DIR/stream-checkpoint.json for one stream
 * ARN: a table made anew (a new stream) starts from the beginning instead of from another stream's
 * numbers. A missing, damaged or foreign file reads as no positions at all, so every shard is read from
 * its oldest record: a replay, which the indexer takes as a no-op, never a gap.
 */
export async function loadCheckpoint(file: string, streamArn: string): Promise<Positions> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return {};
  }
  try {
    const saved = JSON.parse(text) as { streamArn?: unknown; shards?: unknown };
    if (saved.streamArn !== streamArn || !saved.shards || typeof saved.shards !== "object") return {};
    return Object.fromEntries(
      Object.entries(saved.shards).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch (err) {
    log.warn("change feed: the stream checkpoint is damaged; reading every shard from its oldest record", {
      file,
      error: (err as Error).message,
    });
    return {};
  }
}

/** Written whole beside the old file, then renamed over it: a kill leaves the old place or the new. */
export async function saveCheckpoint(file: string, streamArn: string, shards: Positions) {
  const temp = `${file}.tmp`;
  await writeFile(temp, JSON.stringify({ streamArn, shards }));
  await rename(temp, file);
}
