/**
 * The body of the search index's writer thread (threaded-writer.ts starts it; docs/search.md, The
 * indexer): its own better-sqlite3 connection on the index file, the same writer as in-thread, one
 * request at a time in the order posted. Each request is answered once its transaction has committed, or
 * with the error that rolled it back, so the caller's batch succeeds or throws as an in-thread write does.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import type { SearchDoc } from "@reachcx/core/search/port";
import Database from "better-sqlite3";
import type { WriteReply, WriteRequest } from "./threaded-writer.ts";
import { sqliteWriter } from "./writer.ts";

/** How long a write waits for the API's connection to let go of the file (a custom sort index being made). */
const BUSY_MS = 60_000;
/** WAL length in frames (pages of 4 KiB) past which the thread waits for the readers of the moment and restarts the log. */
const STARVED_FRAMES = 16_384;
const CHECK_MS = 1000;
/** This thread's nice value: the API's thread comes first for the CPU, the index catches up in the gaps. */
const NICE = 10;

const port = parentPort;
if (!port) throw new Error("writer-thread.ts runs in a worker thread (threaded-writer.ts starts it)");
const { file, cacheMiB } = workerData as { file: string; cacheMiB: number };

// The layout is made (or migrated) by the API's connection before this thread starts: this one only writes.
const db = new Database(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.pragma(`busy_timeout = ${BUSY_MS}`);
db.pragma(`cache_size = -${cacheMiB * 1024}`);
// A WAL restarted after a checkpoint is cut back to this size instead of staying at its largest.
db.pragma("journal_size_limit = 67108864");
const writer = sqliteWriter(db);
let lastCheck = 0;
yieldToTheApi();

port.on("message", (request: WriteRequest) => {
  if (request.op === "close") {
    db.close();
    port.close();
    return;
  }
  let reply: WriteReply;
  try {
    if (request.op === "upsert") writer.upsert(request.model, request.items as SearchDoc[]);
    else writer.remove(request.model, request.items as { tenant: string; id: string }[]);
    reply = { id: request.id };
  } catch (err) {
    const { name, message, stack } = err as Error;
    reply = { id: request.id, error: { name, message, stack } };
  }
  port.postMessage(reply);
  keepWalShort();
});

/**
 * SQLite's automatic checkpoint is passive: while the API's reads keep overlapping it never finds the
 * log unused to start it over, and the WAL (which every read searches) would keep growing through a long
 * import. Once a second the thread checkpoints passively and reads the log's length; past STARVED_FRAMES
 * it checkpoints with RESTART, which waits (busy_timeout) for the readers of the moment to finish, never
 * blocking new ones, so the next write starts the log over.
 */
function keepWalShort() {
  const now = Date.now();
  if (now - lastCheck < CHECK_MS) return;
  lastCheck = now;
  const [state] = db.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[];
  if (state && state.log > STARVED_FRAMES) db.pragma("wal_checkpoint(RESTART)");
}

/**
 * Lowers this thread's CPU priority below the API's. On Linux a thread's id is a process id to
 * setpriority(2), which then applies to that thread alone; /proc/thread-self names it. Elsewhere (no
 * /proc) the thread keeps the process's priority.
 */
function yieldToTheApi() {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, NICE);
  } catch {
    // Not Linux: same priority as the API's thread.
  }
}
