/** Attempts of a batch read before it gives up on the keys still unprocessed. */
const ATTEMPTS = 8;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads items by key with BatchGetItem (ElectroDB's `entity.get([...]).go()`, 100 keys a call), asking
 * again, with growing pauses, for what a call leaves unprocessed: DynamoDB leaves keys unread under
 * throttling, and a key taken for missing would be a wrong answer. `what` names the reader in the error.
 */
export async function getAll<K, T>(
  read: (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>,
  keys: K[],
  what: string,
): Promise<T[]> {
  const found: T[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === ATTEMPTS) throw new Error(`${what}: items left unread after retries`);
    if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 5000));
    const { data, unprocessed } = await read(pending);
    found.push(...data);
    pending = unprocessed;
  }
  return found;
}
