import { setFlagsFromString } from "node:v8";
import { wholeNumberSetting } from "./errors.ts";

/**
 * How far V8 lets the JS heap grow past what the last full collection kept, in percent
 * (HEAP_GROWING_PERCENT; 0 leaves V8's own factor, which goes up to 300%). An import or a campaign build
 * allocates fast and keeps little (about 60 MB live, idle or busy), and with V8's own factor the heap
 * grew to three or four times that between collections, most of the server's memory (docs/architecture.md,
 * The server's memory). 100% collects sooner for the same live set; 50% kept the heap smaller still, but its
 * more frequent full collections stalled the event loop enough to put the contact list's p95 during a
 * 1,000,000-row import over its 150 ms goal (docs/search.md).
 */
export const HEAP_GROWING_PERCENT_DEFAULT = 100;

export function heapGrowingPercentOf(text: string | undefined): number {
  return (
    wholeNumberSetting("HEAP_GROWING_PERCENT", text, { min: 0, max: 1000 }) ?? HEAP_GROWING_PERCENT_DEFAULT
  );
}

/** Sets the factor; V8 reads it at each full collection, so setting it before the runtime starts is enough. */
export function applyHeapGrowth(text: string | undefined) {
  const percent = heapGrowingPercentOf(text);
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
