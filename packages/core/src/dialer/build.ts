import type { BatchWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import {
  checkDnc,
  contactDncSources,
  type DncSnapshot,
  type DncSource,
  dncSnapshot,
  normalizePhone,
} from "../dnc/index.ts";
import { useEnv, useStore } from "../env.ts";
import type { JobContext, JobOutcome } from "../job/runner.ts";
import { registerJobKind } from "../job/runner.ts";
import { conditionFailed, LeaseLostError } from "../job/store.ts";
import { hashId, NumberSet } from "../number-set.ts";
import type { FieldType, Node } from "../search/ast.ts";
import { contactSchema, fieldMap } from "../search/contact-fields.ts";
import type { SearchPage, SortKey } from "../search/port.ts";
import { getAll } from "../store/batch-get.ts";
import type { CreateCampaignContactItem, DialChannel } from "../store/entities/dialer.ts";
import type { CampaignItem, ContactItem, ProfileItem, SegmentItem } from "../store/entities.ts";
import { transact } from "../store/transact.ts";
import { readSettings } from "../tenant/index.ts";
import { sendBatches } from "./batch.ts";
import { clearList, stopBuild } from "./clear.ts";
import { nextCallable, windowClassOf } from "./compliance/window.ts";
import { counterWrites } from "./counters.ts";
import { type CounterDelta, counterField, queueOf, seqRank } from "./model.ts";

/**
 * The campaign build (docs/dialer.md, Build): the job that turns a campaign's segments into its list.
 * Each segment's query is paged through the Search port in the segment's sort, which answers the
 * contacts' fields with their ids; each page's contacts are scrubbed with the profile's scrubber (the next page's while this one is written), and written as
 * fresh CampaignContact records (BatchWriteItem, deterministic keys); then ONE transaction adds the page's
 * counts to the campaign's counters and writes the job's checkpoint, on condition that this worker still
 * holds the job. A page is therefore counted exactly once: a worker that dies before that transaction
 * leaves the checkpoint on the page, and the next run writes the page again (its records are found and
 * kept, not rewritten) and counts it then. The duplicate checks and the DNC lists are held in memory in
 * compact form (BuildMemory), rebuilt from the campaign's records when a build resumes.
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
  /** Every contact the page lists (new and kept records), by id, with its segment. */
  listed: Map<string, string>;
  /** Records an earlier run of this page already wrote: counted, not rewritten (they may have moved on). */
  kept: number;
  dropped: Partial<Record<ScrubReason, number>>;
}

/**
 * What the build remembers across pages, in compact typed arrays instead of item reads and writes per
 * contact: a hash of every contact listed so far (contactDup across segments, and a resumed page's own
 * records; a hit is confirmed by reading the record, so a hash collision costs one read, never a wrong
 * drop), every number listed so far (phoneDup), and the enabled DNC lists when they are small enough
 * to hold (else each page is checked in a batch), and the window classes added. A million listed
 * contacts take about 32 MB.
 */
interface BuildMemory {
  contacts: NumberSet;
  numbers: NumberSet;
  dnc: DncSnapshot | undefined;
  /** `{segmentId}|{windowClass}` pairs this run has added to the segments' sets. */
  windowClasses: Set<string>;
}

/**
 * What the build reads of a contact: the scrubber's fields and those its record copies. Every one is in
 * the search index's document (the indexer's contactDoc keeps every attribute but the keys and the custom
 * fields) and among the fields a Search page answers (CONTACT_ROW_FIELDS).
 */
const CONTACT_READ = [
  "id",
  "firstName",
  "lastName",
  "phone",
  "cell",
  "email",
  "state",
  "zip",
  "timeZone",
  "expireDt",
  "optout",
  "dnc",
] as const satisfies readonly (keyof ContactItem)[];
type BuildContact = Pick<ContactItem, (typeof CONTACT_READ)[number]>;

/** One page of a segment: the Search port's ids and the contacts' fields (read ahead of the scrub). */
interface FetchedPage {
  ids: string[];
  nextCursor: string | null;
  contacts: Map<string, BuildContact>;
}

/** The number phoneDup compares: the 10 digits, or (a number that is not one) a hash above them. */
const numberKey = (raw: string) => {
  const phone = normalizePhone(raw);
  return phone ? Number(phone) : 1e10 + hashId(raw);
};

/**
 * Scrubs one page of contacts (in the segment's order) and shapes the records of those that stay; the
 * listed ones are added to the build's memory.
 */
async function scrubPage(input: {
  tenant: string;
  campaignId: string;
  segmentId: string;
  page: FetchedPage;
  seq: number;
  profile: BuildProfile;
  memory: BuildMemory;
  /** The previous page's listed contacts (id -> segment): their records may still be on their way. */
  writing: ReadonlyMap<string, string>;
  now: Date;
}): Promise<PageOutcome> {
  const { tenant, campaignId, segmentId, profile, memory, now } = input;
  const { contacts } = input.page;
  const { scrubber, channel } = profile;
  // Records these contacts may have (the memory's hits, the page being written aside) and their DNC
  // listings, read at once.
  const hits = input.page.ids.filter((id) => !input.writing.has(id) && memory.contacts.has(hashId(id)));
  const [existing, listed] = await Promise.all([
    hits.length > 0 ? listedSegments(tenant, campaignId, hits) : new Map<string, string>(),
    dncListings(
      [...contacts.values()].filter((c) => !cheapReason(c, channel, now)),
      enabledSources(scrubber),
      memory.dnc,
    ),
  ]);
  const voiceOnCell = !(scrubber.cell && channel === "Voice");
  const dropped: PageOutcome["dropped"] = {};
  const drop = (reason: ScrubReason) => {
    dropped[reason] = (dropped[reason] ?? 0) + 1;
  };
  type Candidate = { contact: BuildContact; cell: string | undefined; windowClass: string; number: number };
  const candidates: Candidate[] = [];
  const ours: string[] = [];
  for (const id of input.page.ids) {
    const contact = contacts.get(id);
    if (!contact) continue; // read from the store, and deleted since the index answered
    const had = input.writing.get(id) ?? existing.get(id);
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
    candidates.push({ contact, cell, windowClass, number: numberKey(raw) });
    if (had !== undefined) ours.push(id);
  }
  const already = new Set(ours);
  const stay = scrubber.phoneDup ? firstOfEachNumber(memory.numbers, candidates, already, drop) : candidates;
  for (const c of stay) {
    memory.contacts.add(hashId(c.contact.id));
    memory.numbers.add(c.number);
  }
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
  return { records, kept, dropped, listed: new Map(stay.map((c) => [c.contact.id, segmentId])) };
}

/** The reasons the contact alone tells: no number to dial, expired, opted out of the channel. */
function cheapReason(contact: BuildContact, channel: DialChannel, now: Date): ScrubReason | undefined {
  if (!contact.phone && !contact.cell) return "noNumber";
  if (contact.expireDt && Date.parse(contact.expireDt) <= now.getTime()) return "expired";
  if (contact.optout?.[channel]) return "optout";
  return undefined;
}

/** The segment of each of these contacts' records already in the list (BatchGetItem). */
async function listedSegments(tenant: string, campaignId: string, ids: readonly string[]) {
  const found = await getAll(
    (keys) => useStore().entities.campaignContact.get(keys).go({ concurrent: 4 }),
    ids.map((contactId) => ({ tenant, campaignId, contactId })),
    "campaign build",
  );
  return new Map(found.map((r) => [r.contactId, r.segmentId]));
}

/**
 * The enabled DNC sources listing each of these contacts' numbers: from the build's snapshot when it
 * holds the lists, else one batch check (none read when no source is enabled).
 */
async function dncListings(
  contacts: readonly BuildContact[],
  sources: DncSource[],
  snapshot: DncSnapshot | undefined,
) {
  const listed = new Map<string, DncSource[]>();
  if (sources.length === 0) return listed;
  const numbers = contacts.flatMap((c) => [c.phone, c.cell].filter(Boolean) as string[]);
  const found = snapshot ? snapshot.listed(numbers) : (await checkDnc(numbers, { sources })).listed;
  for (const { phone, sources: on } of found) listed.set(phone, on);
  return listed;
}

/**
 * The scrubber's verdict on one contact before the window and duplicate checks (undefined: it stays), in
 * this order: no number to dial, expired, opted out of the channel, on an enabled DNC list (a contact
 * flagged dnc counts as org), only a cell number when cells are not voice-dialed.
 */
function scrubReason(
  contact: BuildContact,
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
 * phoneDup: keeps the first contact of each number, in build order: a number listed earlier in this page
 * or by an earlier page drops the contact. A contact whose record this page already wrote before a
 * restart (`kept`) passed the check then, so it stays: its own number is in the memory because of it.
 */
function firstOfEachNumber<C extends { contact: BuildContact; number: number }>(
  listed: NumberSet,
  candidates: C[],
  kept: ReadonlySet<string>,
  drop: (reason: ScrubReason) => void,
): C[] {
  const page = new NumberSet();
  return candidates.filter((c) => {
    if (!kept.has(c.contact.id) && (listed.has(c.number) || page.has(c.number))) {
      drop("phoneDup");
      return false;
    }
    page.add(c.number);
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
 * ADD is idempotent, so a page written again after a restart adds nothing new; `added` remembers the
 * classes this run has added, so a page of known classes writes nothing.
 */
async function addWindowClasses(
  key: { tenant: string; campaignId: string },
  segmentId: string,
  records: readonly { windowClass: string }[],
  added: Set<string>,
) {
  const classes = [...new Set(records.map((r) => r.windowClass))].filter(
    (c) => !added.has(`${segmentId}|${c}`),
  );
  if (classes.length === 0) return;
  await useStore()
    .entities.campaignCounter.update({ ...key, segmentId, shard: 0 })
    .add({ windowClasses: classes })
    .go();
  for (const c of classes) added.add(`${segmentId}|${c}`);
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

/** The DNC snapshot holds at most this many entries (8 bytes each); a bigger list is checked in batches. */
export const DNC_SNAPSHOT_MAX = 200_000;
/** A list this small is always held: one or two Query pages. */
const DNC_SNAPSHOT_MIN = 20_000;
/**
 * Reading the snapshot stops after this long (and the build checks in batches): on DynamoDB Local a
 * Query page costs more the larger the partition, so 200,000 entries of a 2M-number list took 880 s.
 */
const DNC_SNAPSHOT_BUDGET_MS = 10_000;

/**
 * The enabled DNC lists in memory, when reading them whole costs less than the batch checks would: at
 * most one entry per four keys the checks would read (contacts of the segments x sources), and
 * DNC_SNAPSHOT_MAX: on DynamoDB Local a Query's rate falls as the partition grows (docs/dialer.md).
 */
async function snapshotFor(sources: DncSource[], contacts: number) {
  if (sources.length === 0) return undefined;
  const max = Math.min(DNC_SNAPSHOT_MAX, Math.max(DNC_SNAPSHOT_MIN, (contacts * sources.length) / 4));
  return dncSnapshot({ sources, max, budgetMs: DNC_SNAPSHOT_BUDGET_MS });
}

/**
 * The build's memory of what is listed already: empty for a new build; when a build resumes, rebuilt
 * from the campaign's records (a Query over its partition, three attributes a record).
 */
async function rememberList(key: { tenant: string; campaignId: string }, resumed: boolean) {
  const memory = { contacts: new NumberSet(), numbers: new NumberSet() };
  let cursor: string | null = resumed ? "" : null;
  while (cursor !== null) {
    const page: { data: { contactId: string; phone?: string; cell?: string }[]; cursor: string | null } =
      await useStore()
        .entities.campaignContact.query.byCampaign(key)
        .go({ cursor: cursor || null, attributes: ["contactId", "phone", "cell"] });
    for (const r of page.data) {
      memory.contacts.add(hashId(r.contactId));
      const raw = r.phone || r.cell;
      if (raw) memory.numbers.add(numberKey(raw));
    }
    cursor = page.cursor;
  }
  return memory;
}

/** The fields of CONTACT_READ the Search port answers with the page (all but the id, which it gives). */
const ROW_FIELDS = CONTACT_READ.filter((f) => f !== "id");

/**
 * Reads one page of a segment and its contacts' fields, from the Search port's answer: the index that
 * decided the page's membership also answers what the scrubber reads and the record copies (docs/dialer.md,
 * Build). A contact the index holds no row for (an embedded index row written before it kept them) is read
 * from the store. The promise's failure is kept for whoever awaits it.
 */
function fetchPage(
  tenant: string,
  query: { query: Node; sort: SortKey[] } | undefined,
  cursor: string | null,
  types: Record<string, FieldType>,
): Promise<FetchedPage> {
  const read = (async () => {
    const page: Pick<SearchPage, "ids" | "nextCursor" | "rows"> = query
      ? await useEnv().search.query("contact", tenant, {
          query: query.query,
          sort: query.sort,
          limit: BUILD_PAGE,
          cursor,
          types,
          fields: ROW_FIELDS,
          scan: true,
        })
      : { ids: [], nextCursor: null, rows: [] };
    const contacts = new Map<string, BuildContact>();
    const unknown: string[] = [];
    page.ids.forEach((id, i) => {
      const row = page.rows?.[i];
      if (row) contacts.set(id, { ...row, id } as BuildContact);
      else unknown.push(id);
    });
    if (unknown.length > 0) {
      const found = await getAll(
        (keys) => useStore().entities.contact.get(keys).go({ concurrent: 4, attributes: CONTACT_READ }),
        unknown.map((id) => ({ tenant, id })),
        "campaign build",
      );
      for (const c of found) contacts.set(c.id, c);
    }
    return { ids: page.ids, nextCursor: page.nextCursor, contacts };
  })();
  // Read ahead: a build that stops before it uses the page must not leave an unhandled rejection.
  read.catch(() => undefined);
  return read;
}

/**
 * How many contacts the segments' queries match now (the DNC snapshot's break-even). A scan: counting a
 * rule no index serves reads every row of the tenant.
 */
async function matching(
  tenant: string,
  queries: ({ query: Node; sort: SortKey[] } | undefined)[],
  types: Record<string, FieldType>,
) {
  let total = 0;
  for (const q of queries)
    if (q)
      total += (
        await useEnv().search.query("contact", tenant, {
          query: q.query,
          sort: [],
          limit: 1,
          types,
          scan: true,
        })
      ).total;
  return total;
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
  const queries = await Promise.all(segments.map((s) => segmentQuery(tenant, s.segmentId)));
  const sources = enabledSources(profile.scrubber);
  const memory: BuildMemory = {
    ...(await rememberList(key, resumed !== undefined)),
    windowClasses: new Set(),
    dnc: await snapshotFor(sources, sources.length > 0 ? await matching(tenant, queries, customTypes) : 0),
  };
  // The page being written and committed while the next one is scrubbed (the state it commits).
  let flight: Promise<BuildCheckpoint> = Promise.resolve(state);
  let writing: ReadonlyMap<string, string> = new Map();
  while (state.segment < segments.length) {
    const segmentId = (segments[state.segment] as { segmentId: string }).segmentId;
    const query = queries[state.segment];
    let cursor = state.cursor;
    let ahead = fetchPage(tenant, query, cursor, customTypes);
    do {
      if (context.cancelled()) return { state: "cancelled", counters: (await flight).counts };
      if (context.stopping()) return await flight.then(() => ({ state: "paused" }) as const);
      if (!current(await readCampaign(tenant, campaignId), context.job.id))
        return { ...stopped, counters: (await flight).counts };
      const page = await ahead;
      const outcome = await scrubPage({
        tenant,
        campaignId,
        segmentId,
        page,
        seq: state.seq,
        profile,
        memory,
        writing,
        now: new Date(),
      });
      cursor = page.nextCursor;
      // The next page is read while this one is written (its scrub overlaps this page's writes).
      if (cursor) ahead = fetchPage(tenant, query, cursor, customTypes);
      const listed = outcome.records.length + outcome.kept;
      const counts = { ...state.counts };
      counts.read = (counts.read ?? 0) + page.ids.length;
      counts.listed = (counts.listed ?? 0) + listed;
      for (const [r, n] of Object.entries(outcome.dropped)) counts[r] = (counts[r] ?? 0) + n;
      state = cursor
        ? { ...state, cursor, seq: state.seq + listed, counts }
        : { ...state, segment: state.segment + 1, cursor: null, seq: state.seq + listed, counts };
      const delta = listed > 0 ? { [segmentId]: { [counterField("fresh", profile.channel)]: listed } } : {};
      // One page in flight at most: the previous one is written and committed before this one's writes.
      await flight;
      writing = outcome.listed;
      flight = writeAndCommit(context, key, segmentId, outcome, memory, delta, state);
    } while (cursor);
  }
  await flight;
  await markReady(tenant, campaignId, context.job.id);
  return {
    state: "done",
    counters: state.counts,
    progress: { done: state.counts.read ?? 0, total: state.counts.read ?? 0, unit: "contacts" },
    message: `Listed ${state.counts.listed ?? 0} of ${state.counts.read ?? 0} contacts.`,
  };
}

/**
 * Writes a page (its window classes, then its records) and commits its counts and the checkpoint after
 * them: the promise answers the checkpoint committed. A failure is kept for the loop's next await.
 */
function writeAndCommit(
  context: JobContext,
  key: { tenant: string; campaignId: string },
  segmentId: string,
  outcome: PageOutcome,
  memory: BuildMemory,
  delta: Record<string, CounterDelta>,
  state: BuildCheckpoint,
): Promise<BuildCheckpoint> {
  const done = (async () => {
    await addWindowClasses(key, segmentId, outcome.records, memory.windowClasses);
    await writePage(outcome);
    await commitPage(context, key, delta, state);
    return state;
  })();
  done.catch(() => undefined);
  return done;
}

/** A page's records, 25 a BatchWriteItem. */
async function writePage(outcome: PageOutcome) {
  if (outcome.records.length === 0) return;
  await sendBatches(
    useStore().entities.campaignContact.put(outcome.records).params() as BatchWriteCommandInput[],
  );
}

export function registerCampaignBuildJob() {
  registerJobKind(CAMPAIGN_BUILD_KIND, runBuild);
}
