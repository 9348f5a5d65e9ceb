import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { SearchDoc, SearchModel } from "@reachcx/core/search/port";

type Key = { tenant: string; id: string };

/** What the API's thread asks of the writer thread (writer-thread.ts). */
export type WriteRequest =
  | { id: number; op: "upsert"; model: SearchModel; items: SearchDoc[] }
  | { id: number; op: "remove"; model: SearchModel; items: Key[] }
  | { op: "close" };

/** The answer to one write: committed, or the error that rolled its transaction back. */
export interface WriteReply {
  id: number;
  error?: { name: string; message: string; stack?: string };
}

interface Pending {
  resolve: () => void;
  reject: (err: Error) => void;
}

const THREAD = new URL("./writer-thread.ts", import.meta.url);
/**
 * The thread's JS heap bounds (MiB). It holds one batch of at most a thousand documents at a time, so V8
 * is told to collect early instead of growing the heap with garbage (docs/search.md, The index's memory);
 * a thread that still ran out would stop, fail the writes it held (the change feed sends them again) and
 * be started again by the next write.
 */
const HEAP_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 };

/**
 * The thread's bootstrap: it registers tsx's loader, then imports writer-thread.ts. On Node 20 a loader
 * given by `--import` in a worker's execArgv does not reach the worker's entry module ("Unknown file
 * extension .ts"), and this module may have been loaded by tsx or by vitest's runner alike, so the thread
 * registers tsx itself (its ESM API, located through its package.json exports).
 */
function bootstrap() {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const exports = JSON.parse(readFileSync(manifest, "utf8")).exports as Record<
    string,
    { import: { default: string } }
  >;
  const api = pathToFileURL(join(dirname(manifest), exports["./esm/api"]?.import.default ?? "")).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD.href)}); });`;
}

/**
 * Index writes in a worker thread with its own connection on the index file (WAL), so the API's event
 * loop only posts a batch and waits, and keeps answering queries while SQLite writes (docs/search.md, The
 * indexer). Writes run one at a time in the order given; each promise settles when its transaction has
 * committed (then the API's connection sees it) or rejects with the error that rolled it back, so the
 * change feed retries, bisects and sets records aside exactly as with an in-thread writer. A thread that
 * dies fails the writes it held and is started again by the next write.
 */
export function threadedWriter(file: string, cacheMiB: number) {
  let worker: Worker | undefined;
  let closing: Promise<void> | undefined;
  let next = 0;
  const pending = new Map<number, Pending>();

  const start = () => {
    const thread = new Worker(bootstrap(), {
      eval: true,
      workerData: { file, cacheMiB },
      execArgv: [],
      resourceLimits: HEAP_LIMITS,
    });
    thread.on("message", ({ id, error }: WriteReply) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (!error) return waiting?.resolve();
      const err = new Error(error.message);
      err.name = error.name;
      if (error.stack) err.stack = error.stack;
      waiting?.reject(err);
    });
    const fail = (err: Error) => {
      if (worker === thread) worker = undefined;
      for (const waiting of pending.values()) waiting.reject(err);
      pending.clear();
    };
    thread.on("error", fail);
    thread.on("exit", (code) =>
      fail(new Error(`the search index's writer thread stopped (exit code ${code}) before answering`)),
    );
    return thread;
  };

  const send = (request: Exclude<WriteRequest, { op: "close" }>) =>
    new Promise<void>((resolve, reject) => {
      if (closing) return reject(new Error("the search index is closed"));
      worker ??= start();
      pending.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });

  return {
    upsert: (model: SearchModel, items: SearchDoc[]) => send({ id: ++next, op: "upsert", model, items }),
    remove: (model: SearchModel, items: Key[]) => send({ id: ++next, op: "remove", model, items }),
    /** Lets the writes already posted finish, then closes the thread's connection and ends it. */
    close() {
      const thread = worker;
      closing ??= thread
        ? new Promise<void>((resolve) => {
            thread.once("exit", () => resolve());
            thread.postMessage({ op: "close" } satisfies WriteRequest);
          })
        : Promise.resolve();
      return closing;
    },
  };
}
