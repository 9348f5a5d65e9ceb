import { useTenant } from "../actor/index.ts";
import { getCampaign } from "../campaign/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { abandonRate, rollingDays } from "./compliance/abandon.ts";
import { readCounters, readHours, zeroCounts } from "./counters.ts";
import { epochHour, type HourKind } from "./model.ts";
import {
  BREAKDOWN_HOURS,
  type BreakdownAnswer,
  type CampaignStatusAnswer,
  type StatusChannel,
} from "./status-api.ts";

/**
 * The Campaign Status and Segment breakdown dialogs (spec 002 §7 /cache/status, /cache/status-breakdown):
 * read from the list manager's sharded counters, hour buckets and day buckets (docs/dialer.md), so an
 * answer costs a few queries whatever the list's size. A campaign that never started answers zeros.
 */

const HOUR_MS = 3_600_000;

/** Live answers and abandons of the campaign's last 30 UTC days, today included, and their rate. */
async function abandonOf(key: { tenant: string; campaignId: string }, now: number) {
  const [first] = rollingDays(now, 30);
  const { data } = await useStore()
    .entities.campaignDay.query.byCampaign(key)
    .gte({ day: first as string })
    .go({ pages: "all" });
  return abandonRate(data);
}

/** The campaign's counts by segment in its order, its totals, and the rolling abandon rate. */
export async function campaignStatus(
  campaignId: string,
  channel: StatusChannel,
  now = Date.now(),
): Promise<CampaignStatusAnswer> {
  const campaign = await getCampaign(campaignId);
  const key = { tenant: useTenant(), campaignId };
  const [counters, abandon] = await Promise.all([readCounters(key), abandonOf(key, now)]);
  const campaignStats = campaign.segments.map((s) => ({
    segment: s.segmentName,
    segmentId: s.segmentId,
    ...(counters.get(s.segmentId) ?? zeroCounts()),
  }));
  const totalContacts = campaignStats.reduce(
    (n, s) => n + s.fresh + s.inDialer + s.retry + s.callBack + s.alFresh + s.alRetry + s.completed,
    0,
  );
  const completedContacts = campaignStats.reduce((n, s) => n + s.completed, 0);
  const percentComplete =
    totalContacts === 0 ? 0 : Math.round((completedContacts / totalContacts) * 1000) / 10;
  return {
    campaignId,
    channel,
    totalContacts,
    completedContacts,
    percentComplete,
    campaignStats,
    abandonRate: abandon,
    asOf: new Date(now).toISOString(),
  };
}

/** An hour's label in the viewer's time: HH:MM at `utcOffset` minutes east of UTC. */
export function hourLabel(hour: number, utcOffset: number): string {
  return new Date(hour * HOUR_MS + utcOffset * 60_000).toISOString().slice(11, 16);
}

/**
 * One bucket kind's next 24 hours from the current one, and how many are ready now: the state's count
 * minus those whose hour is still to come (an hour's resolution: ready in the current hour counts as ready).
 */
async function hoursOf(
  key: { tenant: string; campaignId: string; segmentId: string },
  kind: HourKind,
  startHour: number,
  inState: number,
) {
  const buckets = await readHours({ ...key, kind }, startHour);
  const bars = Array.from({ length: BREAKDOWN_HOURS }, (_, i) =>
    Math.max(0, buckets.get(startHour + i) ?? 0),
  );
  let later = 0;
  for (const [hour, n] of buckets) if (hour > startHour) later += n;
  return { bars, ready: Math.max(0, inState - later) };
}

/**
 * One segment's breakdown: retries and (voice) callbacks becoming ready in each of the next 24 hours,
 * labelled in the viewer's time, and the ones ready now; the agentless view reads its own (alRetry) buckets.
 */
export async function segmentBreakdown(
  body: { campaignId: string; segmentId: string; channel: StatusChannel; utcOffset: number },
  now = Date.now(),
): Promise<BreakdownAnswer> {
  const campaign = await getCampaign(body.campaignId);
  const segment = campaign.segments.find((s) => s.segmentId === body.segmentId);
  if (!segment)
    throw new VisibleError(
      "not_found",
      "campaign.segment_not_found",
      `Segment ${body.segmentId} is not in campaign ${campaign.name}.`,
    );
  const key = { tenant: useTenant(), campaignId: body.campaignId, segmentId: body.segmentId };
  const counts =
    (await readCounters({ tenant: key.tenant, campaignId: key.campaignId })).get(body.segmentId) ??
    zeroCounts();
  const startHour = epochHour(now);
  const voice = body.channel === "voice";
  const [retries, callbacks] = await Promise.all([
    voice
      ? hoursOf(key, "retry", startHour, counts.retry)
      : hoursOf(key, "alRetry", startHour, counts.alRetry),
    voice ? hoursOf(key, "callBack", startHour, counts.callBack) : null,
  ]);
  return {
    campaignId: body.campaignId,
    segmentId: body.segmentId,
    segment: segment.segmentName,
    channel: body.channel,
    startHour,
    labels: Array.from({ length: BREAKDOWN_HOURS }, (_, i) => hourLabel(startHour + i, body.utcOffset)),
    hourlyBreakdown: {
      retries: retries.bars,
      callbacks: callbacks?.bars ?? new Array<number>(BREAKDOWN_HOURS).fill(0),
    },
    ready: { retry: retries.ready, callbacks: callbacks?.ready ?? 0 },
    asOf: new Date(now).toISOString(),
  };
}
