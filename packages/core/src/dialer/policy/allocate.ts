import { ALL_RATIOS_ZERO_MESSAGE } from "../../campaign/schema.ts";

/**
 * Splitting a dispense across segments by their ratios and, within a segment, between retries and fresh
 * contacts (docs/dialer.md, Dispense step 1).
 */

export interface SegmentShare {
  segmentId: string;
  /** 0..100; a segment at 0 is never dialed. */
  ratio: number;
}
/** Smooth weighted round robin credits by segment, carried from one dispense to the next. */
export interface AllocatorState {
  credit: Record<string, number>;
}

/** Why a campaign whose segments are all at ratio 0 cannot dial (the campaign form's sentence). */
export const NO_RATIO_MESSAGE = ALL_RATIOS_ZERO_MESSAGE;

/**
 * Hands `want` contacts to segments by smooth weighted round robin (nginx's): each pick adds every
 * segment's ratio to its credit, picks the segment with the most credit (the first in `shares` order on a
 * tie) and takes the ratio sum from it. The credits carry over between calls, so the split converges on
 * the ratio shares however the dispenses are sized: after N contacts in total each segment has had its
 * ratio / sum * N, within 1 contact (its credit / sum, and every credit stays within (-sum, sum)), as long
 * as `shares` does not change. The caller leaves out segments that have nothing left; their credits are
 * dropped and a segment that comes back starts at 0. Ratio 0 segments get nothing.
 */
export function allocate(
  want: number,
  shares: readonly SegmentShare[],
  state: AllocatorState,
): { counts: Map<string, number>; state: AllocatorState } {
  const counts = new Map<string, number>(shares.map((s) => [s.segmentId, 0]));
  const active = shares.filter((s) => s.ratio > 0);
  const credit: Record<string, number> = {};
  for (const s of active) credit[s.segmentId] = state.credit[s.segmentId] ?? 0;
  const total = active.reduce((sum, s) => sum + s.ratio, 0);
  if (total === 0) return { counts, state: { credit } };
  for (let i = 0; i < want; i++) {
    let best: SegmentShare | undefined;
    for (const s of active) {
      credit[s.segmentId] = (credit[s.segmentId] ?? 0) + s.ratio;
      if (!best || (credit[s.segmentId] ?? 0) > (credit[best.segmentId] ?? 0)) best = s;
    }
    if (!best) break;
    credit[best.segmentId] = (credit[best.segmentId] ?? 0) - total;
    counts.set(best.segmentId, (counts.get(best.segmentId) ?? 0) + 1);
  }
  return { counts, state: { credit } };
}

/**
 * Splits `n` contacts of a segment into retries and fresh ones: `retryRatio` retries per 100
 * (round(n * retryRatio / 100)), no more than are due; fresh ones fill the rest, and when fresh ones run
 * short more due retries fill in (and the other way round). Never more than `n` in total, more retries
 * than `dueRetries` or more fresh than `fresh`.
 */
export function splitRetries(
  n: number,
  retryRatio: number,
  dueRetries: number,
  fresh: number,
): { retries: number; fresh: number } {
  const wanted = Math.max(0, Math.floor(n));
  let retries = Math.min(Math.round((wanted * retryRatio) / 100), dueRetries, wanted);
  const freshTaken = Math.min(wanted - retries, fresh);
  retries = Math.min(dueRetries, wanted - freshTaken);
  return { retries, fresh: freshTaken };
}
