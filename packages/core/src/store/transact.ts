import { setTimeout as sleep } from "node:timers/promises";

/** Running a DynamoDB transaction written with ElectroDB and reading why it was refused. */

type TxResult = { canceled: boolean; data: { rejected?: boolean; code?: string }[] };

/**
 * Runs `run`; null when it committed, else for each item whether its condition failed (the caller decides
 * what a refusal means: someone else got there first). A transaction that only collided with another one
 * in flight (TransactionConflict, no condition failed) is run again a few times: the winner's writes are
 * then visible, and the loser's conditions refuse it properly.
 */
export async function transact(
  run: () => Promise<TxResult>,
  label = "transaction",
  retries = 6,
): Promise<boolean[] | null> {
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
    if (!conditionFailed && attempt < retries && codes.some((c) => c === "TransactionConflict")) {
      await sleep(5 + Math.random() * 30 * (attempt + 1));
      continue;
    }
    if (!conditionFailed && !codes.includes("None")) throw new Error(`${label} refused: ${codes.join(", ")}`);
    return codes.map((c) => c === "ConditionalCheckFailed");
  }
}
