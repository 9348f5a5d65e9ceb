import type { BatchWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { useStore } from "../env.ts";
import { getAll } from "../store/batch-get.ts";
import type {
  CampaignContactItem,
  CampaignContactStatus,
  ContactPaceItem,
  DialChannel,
  QueueCursorItem,
} from "../store/entities/dialer.ts";
import { transact } from "../store/transact.ts";
import { sendBatches } from "./batch.ts";
import { withAttempt } from "./compliance/pace.ts";
import { counterWrites } from "./counters.ts";
import { addDelta, type CounterDelta, moveDelta, queueOf, seqRank } from "./model.ts";
import { SWEEP_LEASE_MS } from "./sweep.ts";
import { inFlight, isConditionFailure } from "./tx.ts";

/**
 * Block claims (docs/dialer.md "Dispense"): a FIFO fresh queue is taken in blocks. ONE small
 * transaction claims a block — the queue's cursor moved from R0 to R1 (conditional on R0 and on no block
 * of the queue being in flight), the batch journal `claimed` (its moves, to undo them), the counter
 * deltas — and only then are the block's records and the people's pace records written, unconditionally,
 * with BatchWriteItem (nobody else may write them: the cursor fences this campaign's other dispensers,
 * the tenant's lease the other campaigns); then the batch is marked `applied` (conditional: the commit
 * point) and the cursor unmarked, after which the contacts are handed out. A dispenser that dies in between leaves a
 * pending block: anyone who finds it older than PENDING_MS (the sweeper, the next claim of the queue)
 * undoes it from the journal. Contacts the cursor passed over (not ready yet, refused by pace) stay in
 * the queue below it and go by the per-contact path, which checks the cursor in its own transaction.
 */

/** A block still pending after this long (dispense clock) was left by a dead dispenser: undone. */
export const PENDING_MS = 30_000;
/** A claim that lost the cursor to another dispenser reads it again, this often at most. */
const CLAIM_TRIES = 3;
/** How long a cursor read is reused to pick the per-contact path's candidates (stale is safe: lower). */
const CURSOR_TTL_MS = 1_000;
const DNC_REASON = "Do not call";

type Contact = CampaignContactItem;
type Key = { tenant: string; campaignId: string };

/** One contact's part of a block: claimed for the dialer (with its pace read), or completed by DNC. */
export interface BlockMove {
  contact: Contact;
  to: "inDialer" | "completed";
  pace?: ContactPaceItem;
}

/** What a journal keeps of a move: enough to undo it. */
interface JournalMove {
  contactId: string;
  segmentId: string;
  status: CampaignContactStatus;
  channel: DialChannel;
  to: "inDialer" | "completed";
}

const cursorKey = (key: Key, segmentId: string, queue: string) =>
  `${key.tenant}|${key.campaignId}|${segmentId}|${queue}`;
/** Cursors as last read or written here; `own` when this process wrote it last (its next claim trusts it). */
const cursors = new Map<string, { item: QueueCursorItem | null; at: number; own?: boolean }>();
const locks = new Map<string, Promise<unknown>>();

/** Runs `fn` after the process's other claims of the same queue (one block of a queue in flight here). */
function serial<T>(id: string, fn: () => Promise<T>): Promise<T> {
  const run = (locks.get(id) ?? Promise.resolve()).then(fn, fn);
  const settled = run.catch(() => undefined);
  locks.set(id, settled);
  settled.then(() => {
    if (locks.get(id) === settled) locks.delete(id);
  });
  return run;
}

/** Whether this process has a block claim of the queue in flight (a caller then tries another queue first). */
export const claiming = (key: Key, segmentId: string, queue: string) =>
  locks.has(cursorKey(key, segmentId, queue));

async function readCursor(key: Key, segmentId: string, queue: string) {
  const { data } = await useStore()
    .entities.queueCursor.get({ ...key, segmentId, queue })
    .go({ consistent: true });
  cursors.set(cursorKey(key, segmentId, queue), { item: data, at: Date.now() });
  return data;
}

/**
 * How far block claims have taken a queue (reused for a second): the per-contact path takes only
 * contacts ranked at or below it. Null when no block was ever claimed from it.
 */
export async function cursorThrough(key: Key, segmentId: string, queue: string): Promise<string | null> {
  const had = cursors.get(cursorKey(key, segmentId, queue));
  const item =
    had && Date.now() - had.at < CURSOR_TTL_MS ? had.item : await readCursor(key, segmentId, queue);
  return item?.through ?? null;
}

/** Forgets a cached cursor (the per-contact path's check of it failed). */
export const forgetCursor = (key: Key, segmentId: string, queue: string) =>
  cursors.delete(cursorKey(key, segmentId, queue));

/**
 * The per-contact path's fence on a block queue, for a transaction taking contacts ranked up to
 * `maxRank`: they are below the cursor and no block in flight starts below them.
 */
export function cursorFence(
  tx: Parameters<Parameters<ReturnType<typeof useStore>["transaction"]["write"]>[0]>[0],
  key: Key,
  segmentId: string,
  queue: string,
  maxRank: string,
) {
  return tx.queueCursor
    .check({ ...key, segmentId, queue })
    .where(
      (a, op) =>
        `${op.gte(a.through, maxRank)} AND (${op.notExists(a.pending)} OR ${op.gte(a.pendingFrom, maxRank)})`,
    )
    .commit();
}

/** The counter deltas of a block's moves, by segment. */
function deltasOf(moves: JournalMove[], sign: 1 | -1) {
  const deltas = new Map<string, CounterDelta>();
  for (const m of moves) {
    const move = moveDelta(m, { status: m.to, channel: m.channel });
    const signed = Object.fromEntries(Object.entries(move).map(([k, n]) => [k, sign * n])) as CounterDelta;
    deltas.set(m.segmentId, addDelta(deltas.get(m.segmentId) ?? {}, signed));
  }
  return deltas;
}

/** The records and pace records a committed block writes. */
function blockWrites(moves: BlockMove[], batchId: string, now: number) {
  const nowIso = new Date(now).toISOString();
  const records = moves.map(({ contact: c, to }) =>
    to === "completed"
      ? {
          ...c,
          status: "completed" as const,
          queue: queueOf(c.channel, "completed", c.windowClass),
          rank: nowIso,
          completedReason: DNC_REASON,
        }
      : {
          ...c,
          status: "inDialer" as const,
          queue: queueOf(c.channel, "inDialer", c.windowClass),
          rank: nowIso,
          claim: batchId,
          prevStatus: c.status,
          claimedAt: nowIso,
        },
  );
  const paces = moves
    .filter((m) => m.to === "inDialer")
    .map(({ contact: c, pace }) => ({
      tenant: c.tenant,
      contactId: c.contactId,
      attempts: withAttempt({ attempts: pace?.attempts ?? [], lastRpcAt: pace?.lastRpcAt ?? null }, now)
        .attempts,
      ...(pace?.lastRpcAt ? { lastRpcAt: pace.lastRpcAt } : {}),
      busy: batchId,
      busyUntil: now + SWEEP_LEASE_MS,
      version: (pace?.version ?? 0) + 1,
    }));
  const store = useStore().entities;
  return [
    ...(store.campaignContact.put(records).params() as BatchWriteCommandInput[]),
    ...(paces.length > 0 ? (store.contactPace.put(paces).params() as BatchWriteCommandInput[]) : []),
  ];
}

/**
 * Claims the next block of up to `n` contacts of one FIFO fresh queue and writes it: `decide` picks the
 * moves among the contacts read past the cursor (the others are passed over). Answers the batch id and
 * the moves handed over ([] when the queue is empty, another dispenser's block is in flight, or the
 * claim was lost).
 */
export async function claimBlock(
  key: Key,
  segmentId: string,
  queue: string,
  n: number,
  now: number,
  batchId: string,
  decide: (read: Contact[]) => Promise<BlockMove[]>,
  buildJobId: string | null,
): Promise<BlockMove[]> {
  return serial(cursorKey(key, segmentId, queue), async () => {
    const id = cursorKey(key, segmentId, queue);
    for (let attempt = 0; attempt < CLAIM_TRIES; attempt++) {
      // This process's own last write of the cursor is trusted (a stale one only loses the claim).
      const mine = cursors.get(id);
      const cursor = mine?.own ? mine.item : await readCursor(key, segmentId, queue);
      if (cursor?.pending) {
        if (now - (cursor.pendingAt ?? 0) <= PENDING_MS) return [];
        await undoBlock(key, cursor);
        continue;
      }
      const from = cursor?.through ?? null;
      const q = useStore().entities.campaignContact.query.byQueue({ ...key, segmentId, queue });
      const { data } = await (from ? q.gte({ rank: from }) : q).go({ order: "asc", limit: n + 1 });
      const read = data.filter((c) => from === null || c.rank > from).slice(0, n);
      if (read.length === 0) return [];
      const through = read[read.length - 1]?.rank as string;
      const moves = await decide(read);
      const journal: JournalMove[] = moves.map(({ contact: c, to }) => ({
        contactId: c.contactId,
        segmentId: c.segmentId,
        status: c.status,
        channel: c.channel,
        to,
      }));
      const cursorKeyOf = { ...key, segmentId, queue };
      const written = { ...cursorKeyOf, through } as QueueCursorItem;
      const refused = await transact(() =>
        useStore()
          .transaction.write((tx) => [
            // Still Active with the same list: an end, a delete or a reset stops every claim at once.
            tx.campaign
              .check({ tenant: key.tenant, id: key.campaignId })
              .where((a, op) =>
                buildJobId
                  ? `${op.eq(a.status, "Active")} AND ${op.eq(a.buildJobId, buildJobId)}`
                  : `${op.eq(a.status, "Active")} AND ${op.notExists(a.buildJobId)}`,
              )
              .commit(),
            tx.queueCursor
              .update(cursorKeyOf)
              .set(
                moves.length > 0
                  ? { through, pending: batchId, pendingFrom: from ?? "", pendingAt: now }
                  : { through },
              )
              .where((a, op) =>
                from === null
                  ? op.notExists(a.through)
                  : `${op.eq(a.through, from)} AND ${op.notExists(a.pending)}`,
              )
              .commit(),
            ...(moves.length > 0
              ? [
                  tx.dispenseBatch
                    .put({
                      ...key,
                      batchId,
                      state: "claimed",
                      contacts: journal.filter((m) => m.to === "inDialer").map((m) => m.contactId),
                      moves: JSON.stringify(journal),
                      at: now,
                    })
                    .where((a, op) => op.notExists(a.batchId))
                    .commit(),
                  ...counterWrites(tx, key, deltasOf(journal, 1)),
                ]
              : []),
          ])
          .go(),
      );
      // The cursor moved under us (another dispenser's block): read it again.
      if (refused !== null) {
        forgetCursor(key, segmentId, queue);
        continue;
      }
      cursors.set(id, { item: written, at: Date.now(), own: moves.length === 0 });
      if (moves.length === 0) continue;
      await sendBatches(blockWrites(moves, batchId, now));
      // The commit point: `applied` (conditional: an undo writes `void` first). Then the cursor settles; a
      // dispenser dying in between leaves an applied block marked pending, which an undo only unmarks.
      const settled = await useStore()
        .entities.dispenseBatch.patch({ ...key, batchId })
        .set({ state: "applied" })
        .where((a, op) => op.eq(a.state, "claimed"))
        .go()
        .then(
          () => null,
          (err: unknown) => {
            if (!isConditionFailure(err)) throw err;
            return err;
          },
        );
      if (settled === null)
        await useStore()
          .entities.queueCursor.patch(cursorKeyOf)
          .remove(["pending", "pendingFrom", "pendingAt"])
          .where((a, op) => op.eq(a.pending, batchId))
          .go()
          .catch((err: unknown) => {
            if (!isConditionFailure(err)) throw err;
          });
      if (settled !== null) {
        // Undone meanwhile (this dispenser was taken for dead): nothing is handed out.
        forgetCursor(key, segmentId, queue);
        return [];
      }
      cursors.set(id, { item: written, at: Date.now(), own: true });
      return moves;
    }
    return [];
  });
}

/** Reads a block's records, 100 keys a call. */
async function recordsOf(key: Key, ids: string[]) {
  if (ids.length === 0) return new Map<string, Contact>();
  const data = await getAll(
    (keys) => useStore().entities.campaignContact.get(keys).go({ concurrent: 4 }),
    ids.map((contactId) => ({ ...key, contactId })),
    "block undo",
  );
  return new Map(data.map((c) => [c.contactId, c]));
}

/** Puts one contact of an undone block back where it was read (fresh), if the block's write landed. */
async function restore(key: Key, m: JournalMove, c: Contact | undefined, batchId: string) {
  const claimed = m.to === "inDialer" && c?.status === "inDialer" && c.claim === batchId;
  const completed = m.to === "completed" && c?.status === "completed" && c.completedReason === DNC_REASON;
  if (!c || !(claimed || completed)) return false;
  await useStore()
    .entities.campaignContact.patch({ ...key, contactId: c.contactId })
    .set({ status: m.status, queue: queueOf(c.channel, m.status, c.windowClass), rank: seqRank(c.seq) })
    .remove(["claim", "prevStatus", "claimedAt", "completedReason"])
    .where((a, op) =>
      claimed
        ? `${op.eq(a.status, "inDialer")} AND ${op.eq(a.claim, batchId)}`
        : op.eq(a.status, "completed"),
    )
    .go()
    .catch((err: unknown) => {
      if (!isConditionFailure(err)) throw err;
    });
  return claimed;
}

/** Ends an undone block's hold on a person and takes its attempt back off the pace. */
async function releasePace(tenant: string, contactId: string, batchId: string, at: number) {
  const paces = useStore().entities.contactPace;
  const { data: pace } = await paces.get({ tenant, contactId }).go();
  if (!pace || pace.busy !== batchId) return;
  await paces
    .patch({ tenant, contactId })
    .set({ attempts: pace.attempts.filter((t) => t !== at), version: pace.version + 1 })
    .remove(["busy", "busyUntil"])
    .where((a, op) => op.eq(a.version, pace.version))
    .go()
    .catch((err: unknown) => {
      if (!isConditionFailure(err)) throw err;
    });
}

/**
 * Undoes a pending block its dispenser left: the batch written `void` with the counter deltas reversed
 * (one transaction, conditional on it still being `claimed`: a dispenser cannot apply it after that),
 * then whatever of its records and paces had landed put back, then the cursor's pending mark removed. A
 * block found already `applied` only has its mark removed (its contacts are inDialer: the sweeper's).
 * Answers how many contacts were taken back from inDialer.
 */
async function undoBlock(key: Key, cursor: QueueCursorItem): Promise<number> {
  const batchId = cursor.pending as string;
  const batches = useStore().entities.dispenseBatch;
  const { data: batch } = await batches.get({ ...key, batchId }).go({ consistent: true });
  let returned = 0;
  if (batch?.state === "claimed" || batch?.state === "void") {
    const moves = JSON.parse(batch.moves ?? "[]") as JournalMove[];
    if (batch.state === "claimed") {
      const refused = await transact(() =>
        useStore()
          .transaction.write((tx) => [
            tx.dispenseBatch
              .patch({ ...key, batchId })
              .set({ state: "void" })
              .where((a, op) => op.eq(a.state, "claimed"))
              .commit(),
            ...counterWrites(tx, key, deltasOf(moves, -1)),
          ])
          .go(),
      );
      // Applied just now by its dispenser: alive after all; its contacts are the sweeper's.
      if (refused !== null) return 0;
    }
    const records = await recordsOf(
      key,
      moves.map((m) => m.contactId),
    );
    const back = await inFlight(moves, 8, (m) => restore(key, m, records.get(m.contactId), batchId));
    returned = back.filter(Boolean).length;
    await inFlight(
      moves.filter((m) => m.to === "inDialer"),
      8,
      (m) => releasePace(key.tenant, m.contactId, batchId, batch.at ?? 0),
    );
  }
  await useStore()
    .entities.queueCursor.patch({ ...key, segmentId: cursor.segmentId, queue: cursor.queue })
    .remove(["pending", "pendingFrom", "pendingAt"])
    .where((a, op) => op.eq(a.pending, batchId))
    .go()
    .catch((err: unknown) => {
      if (!isConditionFailure(err)) throw err;
    });
  forgetCursor(key, cursor.segmentId, cursor.queue);
  return returned;
}

/** How long a clear waits for the blocks in flight to be written (wall clock). */
const SETTLE_WAIT_MS = 30_000;

/**
 * Waits until no block of the campaign is in flight (a clear calls it once no new claim can commit: the
 * campaign is no longer Active, or names another build), so that no block's records are written after
 * the clear walked past them; a block still pending after SETTLE_WAIT_MS belongs to a dead dispenser.
 */
export async function settleBlocks(key: Key) {
  const until = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const { data } = await useStore().entities.queueCursor.query.byCampaign(key).go({ pages: "all" });
    if (!data.some((c) => c.pending) || Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The sweeper's part: undoes every block of the campaign still pending PENDING_MS after its dispense
 * time. Answers how many contacts went back from inDialer.
 */
export async function undoPendingBlocks(key: Key, now: number): Promise<number> {
  const { data } = await useStore().entities.queueCursor.query.byCampaign(key).go({ pages: "all" });
  let returned = 0;
  for (const cursor of data)
    if (cursor.pending && now - (cursor.pendingAt ?? 0) > PENDING_MS)
      returned += await undoBlock(key, cursor);
  return returned;
}
