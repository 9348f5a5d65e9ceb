import { randomBytes } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import type { CampaignSegment } from "../campaign/api.ts";
import { checkDnc, type DncSource, normalizePhone } from "../dnc/index.ts";
import { useEnv, useStore } from "../env.ts";
import { getAll } from "../store/batch-get.ts";
import type { CampaignContactItem, ContactPaceItem } from "../store/entities/dialer.ts";
import type { CampaignItem, ProfileItem } from "../store/entities.ts";
import { transact } from "../store/transact.ts";
import type { Dispensed } from "./api.ts";
import { type BlockMove, claimBlock, claiming, cursorFence, cursorThrough, forgetCursor } from "./block.ts";
import { paceAllows, withAttempt } from "./compliance/pace.ts";
import { isCallable } from "./compliance/window.ts";
import { counterWrites, type HourDelta, readList, type SegmentList, type TxEntities } from "./counters.ts";
import { holdsLease } from "./lease.ts";
import {
  addDelta,
  type CounterDelta,
  epochHour,
  hourKindOf,
  type Lane,
  moveDelta,
  queueOf,
} from "./model.ts";
import { type AllocatorState, allocate, splitRetries } from "./policy/allocate.ts";
import type { DialProfile } from "./policy/disposition.ts";
import { SWEEP_EVERY_MS, SWEEP_LEASE_MS, sweep } from "./sweep.ts";

/**
 * Dispense (docs/dialer.md "Dispense"): hands out up to `want` contacts of an Active campaign. The ratio
 * allocation over segments; per segment due callbacks first, then retries and fresh by the profile's
 * retry ratio, read from the queues of the window classes open now (through a small in-process buffer);
 * the people's ContactPace read in one BatchGet and the frequency rules applied; the numbers checked
 * against the do-not-call lists (a listed contact completes with "Do not call"). Then each batch — as
 * many contacts as fit in one DynamoDB transaction — is ONE transaction: every claimed person's
 * ContactPace (conditional on the version read: busy = batch, the attempt appended), every contact's
 * CampaignContact inDialer (conditional on the queue and rank read, so a stale read claims nothing), the
 * DispenseBatch `applied`, the counter and hour deltas. All or nothing: a dispenser that dies leaves
 * either nothing or a whole counted batch (which the sweeper returns after the lease).
 */

/** DynamoDB's limit of items in one transaction: a batch is as many contacts as fit. */
const TX_ITEMS = 100;
/** A batch whose conditions refused some contacts is tried again without them, this often at most. */
const COMMIT_ROUNDS = 3;
/** Rounds of one dispense call (a round short of `want` is followed by another). */
const ROUNDS = 3;
/** What a contact found on a do-not-call list at dispense completes with. */
const DNC_REASON = "Do not call";
/** How long a campaign's plan (campaign, profile, counts, classes) is reused. */
const PLAN_TTL_MS = 1_000;
/** Candidates one queue read fetches at least (the rest wait in the buffer for the next dispense). */
const READ_AHEAD = 100;
/** Contacts taken from a buffer stay out of refills this long (claims in flight, index catching up). */
const TAKEN_MS = 5_000;

type Contact = CampaignContactItem;

interface Plan {
  tenant: string;
  campaignId: string;
  campaign: CampaignItem;
  profile: DialProfile;
  scrubber: ProfileItem["scrubber"];
  segments: CampaignSegment[];
  list: Map<string, SegmentList>;
  /** Fresh queues go by block claims (embedded mode, FIFO): docs/dialer.md "Dispense". */
  blocks: boolean;
  at: number;
}

const plans = new Map<string, Plan>();
const allocators = new Map<string, AllocatorState>();
const buffers = new Map<string, Contact[]>();
const taken = new Map<string, number>();
const emptyUntil = new Map<string, number>();
const lastSweep = new Map<string, number>();

/** The profile's dialing rules as the policy reads them. */
export function dialProfileOf(item: ProfileItem): DialProfile {
  const extra = item as ProfileItem & { compliance?: { regF?: boolean } };
  return {
    freshLIFO: item.freshLIFO,
    retryLIFO: item.retryLIFO,
    retry: item.retry,
    channels: item.channels ?? [],
    compliance: { regF: extra.compliance?.regF ?? true },
  } as DialProfile;
}

/** The campaign, its profile, counts and window classes: read at most once a second per campaign. */
async function planOf(campaignId: string, now: number): Promise<Plan | null> {
  const tenant = useTenant();
  const key = `${tenant}|${campaignId}`;
  const had = plans.get(key);
  if (had && now - had.at < PLAN_TTL_MS) return had;
  const store = useStore();
  const { data: campaign } = await store.entities.campaign.get({ tenant, id: campaignId }).go();
  if (!campaign) return null;
  const [{ data: profile }, list] = await Promise.all([
    store.entities.profile.get({ tenant, id: campaign.campaignProfileId }).go(),
    readList({ tenant, campaignId }),
  ]);
  if (!profile) return null;
  const plan: Plan = {
    tenant,
    campaignId,
    campaign,
    profile: dialProfileOf(profile),
    scrubber: profile.scrubber,
    segments: JSON.parse(campaign.segments) as CampaignSegment[],
    list,
    blocks: blockClaims() && !profile.freshLIFO,
    at: now,
  };
  plans.set(key, plan);
  return plan;
}

/** Whether a segment has anything a lane could dial (its counts; stale by at most PLAN_TTL_MS). */
function hasWork(list: SegmentList | undefined, lane: Lane) {
  if (!list) return false;
  const c = list.counts;
  return lane === "voice" ? c.fresh + c.retry + c.callBack > 0 : c.alFresh + c.alRetry + c.callBack > 0;
}

const CHANNEL_OF_LANE = { voice: "Voice", agentless: "SMS" } as const;

/** A unique, sortable batch id: the campaign's id prefix, the time, randomness. */
const newBatchId = (campaignId: string, now: number) =>
  `${campaignId.slice(0, 8)}-${now.toString(36)}-${randomBytes(6).toString("hex")}`;

/** The numbers a contact may be dialed on, for the do-not-call check. */
const numbersOf = (c: Contact) =>
  [c.phone, c.cell].flatMap((p) => {
    const n = p ? normalizePhone(p) : null;
    return n ? [n] : [];
  });

/** The do-not-call sources a dispense honours: the org list always, state and national when scrubbed. */
function dncSources(scrubber: ProfileItem["scrubber"]): Set<DncSource> {
  const on = new Set<DncSource>(["org"]);
  if (scrubber.stateDnc) on.add("state");
  if (scrubber.natDnc) on.add("national");
  return on;
}

/** The contacts whose numbers an active entry of an honoured source lists now. */
async function listedOnDnc(contacts: Contact[], sources: Set<DncSource>): Promise<Set<string>> {
  const phones = [...new Set(contacts.flatMap(numbersOf))];
  if (phones.length === 0) return new Set();
  const { listed } = await checkDnc(phones, { sources: [...sources] });
  const blocked = new Set(listed.map((l) => l.phone));
  return new Set(contacts.filter((c) => numbersOf(c).some((p) => blocked.has(p))).map((c) => c.contactId));
}

/** One queue of one segment, read in its order. */
interface QueueRef {
  segmentId: string;
  queue: string;
  desc: boolean;
  /** A block queue's cursor: only contacts ranked at or below it go by this path (null: none do). */
  upTo?: string | null;
}

const bufferKey = (plan: Plan, ref: QueueRef) =>
  `${plan.tenant}|${plan.campaignId}|${ref.segmentId}|${ref.queue}`;
/** A contact's key in the taken set: contact ids repeat across tenants and campaigns. */
const takenKey = (c: Contact) => `${c.tenant}|${c.campaignId}|${c.contactId}`;
const isTaken = (c: Contact, now: number) => (taken.get(takenKey(c)) ?? 0) > now;

/** Forgets taken marks that have run out, once there are many (a long-running dialer claims millions). */
function pruneTaken(now: number) {
  if (taken.size < 10_000) return;
  for (const [key, until] of taken) if (until <= now) taken.delete(key);
}

/**
 * Takes up to `n` candidates from a queue's buffer, in its order: retries and callbacks only when due
 * (rank <= now), fresh ones only when ready (a contact moved to its next channel waits its retry delay).
 */
function takeFrom(plan: Plan, ref: QueueRef, n: number, now: number): Contact[] {
  const key = bufferKey(plan, ref);
  const nowIso = new Date(now).toISOString();
  const fresh = ref.queue.includes("#fresh#");
  const out: Contact[] = [];
  const keep: Contact[] = [];
  for (const c of buffers.get(key) ?? []) {
    if (isTaken(c, now) || (ref.upTo !== undefined && (ref.upTo === null || c.rank > ref.upTo))) continue;
    if (out.length < n && (fresh ? c.readyAt : c.rank) <= nowIso) out.push(c);
    else keep.push(c);
  }
  buffers.set(key, keep);
  for (const c of out) taken.set(takenKey(c), now + TAKEN_MS);
  return out;
}

/** Refills a queue's buffer from its head (due ones only for retries and callbacks); an empty read rests a second. */
async function refill(plan: Plan, ref: QueueRef, n: number, now: number) {
  const key = bufferKey(plan, ref);
  if ((emptyUntil.get(key) ?? 0) > now || ref.upTo === null) return;
  const q = useStore().entities.campaignContact.query.byQueue({
    tenant: plan.tenant,
    campaignId: plan.campaignId,
    segmentId: ref.segmentId,
    queue: ref.queue,
  });
  // A block queue's cursor rank itself is included ("~" sorts after the key's "#contactId" part).
  const upTo = ref.upTo ? `${ref.upTo}~` : ref.queue.includes("#fresh#") ? null : new Date(now).toISOString();
  const ranged = upTo === null ? q : q.lte({ rank: upTo });
  const { data } = await ranged.go({ order: ref.desc ? "desc" : "asc", limit: Math.max(READ_AHEAD, 2 * n) });
  buffers.set(key, data);
  if (data.length === 0) emptyUntil.set(key, now + PLAN_TTL_MS);
}

/** Up to `n` candidates over several queues (the open classes), in order: buffers first, then refilled. */
async function fromQueues(plan: Plan, refs: QueueRef[], n: number, now: number): Promise<Contact[]> {
  const out: Contact[] = [];
  const takeAll = () => {
    for (const ref of refs) if (out.length < n) out.push(...takeFrom(plan, ref, n - out.length, now));
  };
  takeAll();
  if (out.length >= n) return out;
  // Every buffer is out of ready candidates now: refill them side by side.
  await Promise.all(refs.map((ref) => refill(plan, ref, n - out.length, now)));
  takeAll();
  return out;
}

/**
 * One segment's candidates for `n` places: due callbacks, then retries and fresh by the retry ratio, from
 * the queues of its window classes open now (a kind its counts say is empty is not read). With block
 * claims, fresh candidates here are only those a block passed over (below the cursors); the fresh places
 * left are answered as `blockNeed`, to be claimed in blocks from `blockQueues`.
 */
async function segmentCandidates(plan: Plan, segmentId: string, n: number, lane: Lane, now: Date) {
  const list = plan.list.get(segmentId);
  const counts = list?.counts;
  const open = (list?.classes ?? []).filter((cls) => isCallable(cls, now));
  const channel = CHANNEL_OF_LANE[lane];
  const refs = (status: "callBack" | "retry" | "fresh", count: number, desc: boolean) =>
    count > 0 ? open.map((cls) => ({ segmentId, queue: queueOf(channel, status, cls), desc })) : [];
  const voice = lane === "voice";
  const t = now.getTime();
  const none = { found: [] as Contact[], blockNeed: 0, blockQueues: [] as string[] };
  const callbacks = await fromQueues(plan, refs("callBack", counts?.callBack ?? 0, false), n, t);
  const rest = n - callbacks.length;
  if (rest <= 0) return { ...none, found: callbacks };
  const freshCount = (voice ? counts?.fresh : counts?.alFresh) ?? 0;
  const freshRefs: QueueRef[] = refs("fresh", freshCount, plan.profile.freshLIFO);
  const key = { tenant: plan.tenant, campaignId: plan.campaignId };
  if (plan.blocks) for (const ref of freshRefs) ref.upTo = await cursorThrough(key, segmentId, ref.queue);
  const [retries, fresh] = await Promise.all([
    fromQueues(
      plan,
      refs("retry", (voice ? counts?.retry : counts?.alRetry) ?? 0, plan.profile.retryLIFO),
      rest,
      t,
    ),
    fromQueues(plan, freshRefs, rest, t),
  ]);
  // Blocks can give as many fresh contacts as the counts hold beyond the passed-over ones read here.
  const room = plan.blocks ? freshCount : 0;
  const split = splitRetries(rest, plan.profile.retry.ratio, retries.length, fresh.length + room);
  const fromBuffers = Math.min(split.fresh, fresh.length);
  const unused = [...retries.slice(split.retries), ...fresh.slice(fromBuffers)];
  // Not used now: back in reach at once (they are still at the head of their queues).
  for (const c of unused) taken.delete(takenKey(c));
  return {
    found: [...callbacks, ...retries.slice(0, split.retries), ...fresh.slice(0, fromBuffers)],
    blockNeed: split.fresh - fromBuffers,
    blockQueues: plan.blocks ? freshRefs.map((r) => r.queue) : [],
  };
}

/** Reads the people's pacing records, 100 keys a call. */
async function paces(tenant: string, contacts: Contact[]) {
  if (contacts.length === 0) return new Map<string, ContactPaceItem>();
  // A key left unread must not pass for "no pace": a block claim writes the pace without a condition.
  const data = await getAll(
    (keys) => useStore().entities.contactPace.get(keys).go({ concurrent: 4 }),
    contacts.map((c) => ({ tenant, contactId: c.contactId })),
    "dispense paces",
  );
  return new Map(data.map((p) => [p.contactId, p]));
}

/** A contact's part of a batch: claimed for the dialer, or completed because a DNC list names it. */
type Move = BlockMove;

/** The transaction items of one move, conditional on the contact being where it was read. */
function moveItems(tx: TxEntities, plan: Plan, m: Move, batchId: string, now: number) {
  const c = m.contact;
  const nowIso = new Date(now).toISOString();
  const key = { tenant: plan.tenant, campaignId: plan.campaignId, contactId: c.contactId };
  if (m.to === "completed")
    return [
      tx.campaignContact
        .patch(key)
        .set({
          segmentId: c.segmentId,
          status: "completed",
          queue: queueOf(c.channel, "completed", c.windowClass),
          rank: nowIso,
          completedReason: DNC_REASON,
        })
        .where((a, op) => `${op.eq(a.queue, c.queue)} AND ${op.eq(a.rank, c.rank)}`)
        .commit(),
    ];
  const pace = m.pace;
  const state = { attempts: pace?.attempts ?? [], lastRpcAt: pace?.lastRpcAt ?? null };
  return [
    tx.contactPace
      .update({ tenant: plan.tenant, contactId: c.contactId })
      .set({
        attempts: withAttempt(state, now).attempts,
        busy: batchId,
        busyUntil: now + SWEEP_LEASE_MS,
        version: (pace?.version ?? 0) + 1,
      })
      .where((a, op) => (pace ? op.eq(a.version, pace.version) : op.notExists(a.version)))
      .commit(),
    tx.campaignContact
      .patch(key)
      .set({
        segmentId: c.segmentId,
        status: "inDialer",
        queue: queueOf(c.channel, "inDialer", c.windowClass),
        rank: nowIso,
        claim: batchId,
        prevStatus: c.status,
        claimedAt: nowIso,
      })
      .where((a, op) => `${op.eq(a.queue, c.queue)} AND ${op.eq(a.rank, c.rank)}`)
      .commit(),
  ];
}

/** The counter and hour deltas of a set of moves, by segment. */
function deltasOf(moves: Move[]) {
  const deltas = new Map<string, CounterDelta>();
  const hours: HourDelta[] = [];
  for (const { contact: c, to } of moves) {
    const move = moveDelta(c, { status: to, channel: c.channel });
    deltas.set(c.segmentId, addDelta(deltas.get(c.segmentId) ?? {}, move));
    const kind = hourKindOf(c.status, c.channel);
    if (kind) hours.push({ segmentId: c.segmentId, kind, hour: epochHour(c.readyAt), delta: -1 });
  }
  return { deltas, hours };
}

/**
 * The block queues a set of moves takes passed-over contacts from, with the highest rank taken from
 * each: the transaction checks each one's cursor (block.ts cursorFence).
 */
function fencesOf(plan: Plan, moves: Move[]) {
  const fences = new Map<string, { segmentId: string; queue: string; maxRank: string }>();
  if (!plan.blocks) return fences;
  for (const { contact: c } of moves) {
    if (c.status !== "fresh") continue;
    const id = `${c.segmentId}|${c.queue}`;
    const had = fences.get(id);
    if (!had || c.rank > had.maxRank)
      fences.set(id, { segmentId: c.segmentId, queue: c.queue, maxRank: c.rank });
  }
  return fences;
}

/**
 * Transaction items a set of moves needs: theirs, the cursor checks, the batch record, a counter per
 * segment, the hours.
 */
function itemCount(plan: Plan, moves: Move[]) {
  const { hours } = deltasOf(moves);
  const segments = new Set(moves.map((m) => m.contact.segmentId)).size;
  const buckets = new Set(hours.map((h) => `${h.segmentId}|${h.kind}|${h.hour}`)).size;
  const fences = fencesOf(plan, moves).size;
  return moves.reduce((n, m) => n + (m.to === "inDialer" ? 2 : 1), 1 + segments + buckets + fences);
}

/** Splits moves into groups whose transaction stays within DynamoDB's 100 items. */
function groups(plan: Plan, moves: Move[]): Move[][] {
  const out: Move[][] = [];
  let group: Move[] = [];
  for (const m of moves) {
    if (group.length > 0 && itemCount(plan, [...group, m]) > TX_ITEMS) {
      out.push(group);
      group = [];
    }
    group.push(m);
  }
  if (group.length > 0) out.push(group);
  return out;
}

/**
 * Commits one group as one batch, all or nothing: its moves (each conditional on what was read), the
 * batch record `applied`, the counter and hour deltas. A move whose condition failed (another dispenser
 * got the person or the contact first) is dropped and the rest tried again. Answers the moves committed.
 */
async function commit(plan: Plan, group: Move[], now: number): Promise<{ batchId: string; moves: Move[] }> {
  const key = { tenant: plan.tenant, campaignId: plan.campaignId };
  const batchId = newBatchId(plan.campaignId, now);
  let moves = group;
  for (let round = 0; moves.length > 0 && round < COMMIT_ROUNDS; round++) {
    const { deltas, hours } = deltasOf(moves);
    const perMove = moves.map((m) => (m.to === "inDialer" ? 2 : 1));
    const claimed = moves.filter((m) => m.to === "inDialer").map((m) => m.contact.contactId);
    const fences = [...fencesOf(plan, moves).values()];
    const refused = await transact(() =>
      useStore()
        .transaction.write((tx) => [
          ...moves.flatMap((m) => moveItems(tx, plan, m, batchId, now)),
          ...fences.map((f) => cursorFence(tx, key, f.segmentId, f.queue, f.maxRank)),
          tx.dispenseBatch
            .put({ ...key, batchId, state: "applied", contacts: claimed })
            .where((a, op) => op.notExists(a.batchId))
            .commit(),
          ...counterWrites(tx, key, deltas, hours),
        ])
        .go(),
    );
    if (refused === null) return { batchId, moves };
    // A cursor check refused: a block of that queue is in flight or the cursor is not past the contacts.
    const fenced = new Set<string>();
    const fencesAt = perMove.reduce((a, b) => a + b, 0);
    fences.forEach((f, i) => {
      if (!refused[fencesAt + i]) return;
      fenced.add(`${f.segmentId}|${f.queue}`);
      forgetCursor(key, f.segmentId, f.queue);
    });
    let at = 0;
    moves = moves.filter((m, i) => {
      const mine = refused.slice(at, at + (perMove[i] ?? 1));
      at += perMove[i] ?? 1;
      return !mine.some(Boolean) && !fenced.has(`${m.contact.segmentId}|${m.contact.queue}`);
    });
  }
  return { batchId, moves: [] };
}

const toDispensed = (c: Contact, batchId: string): Dispensed => ({
  attemptKey: batchId,
  campaignId: c.campaignId,
  segmentId: c.segmentId,
  contactId: c.contactId,
  channel: c.channel,
  attempt: c.attempts + 1,
  firstName: c.firstName ?? null,
  lastName: c.lastName ?? null,
  phone: c.phone ?? null,
  cell: c.cell ?? null,
  email: c.email ?? null,
});

/**
 * The moves of candidates: a contact on a do-not-call list completes; one whose person is held by
 * another dispense, or whom the frequency rules refuse now, is left where it is.
 */
async function decide(plan: Plan, found: Contact[], t: number): Promise<Move[]> {
  if (found.length === 0) return [];
  const [pace, listed] = await Promise.all([
    paces(plan.tenant, found),
    listedOnDnc(found, dncSources(plan.scrubber)),
  ]);
  const regF = plan.profile.compliance?.regF ?? true;
  return found.flatMap((c): Move[] => {
    if (listed.has(c.contactId)) return [{ contact: c, to: "completed" }];
    const p = pace.get(c.contactId);
    if (p?.busy && (p.busyUntil ?? 0) > t) return [];
    const state = { attempts: p?.attempts ?? [], lastRpcAt: p?.lastRpcAt ?? null };
    if (!paceAllows(state, t, { regF, windowClass: c.windowClass }).ok) return [];
    return [{ contact: c, to: "inDialer", ...(p ? { pace: p } : {}) }];
  });
}

/**
 * A segment's fresh places claimed in blocks, queue after queue of its open classes, until `need` are
 * handed over or the queues give nothing (fresh contacts not ready yet are passed over).
 */
async function fromBlocks(plan: Plan, segmentId: string, queues: string[], need: number, t: number) {
  const key = { tenant: plan.tenant, campaignId: plan.campaignId };
  const nowIso = new Date(t).toISOString();
  const out: Dispensed[] = [];
  // Callers side by side spread over the queues: the ones with no claim in flight here first.
  const free = queues.filter((q) => !claiming(key, segmentId, q));
  const order = [...free, ...queues.filter((q) => !free.includes(q))];
  for (const queue of order) {
    if (out.length >= need) break;
    const batchId = newBatchId(plan.campaignId, t);
    const moves = await claimBlock(
      key,
      segmentId,
      queue,
      need - out.length,
      t,
      batchId,
      (read) =>
        decide(
          plan,
          read.filter((c) => c.readyAt <= nowIso),
          t,
        ),
      plan.campaign.buildJobId ?? null,
    );
    out.push(...moves.filter((m) => m.to === "inDialer").map((m) => toDispensed(m.contact, batchId)));
  }
  return out;
}

/**
 * One round: `want` places allocated over `segments`, their candidates read, filtered by pace and DNC,
 * committed in batches (and fresh places claimed in blocks); answers what was handed out and which
 * segments gave nothing at all.
 */
async function dispenseRound(plan: Plan, want: number, segments: string[], lane: Lane, now: Date) {
  const t = now.getTime();
  const allocKey = `${plan.tenant}|${plan.campaignId}|${lane}`;
  const shares = plan.segments
    .filter((s) => segments.includes(s.segmentId))
    .map((s) => ({ segmentId: s.segmentId, ratio: s.segmentRatio }));
  const { counts, state } = allocate(want, shares, allocators.get(allocKey) ?? { credit: {} });
  allocators.set(allocKey, state);

  const bySegment = await Promise.all(
    [...counts].map(async ([segmentId, n]) => ({
      segmentId,
      ...(await segmentCandidates(plan, segmentId, n, lane, now)),
    })),
  );
  const found = bySegment.flatMap((s) => s.found);
  const [committed, blocks] = await Promise.all([
    Promise.all(groups(plan, await decide(plan, found, t)).map((g) => commit(plan, g, t))),
    Promise.all(
      bySegment.map(async (s) => ({
        segmentId: s.segmentId,
        out: s.blockNeed > 0 ? await fromBlocks(plan, s.segmentId, s.blockQueues, s.blockNeed, t) : [],
      })),
    ),
  ]);
  const out = [
    ...committed.flatMap(({ batchId, moves }) =>
      moves.filter((m) => m.to === "inDialer").map((m) => toDispensed(m.contact, batchId)),
    ),
    ...blocks.flatMap((b) => b.out),
  ];
  // Refused by pace or lost to another dispenser: they stay queued, and the buffer may offer them again.
  const handed = new Set(out.map((d) => d.contactId));
  for (const c of found) if (!handed.has(c.contactId)) taken.delete(takenKey(c));
  const dry = bySegment
    .filter((s, i) => s.found.length === 0 && (blocks[i]?.out.length ?? 0) === 0)
    .map((s) => s.segmentId);
  return { out, dry };
}

/**
 * Hands out up to `want` contacts of an Active campaign on a lane (voice: the Voice channel; agentless:
 * SMS and Email); [] for a campaign that is not Active or has nothing callable now. Every contact answered
 * is inDialer under its batch, and counted so, before this returns. A round short of `want` (pace or DNC
 * refusals, lost races) is followed by another, a few at most; a segment with no candidates drops out.
 * The sweeper runs for the campaign at most once a minute, beside the dispense.
 */
/** Block claims are on: embedded mode, and asked for (Env `dialer.blockClaims`, DIALER_BLOCK_CLAIMS=1). */
const blockClaims = () => useEnv().mode === "embedded" && useEnv().dialer?.blockClaims === true;

export async function dispense(
  campaignId: string,
  want: number,
  options: { lane?: Lane; now?: Date } = {},
): Promise<Dispensed[]> {
  const lane = options.lane ?? "voice";
  const now = options.now ?? new Date();
  const plan = await planOf(campaignId, now.getTime());
  if (plan?.campaign.status !== "Active") return [];
  // With block claims, one campaign of a tenant dispenses at a time (lease.ts): their pace writes need it.
  if (blockClaims() && !(await holdsLease(plan.tenant, campaignId))) return [];
  maybeSweep(plan, now);
  pruneTaken(now.getTime());
  let segments = plan.segments
    .filter((s) => s.segmentRatio > 0 && hasWork(plan.list.get(s.segmentId), lane))
    .map((s) => s.segmentId);
  const out: Dispensed[] = [];
  for (let round = 0; out.length < want && segments.length > 0 && round < ROUNDS; round++) {
    const { out: got, dry } = await dispenseRound(plan, want - out.length, segments, lane, now);
    out.push(...got);
    segments = segments.filter((s) => !dry.includes(s));
    if (got.length === 0 && dry.length === 0) break;
  }
  return out;
}

/** Starts the sweeper for the campaign when it has not run for a minute in this process. */
function maybeSweep(plan: Plan, now: Date) {
  const key = `${plan.tenant}|${plan.campaignId}`;
  if (now.getTime() - (lastSweep.get(key) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(key, now.getTime());
  sweep(plan.campaignId, now).catch((err: unknown) => {
    console.error(`dialer sweep of ${plan.campaignId} failed`, err);
  });
}
