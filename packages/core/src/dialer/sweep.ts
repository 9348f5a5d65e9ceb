import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import type { CampaignContactItem } from "../store/entities/dialer.ts";
import { transact } from "../store/transact.ts";
import { undoPendingBlocks } from "./block.ts";
import { counterWrites, readList } from "./counters.ts";
import { epochHour, hourKindOf, moveDelta, queueOf, seqRank } from "./model.ts";
import { inFlight, isConditionFailure } from "./tx.ts";

/**
 * The sweeper (docs/dialer.md "Dispense"): contacts held inDialer past the lease (no result came back)
 * go back to the queue they came from. Their batch decides how: one never `applied` (its dispenser died
 * between claiming and counting) is first written `void` — after that no dispenser can apply it — and
 * its contacts go back with no counter change and their attempt taken off the person's pace (they were
 * never handed out); an applied one's contacts go back with the counter delta and keep the attempt in
 * the pace (they may have been dialed), not counted on the campaign.
 */

/** A contact inDialer longer than this without a result is taken back. */
export const SWEEP_LEASE_MS = 10 * 60_000;
/** A dispense starts the sweeper for its campaign at most this often (per process). */
export const SWEEP_EVERY_MS = 60_000;

type Contact = CampaignContactItem;
type Key = { tenant: string; campaignId: string };

/** One channel per lane: the inDialer queue of a class and lane is the same for SMS and Email. */
const LANE_CHANNELS = ["Voice", "SMS"] as const;

/** The queue and rank a contact goes back to when its claim ends without a result. */
function back(c: Contact) {
  const status = c.prevStatus ?? "fresh";
  return {
    status,
    queue: queueOf(c.channel, status, c.windowClass),
    rank: status === "fresh" ? seqRank(c.seq) : c.readyAt,
  };
}

/**
 * What a batch is: `applied`, `claimed` (a block still being written, or left pending: undone by
 * undoPendingBlocks), or `void` — written so now when it was none of these (conditional, once).
 */
async function settleState(key: Key, batchId: string): Promise<"applied" | "claimed" | "void"> {
  const batches = useStore().entities.dispenseBatch;
  const { data } = await batches.get({ ...key, batchId }).go();
  if (data) return data.state;
  try {
    await batches
      .put({ ...key, batchId, state: "void", contacts: [] })
      .where((a, op) => op.notExists(a.batchId))
      .go();
    return "void";
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // Applied meanwhile: its dispenser committed just now.
    const again = await batches.get({ ...key, batchId }).go();
    return again.data?.state ?? "void";
  }
}

/** Ends the batch's hold on the person (and, for a void batch, takes its attempt back off the pace). */
async function releasePace(tenant: string, c: Contact, batchId: string, dropAttempt: boolean) {
  const paces = useStore().entities.contactPace;
  const { data: pace } = await paces.get({ tenant, contactId: c.contactId }).go();
  if (!pace || pace.busy !== batchId) return;
  const claimedMs = c.claimedAt ? Date.parse(c.claimedAt) : Number.NaN;
  const attempts = dropAttempt ? pace.attempts.filter((at) => at !== claimedMs) : pace.attempts;
  await paces
    .patch({ tenant, contactId: c.contactId })
    .set({ attempts, version: pace.version + 1 })
    .remove(["busy", "busyUntil"])
    .where((a, op) => op.eq(a.version, pace.version))
    .go()
    .catch((err: unknown) => {
      // Claimed again meanwhile (its busyUntil had passed): the new holder's record stands.
      if (!isConditionFailure(err)) throw err;
    });
}

/** Puts one contact of the batch back, with the counter delta when the batch had counted it. */
async function putBack(key: Key, c: Contact, batchId: string, counted: boolean) {
  const to = back(c);
  const kind = counted ? hourKindOf(to.status, c.channel) : null;
  const hours = kind ? [{ segmentId: c.segmentId, kind, hour: epochHour(c.readyAt), delta: 1 }] : [];
  const refused = await transact(() =>
    useStore()
      .transaction.write((tx) => [
        tx.campaignContact
          .patch({ ...key, contactId: c.contactId })
          .set({ segmentId: c.segmentId, status: to.status, queue: to.queue, rank: to.rank })
          .remove(["claim", "prevStatus", "claimedAt"])
          .where((a, op) => `${op.eq(a.status, "inDialer")} AND ${op.eq(a.claim, batchId)}`)
          .commit(),
        ...(counted
          ? counterWrites(
              tx,
              key,
              {
                [c.segmentId]: moveDelta(
                  { status: "inDialer", channel: c.channel },
                  { status: to.status, channel: c.channel },
                ),
              },
              hours,
            )
          : []),
      ])
      .go(),
  );
  // Refused: a result was applied meanwhile; the contact is no longer this batch's.
  if (refused === null) await releasePace(key.tenant, c, batchId, !counted);
  return refused === null;
}

/**
 * Ends a batch's claim on `contacts` (read inDialer under it): writes the batch void unless it was
 * applied, and puts them back. A dispense calls it when its batch could not be committed.
 */
export async function releaseBatch(key: Key, batchId: string, contacts: Contact[]) {
  const state = await settleState(key, batchId);
  if (state === "claimed") return 0;
  const done = await inFlight(contacts, 16, (c) => putBack(key, c, batchId, state === "applied"));
  return done.filter(Boolean).length;
}

/**
 * Takes back the campaign's contacts held inDialer longer than the lease, batch by batch, after undoing
 * the block claims their dispensers left pending (block.ts). Reads the inDialer queue of every window
 * class of every segment, oldest claims first; answers how many went back.
 */
export async function sweep(
  campaignId: string,
  now: Date = new Date(),
  options: { leaseMs?: number } = {},
): Promise<number> {
  const tenant = useTenant();
  const key = { tenant, campaignId };
  const cutoff = new Date(now.getTime() - (options.leaseMs ?? SWEEP_LEASE_MS)).toISOString();
  const undone = await undoPendingBlocks(key, now.getTime());
  const list = await readList(key);
  const stale: Contact[] = [];
  for (const [segmentId, seg] of list)
    for (const cls of seg.classes)
      for (const channel of LANE_CHANNELS) {
        const queue = queueOf(channel, "inDialer", cls);
        const { data } = await useStore()
          .entities.campaignContact.query.byQueue({ ...key, segmentId, queue })
          .lt({ rank: cutoff })
          .go({ pages: "all" });
        stale.push(...data);
      }
  const byBatch = new Map<string, Contact[]>();
  for (const c of stale) if (c.claim) byBatch.set(c.claim, [...(byBatch.get(c.claim) ?? []), c]);
  let returned = undone;
  for (const [batchId, contacts] of byBatch) returned += await releaseBatch(key, batchId, contacts);
  return returned;
}
