import { type CreateEntityItem, Entity, type EntityItem } from "electrodb";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * The list manager's records (docs/dialer.md): a campaign's contacts with their dialing state, the
 * per-person pacing record that carries the compliance counts across campaigns, the sharded counters the
 * status dialog reads, the hourly buckets of the segment breakdown, the per-day abandon counts, and the
 * dispense batches that make a claim recoverable after a crash.
 */

export const CAMPAIGN_CONTACT_STATUSES = ["fresh", "inDialer", "retry", "callBack", "completed"] as const;
export type CampaignContactStatus = (typeof CAMPAIGN_CONTACT_STATUSES)[number];
export const DIAL_CHANNELS = ["Voice", "SMS", "Email"] as const;
export type DialChannel = (typeof DIAL_CHANNELS)[number];

/**
 * CampaignContact — one contact of a running campaign's list, written by the build, moved by dispense,
 * results, the sweeper and reset. `queue` is `{lane}#{status}#{windowClass}` (lane voice or agentless,
 * windowClass the compliance module's key of the contact's callable window) and `rank` orders the queue:
 * fresh by build sequence (zero-padded), retry and callBack by readyAt, inDialer by claimedAt, completed
 * by completedAt. Access patterns: get by tenant + campaign + contact; a campaign's whole list in contact
 * order (export, reset, clear); the head of one queue of one segment (gsi1: dispense, sweeper).
 */
export const CampaignContactEntity = new Entity({
  model: { entity: "campaignContact", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true, readOnly: true },
    contactId: { type: "string", required: true, readOnly: true },
    segmentId: { type: "string", required: true },
    /** Position in the segment's build order (its sort), for freshLIFO / FIFO. */
    seq: { type: "number", required: true },
    status: { type: CAMPAIGN_CONTACT_STATUSES, required: true },
    channel: { type: DIAL_CHANNELS, required: true, default: "Voice" },
    queue: { type: "string", required: true },
    rank: { type: "string", required: true },
    /** What the dialer needs, copied at build so a dispense reads one item. */
    firstName: { type: "string" },
    lastName: { type: "string" },
    phone: { type: "string" },
    cell: { type: "string" },
    email: { type: "string" },
    state: { type: "string" },
    zip: { type: "string" },
    timeZone: { type: "string" },
    windowClass: { type: "string", required: true },
    /** When the contact may be dialed next (ISO); the build time for fresh ones. */
    readyAt: { type: "string", required: true },
    /** Attempts on the current channel, on all channels, and right-party contacts, in this campaign. */
    attempts: { type: "number", required: true, default: 0 },
    totalAttempts: { type: "number", required: true, default: 0 },
    rpcCount: { type: "number", required: true, default: 0 },
    /** The dispense batch holding it while inDialer, the status it came from, and when. */
    claim: { type: "string" },
    prevStatus: { type: CAMPAIGN_CONTACT_STATUSES },
    claimedAt: { type: "string" },
    /** The attempt key of the last result applied (a result posted twice is applied once). */
    lastAttemptKey: { type: "string" },
    lastDisposition: { type: "string" },
    completedReason: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byCampaign: {
      pk: { field: "pk", composite: ["tenant", "campaignId"] },
      sk: { field: "sk", composite: ["contactId"] },
    },
    byQueue: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["tenant", "campaignId", "segmentId", "queue"] },
      sk: { field: "gsi1sk", composite: ["rank", "contactId"] },
    },
  },
});
export type CampaignContactItem = EntityItem<typeof CampaignContactEntity>;
export type CreateCampaignContactItem = CreateEntityItem<typeof CampaignContactEntity>;

/**
 * ContactPace — one person's dialing history across every campaign of the tenant, for the frequency
 * rules (Reg F 7-in-7 and the 7 days after a right-party conversation; state caps such as Florida's 3 in
 * 24 h) and the one-call-at-a-time hold: `attempts` are the epoch-ms times of the attempts of the last
 * 7 days, `busy` the dispense batch that holds the person (until `busyUntil`), `version` the optimistic
 * lock every claim is conditional on. Access pattern: get (batch) by tenant + contact.
 */
export const ContactPaceEntity = new Entity({
  model: { entity: "contactPace", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    contactId: { type: "string", required: true, readOnly: true },
    attempts: { type: "list", items: { type: "number" }, required: true, default: () => [] },
    lastRpcAt: { type: "number" },
    busy: { type: "string" },
    busyUntil: { type: "number" },
    version: { type: "number", required: true, default: 0 },
    ...timestamps,
  },
  indexes: {
    byContact: {
      pk: { field: "pk", composite: ["tenant", "contactId"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
export type ContactPaceItem = EntityItem<typeof ContactPaceEntity>;

/**
 * CampaignCounter — a shard of one segment's counts by state (spec 002 §7 campaignStats). Every change of
 * a campaign contact's state ADDs its delta to one shard (any shard: the status answer is the sum of a
 * segment's shards), in the same transaction as the change, so the counts are never recounted and two
 * writers rarely touch the same item. Access pattern: a campaign's shards (query by tenant + campaign).
 */
export const COUNTER_SHARDS = 16;
export const CampaignCounterEntity = new Entity({
  model: { entity: "campaignCounter", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true, readOnly: true },
    segmentId: { type: "string", required: true, readOnly: true },
    shard: { type: "number", required: true, readOnly: true },
    fresh: { type: "number", required: true, default: 0 },
    inDialer: { type: "number", required: true, default: 0 },
    retry: { type: "number", required: true, default: 0 },
    callBack: { type: "number", required: true, default: 0 },
    alFresh: { type: "number", required: true, default: 0 },
    alRetry: { type: "number", required: true, default: 0 },
    completed: { type: "number", required: true, default: 0 },
    /**
     * On shard 0 only: the window classes the segment's contacts have (a string set the build ADDs each
     * page's classes to, idempotent on a rerun), so a dispense and the sweeper know which queues exist.
     */
    windowClasses: { type: "set", items: "string" },
    ...timestamps,
  },
  indexes: {
    byCampaign: {
      pk: { field: "pk", composite: ["tenant", "campaignId"] },
      sk: { field: "sk", composite: ["segmentId", "shard"] },
    },
  },
});
export type CampaignCounterItem = EntityItem<typeof CampaignCounterEntity>;

/**
 * CampaignHour — how many of a segment's contacts become ready in one hour (epoch hour), by kind (voice
 * retry, agentless retry alRetry, or callBack): +1 when a contact enters the queue with a readyAt in that hour, -1 when it leaves. The
 * segment breakdown reads the hours from now on; ready now = the state counter minus the future hours.
 * Access pattern: a segment's hours from an hour on (query by tenant + campaign + segment + kind, sk >=).
 */
export const CampaignHourEntity = new Entity({
  model: { entity: "campaignHour", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true, readOnly: true },
    segmentId: { type: "string", required: true, readOnly: true },
    kind: { type: ["retry", "alRetry", "callBack"] as const, required: true, readOnly: true },
    hour: { type: "number", required: true, readOnly: true },
    count: { type: "number", required: true, default: 0 },
    ...timestamps,
  },
  indexes: {
    bySegment: {
      pk: { field: "pk", composite: ["tenant", "campaignId", "segmentId", "kind"] },
      sk: { field: "sk", composite: ["hour"] },
    },
  },
});
export type CampaignHourItem = EntityItem<typeof CampaignHourEntity>;

/**
 * CampaignDay — a campaign's calls answered by a live person and calls abandoned on one UTC day, for the
 * abandon rate over a rolling 30 days (47 CFR 64.1200(a)(7); docs/compliance.md). Access pattern: a
 * campaign's days from a day on.
 */
export const CampaignDayEntity = new Entity({
  model: { entity: "campaignDay", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true, readOnly: true },
    day: { type: "string", required: true, readOnly: true },
    answered: { type: "number", required: true, default: 0 },
    abandoned: { type: "number", required: true, default: 0 },
    dials: { type: "number", required: true, default: 0 },
    ...timestamps,
  },
  indexes: {
    byCampaign: {
      pk: { field: "pk", composite: ["tenant", "campaignId"] },
      sk: { field: "sk", composite: ["day"] },
    },
  },
});
export type CampaignDayItem = EntityItem<typeof CampaignDayEntity>;

/**
 * DispenseBatch — one claim of contacts: written with the counter deltas in one transaction once its
 * contacts are marked inDialer (state `applied`), or written `void` by the sweeper for a claim whose
 * dispenser died before that (its contacts go back to where they were, the counters never moved). A
 * block claim writes it `claimed` with its journal and makes it `applied` once its records are written
 * (`void` when it was undone). The dispenser hands contacts out only after its `applied` write
 * succeeded. Access pattern: get by tenant + campaign + batch.
 */
export const DispenseBatchEntity = new Entity({
  model: { entity: "dispenseBatch", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true, readOnly: true },
    batchId: { type: "string", required: true, readOnly: true },
    state: { type: ["claimed", "applied", "void"] as const, required: true },
    contacts: { type: "list", items: { type: "string" }, required: true, default: () => [] },
    /**
     * A block claim's journal (docs/dialer.md "Dispense"): the moves it counted (JSON: contact, segment,
     * status and channel it came from, where it went) and the dispense time, so a claim whose dispenser
     * died before its records were written can be undone exactly.
     */
    moves: { type: "string" },
    at: { type: "number" },
    ...timestamps,
  },
  indexes: {
    byCampaign: {
      pk: { field: "pk", composite: ["tenant", "campaignId"] },
      sk: { field: "sk", composite: ["batchId"] },
    },
  },
});
export type DispenseBatchItem = EntityItem<typeof DispenseBatchEntity>;

/**
 * QueueCursor — how far block claims have taken one FIFO fresh queue of a segment (docs/dialer.md
 * "Dispense"): every record ranked at or below `through` was either claimed by a block or passed over by
 * one (not ready, refused by pace) and is left to the per-contact path. `pending` is the block claimed
 * and not yet written (its records and paces in flight), `pendingFrom` the cursor before it, `pendingAt`
 * its dispense time: while a block is pending nobody else claims past `pendingFrom`. In the campaign's
 * partition, so clearing the list clears it. Access pattern: get by tenant + campaign + segment + queue;
 * a campaign's cursors (the sweeper).
 */
export const QueueCursorEntity = new Entity({
  model: { entity: "queueCursor", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true, readOnly: true },
    segmentId: { type: "string", required: true, readOnly: true },
    queue: { type: "string", required: true, readOnly: true },
    through: { type: "string", required: true },
    pending: { type: "string" },
    pendingFrom: { type: "string" },
    pendingAt: { type: "number" },
    ...timestamps,
  },
  indexes: {
    byCampaign: {
      pk: { field: "pk", composite: ["tenant", "campaignId"] },
      sk: { field: "sk", composite: ["segmentId", "queue"] },
    },
  },
});
export type QueueCursorItem = EntityItem<typeof QueueCursorEntity>;

/**
 * DialerLease — which campaign of a tenant may dispense now in embedded mode, until when (wall-clock
 * ms), and the campaign waiting for its turn (docs/dialer.md "Dispense"): block claims write people's
 * pace records without a condition, so no other campaign of the tenant may write them meanwhile. Access
 * pattern: get by tenant.
 */
export const DialerLeaseEntity = new Entity({
  model: { entity: "dialerLease", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true },
    until: { type: "number", required: true },
    waiting: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byTenant: {
      pk: { field: "pk", composite: ["tenant"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
export type DialerLeaseItem = EntityItem<typeof DialerLeaseEntity>;

/**
 * CampaignPhone — a number a campaign's build has listed, and the contact it was listed for: the
 * profile's phoneDup scrubber dials a number once per build, across pages, segments and a restart (a
 * resumed build finds its own marks by the contact and keeps them). In the campaign's partition, so
 * clearing the list clears them. Access pattern: get (batch) by tenant + campaign + phone.
 */
export const CampaignPhoneEntity = new Entity({
  model: { entity: "campaignPhone", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true, readOnly: true },
    phone: { type: "string", required: true, readOnly: true },
    contactId: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byCampaign: {
      pk: { field: "pk", composite: ["tenant", "campaignId"] },
      sk: { field: "sk", composite: ["phone"] },
    },
  },
});
export type CampaignPhoneItem = EntityItem<typeof CampaignPhoneEntity>;

/**
 * ActiveCampaign — the instance-wide registry of Active campaigns the driver feeds (written in the
 * transaction that makes a campaign Active, deleted in the one that makes it anything else). Access
 * pattern: all of them (one query, the driver's tick).
 */
export const ActiveCampaignEntity = new Entity({
  model: { entity: "activeCampaign", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    campaignId: { type: "string", required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    all: {
      pk: { field: "pk", composite: [] },
      sk: { field: "sk", composite: ["tenant", "campaignId"] },
    },
  },
});
export type ActiveCampaignItem = EntityItem<typeof ActiveCampaignEntity>;
