import type { BatchWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { checkDnc, contactDncSources, type DncSource, normalizePhone } from "../dnc/index.ts";
import { useEnv, useStore } from "../env.ts";
import type { JobContext, JobOutcome } from "../job/runner.ts";
import { registerJobKind } from "../job/runner.ts";
import { conditionFailed, LeaseLostError } from "../job/store.ts";
import type { Node } from "../search/ast.ts";
import { contactSchema, fieldMap } from "../search/contact-fields.ts";
import type { SortKey } from "../search/port.ts";
import type { CreateCampaignContactItem, DialChannel } from "../store/entities/dialer.ts";
import type { CampaignItem, ContactItem, ProfileItem, SegmentItem } from "../store/entities.ts";
import { transact } from "../store/transact.ts";
import { readSettings } from "../tenant/index.ts";
import { getAll, sendBatches } from "./batch.ts";
import { clearList, stopBuild } from "./clear.ts";
import { nextCallable, windowClassOf } from "./compliance/window.ts";
import { counterWrites } from "./counters.ts";
import { type CounterDelta, counterField, queueOf, seqRank } from "./model.ts";

/**
 * The campaign build (docs/dialer.md, Build): the job that turns a campaign's segments into its list.
 * Each segment's query is paged through the Search port in the segment's sort; each page's contacts are
 * read, scrubbed with the profile's scrubber, and written as fresh CampaignContact records (BatchWriteItem,
 * deterministic keys); then ONE transaction adds the page's counts to the campaign's counters and writes
 * the job's checkpoint, on condition that this worker still holds the job. A page is therefore counted
 * exactly once: a worker that dies before that transaction leaves the checkpoint on the page, and the
 * next run writes the page again (its records are found and kept, not rewritten) and counts it then.
 */

export const CAMPAIGN_BUILD_KIND = "campaignBuild";

export interface BuildParams {
  campaignId: string;
  /** A reset clears the list first, keeping the campaign (and its days' abandon counts). */
  reason: "start" | "reset";
  /** The build a reset replaces: stopped before the list is cleared. */
  previousJobId?: string | null;
}

export const STOPPED_MESSAGE =
  "The campaign was ended, deleted or reset meanwhile: this build stopped (its list is cleared or rebuilt).";

/** Contacts a page: one page of ids, contacts, checks and writes in memory at a time. */
export const BUILD_PAGE = 500;

/** Why a contact is left out of the list: the job's counters, by reason. */
export const SCRUB_REASONS = [
  "noNumber",
  "expired",
  "optout",
  "orgDnc",
  "stateDnc",
  "natDnc",
  "cell",
  "contactDup",
  "noWindow",
  "phoneDup",
] as const;
export type ScrubReason = (typeof SCRUB_REASONS)[number];

/** Where a build is: written with each page's counter deltas, in one transaction. */
export interface BuildCheckpoint {
  /** A reset's clear of the old list is done (always true for a start). */
  cleared: boolean;
  /** The segment being built (index in the campaign's order) and the Search port's cursor in it. */
  segment: number;
  cursor: string | null;
  /** The next contact's build sequence. */
  seq: number;
  counts: Record<string, number>;
}

const DNC_REASON: Record<DncSource, ScrubReason> = {
  org: "orgDnc",
  state: "stateDnc",
  national: "natDnc",
};

type Scrubber = ProfileItem["scrubber"];

/** The profile as a build reads it: the scrubber and the channel fresh contacts start on. */
interface BuildProfile {
  scrubber: Scrubber;
  channel: DialChannel;
}

const zeroCounts = (): Record<string, number> =>
  Object.fromEntries(["read", "listed", ...SCRUB_REASONS].map((k) => [k, 0]));

/** The campaign still runs and this job is its current build (a reset names another, an end none). */
const current = (campaign: CampaignItem | undefined, jobId: string) =>
  campaign !== undefined &&
  (campaign.status === "Active" || campaign.status === "Paused") &&
  campaign.buildJobId === jobId;

async function readCampaign(tenant: string, id: string) {
  const { data } = await useStore().entities.campaign.get({ tenant, id }).go({ consistent: true });
  return data ?? undefined;
}

async function readProfile(tenant: string, id: string): Promise<BuildProfile | undefined> {
  const { data } = await useStore().entities.profile.get({ tenant, id }).go();
  if (!data) return undefined;
  const channels = [...((data.channels ?? []) as { type: DialChannel; order?: number }[])].sort(
    (a, b) => (a.order ?? 0) - (b.order ?? 0),
  );
  return { scrubber: data.scrubber, channel: channels[0]?.type ?? "Voice" };
}

/** The DNC sources the scrubber honours. */
const enabledSources = (s: Scrubber): DncSource[] => [
  ...(s.orgDnc ? (["org"] as const) : []),
  ...(s.stateDnc ? (["state"] as const) : []),
  ...(s.natDnc ? (["national"] as const) : []),
];

/** One page's contacts as the scrubber decided: the records to write, the reasons of the others. */
interface PageOutcome {
  records: CreateCampaignContactItem[];
  /** Records an earlier run of this page already wrote: counted, not rewritten (they may have moved on). */
  kept: number;
  marks: { tenant: string; campaignId: string; phone: string; contactId: string }[];
  dropped: Partial<Record<ScrubReason, number>>;
}

/**
 * Scrubs one page of contacts (in the segment's order) and shapes the records of those that stay.
 * `mayExist`: records of these contacts may already be in the list (a later segment, or the first page
 * after a restart), so they are read first.
 */
async function scrubPage(input: {
  tenant: string;
  campaignId: string;
  segmentId: string;
  ids: string[];
  seq: number;
  profile: BuildProfile;
  mayExist: boolean;
  now: Date;
}): Promise<PageOutcome> {
  const { tenant, campaignId, segmentId, profile, now } = input;
  const store = useStore();
  const contacts = new Map(
    (
      await getAll(
        (keys) => store.entities.contact.get(keys).go({ concurrency: 4 }),
        input.ids.map((id) => ({ tenant, id })),
      )
    ).map((c) => [c.id, c]),
  );
  const { scrubber, channel } = profile;
  // The records these contacts may have and their DNC listings are read at once (one page's worth each).
  const [existing, listed] = await Promise.all([
    input.mayExist ? listedSegments(tenant, campaignId, input.ids) : new Map<string, string>(),
    dncListings(
      [...contacts.values()].filter((c) => !cheapReason(c, channel, now)),
      enabledSources(scrubber),
    ),
  ]);
  const voiceOnCell = !(scrubber.cell && channel === "Voice");
  const dropped: PageOutcome["dropped"] = {};
  const drop = (reason: ScrubReason) => {
    dropped[reason] = (dropped[reason] ?? 0) + 1;
  };
  type Candidate = { contact: ContactItem; cell: string | undefined; windowClass: string; number: string };
  const candidates: Candidate[] = [];
  const ours: string[] = [];
  for (const id of input.ids) {
    const contact = contacts.get(id);
    if (!contact) continue; // deleted since the index answered
    const had = existing.get(id);
    if (had !== undefined && had !== segmentId) {
      drop("contactDup");
      continue;
    }
    const reason = scrubReason(contact, { scrubber, channel, listed, voiceOnCell, now });
    if (reason) {
      drop(reason);
      continue;
    }
    const cell = voiceOnCell ? contact.cell : undefined;
    const windowClass = windowClassOf({ ...contact, cell });
    if (nextCallable(windowClass, now) === null) {
      drop("noWindow");
      continue;
    }
    const raw = (contact.phone || cell) as string;
    candidates.push({ contact, cell, windowClass, number: normalizePhone(raw) ?? raw });
    if (had !== undefined) ours.push(id);
  }
  const stay = scrubber.phoneDup ? await firstOfEachNumber(tenant, campaignId, candidates, drop) : candidates;
  const already = new Set(ours);
  const readyAt = now.toISOString();
  const records: CreateCampaignContactItem[] = [];
  let seq = input.seq;
  let kept = 0;
  for (const { contact, cell, windowClass } of stay) {
    const at = seq++;
    if (already.has(contact.id)) {
      kept++;
      continue;
    }
    records.push({
      tenant,
      campaignId,
      contactId: contact.id,
      segmentId,
      seq: at,
      status: "fresh",
      channel,
      queue: queueOf(channel, "fresh", windowClass),
      rank: seqRank(at),
      windowClass,
      readyAt,
      firstName: contact.firstName,
      lastName: contact.lastName,
      ...(contact.phone ? { phone: contact.phone } : {}),
      ...(cell ? { cell } : {}),
      ...(contact.email ? { email: contact.email } : {}),
      ...(contact.state ? { state: contact.state } : {}),
      ...(contact.zip ? { zip: contact.zip } : {}),
      timeZone: contact.timeZone,
    });
  }
  const marks = scrubber.phoneDup
    ? stay.map((c) => ({ tenant, campaignId, phone: c.number, contactId: c.contact.id }))
    : [];
  return { records, kept, marks, dropped };
}

/** The reasons the contact alone tells: no number to dial, expired, opted out of the channel. */
function cheapReason(contact: ContactItem, channel: DialChannel, now: Date): ScrubReason | undefined {
  if (!contact.phone && !contact.cell) return "noNumber";
  if (contact.expireDt && Date.parse(contact.expireDt) <= now.getTime()) return "expired";
  if (contact.optout?.[channel]) return "optout";
  return undefined;
}

/** The segment of each of these contacts' records already in the list (BatchGetItem). */
async function listedSegments(tenant: string, campaignId: string, ids: readonly string[]) {
  const found = await getAll(
    (keys) => useStore().entities.campaignContact.get(keys).go({ concurrency: 4 }),
    ids.map((contactId) => ({ tenant, campaignId, contactId })),
  );
  return new Map(found.map((r) => [r.contactId, r.segmentId]));
}

/** The enabled DNC sources listing each of these contacts' numbers (none read when none is enabled). */
async function dncListings(contacts: readonly ContactItem[], sources: DncSource[]) {
  const listed = new Map<string, DncSource[]>();
  if (sources.length === 0) return listed;
  const numbers = contacts.flatMap((c) => [c.phone, c.cell].filter(Boolean) as string[]);
  for (const { phone, sources: on } of (await checkDnc(numbers, { sources })).listed) listed.set(phone, on);
  return listed;
}

/**
 * The scrubber's verdict on one contact before the window and duplicate checks (undefined: it stays), in
 * this order: no number to dial, expired, opted out of the channel, on an enabled DNC list (a contact
 * flagged dnc counts as org), only a cell number when cells are not voice-dialed.
 */
function scrubReason(
  contact: ContactItem,
  rules: {
    scrubber: Scrubber;
    channel: DialChannel;
    listed: ReadonlyMap<string, readonly DncSource[]>;
    voiceOnCell: boolean;
    now: Date;
  },
): ScrubReason | undefined {
  const cheap = cheapReason(contact, rules.channel, rules.now);
  if (cheap) return cheap;
  const dnc = contactDncSources({ ...contact, dnc: rules.scrubber.orgDnc && contact.dnc }, rules.listed);
  const source = enabledSources(rules.scrubber).find((s) => dnc.includes(s));
  if (source) return DNC_REASON[source];
  if (!rules.voiceOnCell && !contact.phone) return "cell";
  return undefined;
}

/**
 * phoneDup: keeps the first contact of each number, in build order: earlier in this page, or marked by an
 * earlier page (a CampaignPhone of another contact; this contact's own mark is a restart's rewrite).
 */
async function firstOfEachNumber<C extends { contact: ContactItem; number: string }>(
  tenant: string,
  campaignId: string,
  candidates: C[],
  drop: (reason: ScrubReason) => void,
): Promise<C[]> {
  const numbers = [...new Set(candidates.map((c) => c.number))];
  const marked = new Map(
    (
      await getAll(
        (keys) => useStore().entities.campaignPhone.get(keys).go({ concurrency: 4 }),
        numbers.map((phone) => ({ tenant, campaignId, phone })),
      )
    ).map((m) => [m.phone, m.contactId]),
  );
  return candidates.filter((c) => {
    const owner = marked.get(c.number);
    if (owner !== undefined && owner !== c.contact.id) {
      drop("phoneDup");
      return false;
    }
    marked.set(c.number, c.contact.id);
    return true;
  });
}

/**
 * The page's counts and the checkpoint, in one transaction conditional on this worker holding the job;
 * a transaction that only collided with another write (the runner's heartbeat) is sent again.
 */
async function commitPage(
  context: JobContext,
  key: { tenant: string; campaignId: string },
  deltas: Record<string, CounterDelta>,
  state: BuildCheckpoint,
) {
  const { tenant, id, owner } = context.job;
  const rejected = await transact(
    () =>
      useStore()
        .transaction.write((tx) => [
          ...counterWrites(tx, key, deltas),
          tx.job
            .patch({ tenant, id })
            .set({
              checkpoint: JSON.stringify(state),
              counters: state.counts,
              progress: { done: state.counts.read ?? 0, unit: "contacts" },
            })
            .where((a, op) => `${op.eq(a.owner, owner ?? "")} AND ${op.eq(a.state, "running")}`)
            .commit(),
        ])
        .go(),
    "campaign build: page transaction",
    8,
  );
  if (rejected?.some(Boolean)) throw new LeaseLostError(id);
  if (rejected) throw new Error("campaign build: page transaction refused (conflicts kept on)");
}

/**
 * Adds the window classes of a page's new records to the segment's set (its counter shard 0), before the
 * records are written: dispense reads only the queues of these classes (docs/dialer.md Dispense). A set
 * ADD is idempotent, so a page written again after a restart adds nothing new.
 */
async function addWindowClasses(
  key: { tenant: string; campaignId: string },
  segmentId: string,
  records: readonly { windowClass: string }[],
) {
  const classes = [...new Set(records.map((r) => r.windowClass))];
  if (classes.length === 0) return;
  await useStore()
    .entities.campaignCounter.update({ ...key, segmentId, shard: 0 })
    .add({ windowClasses: classes })
    .go();
}

/** The campaign's list is built: ready, and when (only while this job is still its build). */
async function markReady(tenant: string, campaignId: string, jobId: string) {
  await useStore()
    .entities.campaign.patch({ tenant, id: campaignId })
    .set({ listState: "ready", listBuiltAt: new Date().toISOString() })
    .where((a, op) => op.eq(a.buildJobId, jobId))
    .go()
    .catch((err: unknown) => {
      if (!conditionFailed(err)) throw err;
    });
}

/** The segment's query and sort as the Search port takes them (undefined: the segment is gone). */
async function segmentQuery(tenant: string, id: string) {
  const { data } = await useStore().entities.segment.get({ tenant, id }).go();
  if (!data) return undefined;
  const item: SegmentItem = data;
  const sort: SortKey[] =
    item.sortField && item.sortDirection ? [{ field: item.sortField, direction: item.sortDirection }] : [];
  return { query: JSON.parse(item.query) as Node, sort };
}

/** The job: clear (a reset), then every segment page by page, then the list is ready. */
export async function runBuild(context: JobContext): Promise<JobOutcome> {
  const { campaignId, reason, previousJobId } = context.params as BuildParams;
  const tenant = context.job.tenant;
  const key = { tenant, campaignId };
  const resumed = context.resumeFrom as BuildCheckpoint | undefined;
  let state: BuildCheckpoint = resumed ?? {
    cleared: reason !== "reset",
    segment: 0,
    cursor: null,
    seq: 0,
    counts: zeroCounts(),
  };
  const stopped = { state: "done", counters: state.counts, message: STOPPED_MESSAGE } as const;
  const campaign = await readCampaign(tenant, campaignId);
  if (!campaign || !current(campaign, context.job.id)) return stopped;
  const profile = await readProfile(tenant, campaign.campaignProfileId);
  if (!profile) return { state: "failed", message: "The campaign's dialing profile no longer exists." };
  const segments = JSON.parse(campaign.segments) as { segmentId: string }[];
  if (!state.cleared) {
    if (previousJobId) await stopBuild(context, previousJobId);
    if (context.stopping()) return { state: "paused" };
    await clearList(
      key,
      segments.map((s) => s.segmentId),
      { keepDays: true },
    );
    state = { ...state, cleared: true };
    await commitPage(context, key, {}, state);
  }
  const types = contactSchema((await readSettings()).customFields).types;
  const customTypes = fieldMap(
    Object.fromEntries(Object.entries(types).filter(([k]) => k.startsWith("custom:"))),
  );
  // The first page after a restart may have been written already.
  let mayExist = resumed !== undefined;
  while (state.segment < segments.length) {
    const segmentId = (segments[state.segment] as { segmentId: string }).segmentId;
    const query = await segmentQuery(tenant, segmentId);
    let cursor = state.cursor;
    do {
      if (context.cancelled()) return { state: "cancelled", counters: state.counts };
      if (context.stopping()) return { state: "paused" };
      if (!current(await readCampaign(tenant, campaignId), context.job.id))
        return { ...stopped, counters: state.counts };
      const page = query
        ? await useEnv().search.query("contact", tenant, {
            query: query.query,
            sort: query.sort,
            limit: BUILD_PAGE,
            cursor,
            types: customTypes,
          })
        : { ids: [], nextCursor: null };
      const outcome = await scrubPage({
        tenant,
        campaignId,
        segmentId,
        ids: page.ids,
        seq: state.seq,
        profile,
        mayExist: mayExist || state.segment > 0,
        now: new Date(),
      });
      await addWindowClasses(key, segmentId, outcome.records);
      await writePage(outcome);
      const listed = outcome.records.length + outcome.kept;
      const counts = { ...state.counts };
      counts.read = (counts.read ?? 0) + page.ids.length;
      counts.listed = (counts.listed ?? 0) + listed;
      for (const [r, n] of Object.entries(outcome.dropped)) counts[r] = (counts[r] ?? 0) + n;
      cursor = page.nextCursor;
      state = cursor
        ? { ...state, cursor, seq: state.seq + listed, counts }
        : { ...state, segment: state.segment + 1, cursor: null, seq: state.seq + listed, counts };
      const field = counterField("fresh", profile.channel);
      await commitPage(context, key, listed > 0 ? { [segmentId]: { [field]: listed } } : {}, state);
      mayExist = false;
    } while (cursor);
  }
  await markReady(tenant, campaignId, context.job.id);
  return {
    state: "done",
    counters: state.counts,
    progress: { done: state.counts.read ?? 0, total: state.counts.read ?? 0, unit: "contacts" },
    message: `Listed ${state.counts.listed ?? 0} of ${state.counts.read ?? 0} contacts.`,
  };
}

/** A page's records and phone marks, 25 a BatchWriteItem. */
async function writePage(outcome: PageOutcome) {
  const store = useStore();
  const batches: BatchWriteCommandInput[] = [
    ...(outcome.records.length > 0
      ? (store.entities.campaignContact.put(outcome.records).params() as BatchWriteCommandInput[])
      : []),
    ...(outcome.marks.length > 0
      ? (store.entities.campaignPhone.put(outcome.marks).params() as BatchWriteCommandInput[])
      : []),
  ];
  await sendBatches(batches);
}

export function registerCampaignBuildJob() {
  registerJobKind(CAMPAIGN_BUILD_KIND, runBuild);
}
