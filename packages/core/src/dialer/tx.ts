import { setTimeout as sleep } from "node:timers/promises";

/**
 * Running the list manager's small transactions: the answer says which items' conditions refused it (the
 * caller decides what a refusal means: someone else got there first), and a transaction that only
 * collided with another one in flight (TransactionConflict) is run again a few times.
 */

type TxResult = { canceled: boolean; data: { rejected?: boolean; code?: string }[] };

/** Runs `run`; null when it committed, else for each item whether its condition failed. */
export async function transact(run: () => Promise<TxResult>): Promise<boolean[] | null> {
  for (let attempt = 0; ; attempt++) {
    let codes: string[];
    try {
      const result = await run();
      if (!result.canceled) return null;
      codes = result.data.map((d) => d.code ?? (d.rejected ? "ConditionalCheckFailed" : "None"));
    } catch (err) {
      const text = `${String(err)} ${String((err as { cause?: unknown }).cause ?? "")}`;
      const list = /reasons \[([^\]]*)\]/.exec(text)?.[1];
      if (!list) throw err;
      codes = list.split(",").map((c) => c.trim());
    }
    const conditionFailed = codes.some((c) => c === "ConditionalCheckFailed");
    if (!conditionFailed && attempt < 6 && codes.some((c) => c === "TransactionConflict")) {
      await sleep(5 + Math.random() * 30 * (attempt + 1));
      continue;
    }
    if (!conditionFailed && !codes.includes("None"))
      throw new Error(`dialer transaction refused: ${codes.join(", ")}`);
    return codes.map((c) => c === "ConditionalCheckFailed");
  }
}

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
