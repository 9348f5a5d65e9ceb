/**
 * The list manager's small helpers: single writes refused by their condition, bounded concurrency.
 * Its transactions run through store/transact.ts.
 */

/** Whether an error is a single-item write refused by its condition. */
export const isConditionFailure = (err: unknown) =>
  /conditional/i.test(String(err)) || /conditional/i.test(String((err as { cause?: unknown }).cause));

/** Runs `fn` over `items` with at most `limit` calls in flight; answers in input order. */
export async function inFlight<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
