import * as v from "valibot";
import { useTenant } from "../actor/index.ts";
import type { CampaignSegment } from "../campaign/api.ts";
import { operateCampaign } from "../campaign/index.ts";
import { dispositionOf } from "../disposition/index.ts";
import { normalizePhone } from "../dnc/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import type { CampaignContactItem, ContactPaceItem } from "../store/entities/dialer.ts";
import type { CampaignItem } from "../store/entities.ts";
import { transact } from "../store/transact.ts";
import { ContactResult, type ResultOutcome } from "./api.ts";
import { withRpc } from "./compliance/pace.ts";
import { counterWrites, type HourDelta, readCounters } from "./counters.ts";
import { dialProfileOf } from "./dispense.ts";
import { epochHour, hourKindOf, moveDelta, queueOf, seqRank } from "./model.ts";
import { afterDisposition, type DispositionOutcome } from "./policy/disposition.ts";

/**
 * Results (docs/dialer.md "Results"): one attempt's outcome applied once. The contact must be inDialer
 * under the attempt's batch; the disposition policy decides its next state, and one transaction —
 * conditional on that claim — moves the contact, its counters and hour bucket, the person's pace (hold
 * released, the right-party time), the day's dial / answer / abandon counts, writes the Dial activity
 * and, for a code that says so, the org do-not-call entry. A result posted again answers what the first
 * did. When the list has nothing left to dial, the campaign's exhaustion action runs.
 */

export const NOT_DISPENSED_MESSAGE = "This contact was not dispensed by the campaign under that attempt.";
const notDispensed = () => new VisibleError("conflict", "dialer.not_dispensed", NOT_DISPENSED_MESSAGE);

/** Pace records changed by another writer between the read and the transaction: read again this often. */
const PACE_RETRIES = 5;

type Contact = CampaignContactItem;

/** What a contact's current state answers for its last applied result (a repeated post). */
function recorded(c: Contact): ResultOutcome {
  const status = c.status === "inDialer" ? (c.prevStatus ?? "fresh") : c.status;
  const code = Number(c.lastDisposition);
  return {
    contactId: c.contactId,
    status: status === "inDialer" ? "fresh" : status,
    channel: c.channel,
    classification: dispositionOf(code)?.class ?? "",
    readyAt: status === "retry" || status === "callBack" ? c.readyAt : null,
    completedReason: c.completedReason ?? null,
    repeated: true,
  };
}

const answer = (c: Contact, o: DispositionOutcome): ResultOutcome => ({
  contactId: c.contactId,
  status: o.status,
  channel: o.channel,
  classification: o.classification,
  readyAt: o.readyAt ? o.readyAt.toISOString() : null,
  completedReason: o.completedReason,
  repeated: false,
});

/** The queue position of the contact's next state. */
function placeOf(c: Contact, o: DispositionOutcome, now: Date) {
  const readyAt = (o.readyAt ?? now).toISOString();
  const rank = o.status === "fresh" ? seqRank(c.seq) : o.status === "completed" ? now.toISOString() : readyAt;
  return { queue: queueOf(o.channel, o.status, c.windowClass), rank, readyAt };
}

/** One transaction: everything the result changes, conditional on the claim and on the pace read. */
async function write(
  campaign: CampaignItem,
  c: Contact,
  pace: ContactPaceItem | undefined,
  result: v.InferOutput<typeof ContactResult>,
  code: number,
  o: DispositionOutcome,
  now: Date,
) {
  const tenant = c.tenant;
  const key = { tenant, campaignId: c.campaignId };
  const place = placeOf(c, o, now);
  const kind = o.status === "fresh" || o.status === "completed" ? null : hourKindOf(o.status, o.channel);
  const hours: HourDelta[] = kind
    ? [{ segmentId: c.segmentId, kind, hour: epochHour(place.readyAt), delta: 1 }]
    : [];
  const paceState = { attempts: pace?.attempts ?? [], lastRpcAt: pace?.lastRpcAt ?? null };
  const lastRpcAt = o.rpc ? withRpc(paceState, now.getTime()).lastRpcAt : paceState.lastRpcAt;
  const segment = (JSON.parse(campaign.segments) as CampaignSegment[]).find(
    (s) => s.segmentId === c.segmentId,
  );
  const name = dispositionOf(code)?.name ?? String(code);
  const dncPhones = o.addOrgDnc
    ? [...new Set([c.phone, c.cell].flatMap((p) => (p && normalizePhone(p)) || []))]
    : [];
  return transact(() =>
    useStore()
      .transaction.write((tx) => {
        const paceItem = tx.contactPace.update({ tenant, contactId: c.contactId }).set({
          version: (pace?.version ?? 0) + 1,
          ...(lastRpcAt ? { lastRpcAt } : {}),
        });
        return [
          tx.campaignContact
            .patch({ ...key, contactId: c.contactId })
            .set({
              segmentId: c.segmentId,
              status: o.status,
              channel: o.channel,
              queue: place.queue,
              rank: place.rank,
              readyAt: place.readyAt,
              attempts: o.attempts,
              totalAttempts: o.totalAttempts,
              rpcCount: o.rpcCount,
              lastAttemptKey: result.attemptKey,
              lastDisposition: String(code),
              ...(o.completedReason ? { completedReason: o.completedReason } : {}),
            })
            .remove(["claim", "prevStatus", "claimedAt"])
            .where((a, op) => `${op.eq(a.status, "inDialer")} AND ${op.eq(a.claim, result.attemptKey)}`)
            .commit(),
          (pace?.busy === result.attemptKey ? paceItem.remove(["busy", "busyUntil"]) : paceItem)
            .where((a, op) => (pace ? op.eq(a.version, pace.version) : op.notExists(a.version)))
            .commit(),
          ...counterWrites(
            tx,
            key,
            { [c.segmentId]: moveDelta(c, { status: o.status, channel: o.channel }) },
            hours,
          ),
          tx.campaignDay
            .update({ ...key, day: now.toISOString().slice(0, 10) })
            .add({ dials: 1, answered: o.answered ? 1 : 0, abandoned: o.abandoned ? 1 : 0 })
            .commit(),
          tx.activityLog
            .put({
              tenant,
              id: `dial-${result.attemptKey}-${c.contactId}`,
              type: "Dial",
              disposition: name,
              title: name,
              activityLogContactId: c.contactId,
              campaign: campaign.name,
              segment: segment?.segmentName ?? c.segmentId,
              ...(result.agent ? { agent: result.agent } : {}),
              timestamp: now.toISOString(),
              metaData: {
                dispositionCode: code,
                dispositionDescription: name,
                classification: o.classification,
                completedReason: o.completedReason,
                campaignId: c.campaignId,
                segmentId: c.segmentId,
                attemptKey: result.attemptKey,
                durationSec: result.durationSec,
                channel: c.channel,
                ...(result.platformContactId ? { platformContactId: result.platformContactId } : {}),
              },
            })
            .commit(),
          ...dncPhones.map((phone) =>
            tx.doNotCall
              .put({
                tenant,
                phone,
                source: "org",
                addedBy: `disposition ${code}`,
                addedAt: now.toISOString(),
              })
              .commit(),
          ),
        ];
      })
      .go(),
  );
}

/** Runs the campaign's exhaustion action when nothing of its list is left to dial or in the dialer. */
async function whenExhausted(campaign: CampaignItem, now: Date) {
  if (!campaign.stopOnCompletion && !campaign.resetOnCompletion) return;
  const counts = await readCounters({ tenant: campaign.tenant, campaignId: campaign.id });
  const left = [...counts.values()].reduce(
    (n, c) => n + c.fresh + c.retry + c.callBack + c.inDialer + c.alFresh + c.alRetry,
    0,
  );
  if (left > 0) return;
  const operation = campaign.stopOnCompletion ? "complete" : "reset";
  await operateCampaign(campaign.id, operation, { now }).catch((err: unknown) => {
    // Another result's exhaustion (or a person) moved the campaign first.
    if (!(err instanceof VisibleError && err.kind === "conflict")) throw err;
  });
}

/**
 * Applies one attempt's result (POST /api/dialer/results). Refused when the campaign never dispensed the
 * contact under that attempt key (409 dialer.not_dispensed) or the code is not in the catalogue (400,
 * the policy's message); a repeat of an applied result answers the first outcome with `repeated: true`.
 */
export async function applyResult(input: ContactResult, now: Date = new Date()): Promise<ResultOutcome> {
  const result = v.parse(ContactResult, input);
  const tenant = useTenant();
  const store = useStore();
  const code = Number(result.disposition);
  for (let attempt = 0; ; attempt++) {
    const [{ data: c }, { data: pace }, { data: campaign }] = await Promise.all([
      store.entities.campaignContact
        .get({ tenant, campaignId: result.campaignId, contactId: result.contactId })
        .go(),
      store.entities.contactPace.get({ tenant, contactId: result.contactId }).go(),
      store.entities.campaign.get({ tenant, id: result.campaignId }).go(),
    ]);
    if (!c || !campaign) throw notDispensed();
    if (c.lastAttemptKey === result.attemptKey) return recorded(c);
    if (c.status !== "inDialer" || c.claim !== result.attemptKey) throw notDispensed();
    const { data: profile } = await store.entities.profile
      .get({ tenant, id: campaign.campaignProfileId })
      .go();
    if (!profile) throw notDispensed();
    const outcome = afterDisposition({
      contact: {
        channel: c.channel,
        attempts: c.attempts,
        totalAttempts: c.totalAttempts,
        rpcCount: c.rpcCount,
      },
      profile: dialProfileOf(profile),
      code,
      now,
      callbackAt: result.callbackAt ? new Date(result.callbackAt) : null,
      windowClass: c.windowClass,
    });
    const refused = await write(campaign, c, pace ?? undefined, result, code, outcome, now);
    if (refused === null) {
      if (outcome.status === "completed") await whenExhausted(campaign, now);
      return answer(c, outcome);
    }
    // The contact's claim changed (a repeat applied just now, or the sweeper took it back): read again.
    // Only the pace changed (another campaign dispensed the person): read again, a few times.
    if (!refused[0] && attempt >= PACE_RETRIES) throw new Error("dialer result: the pace kept changing");
    if (refused[0] && attempt >= 1) throw notDispensed();
  }
}
