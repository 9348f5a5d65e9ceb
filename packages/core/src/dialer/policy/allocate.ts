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
/** Credits by segment (how far each is behind its share, times the ratio sum), carried between dispenses. */
export interface AllocatorState {
  credit: Record<string, number>;
}

/** Why a campaign whose segments are all at ratio 0 cannot dial (the campaign form's sentence). */
export const NO_RATIO_MESSAGE = ALL_RATIOS_ZERO_MESSAGE;

/**
 * Hands `want` contacts to segments by their ratios. Each pick adds every segment's ratio to its credit
 * (a segment's credit is sum * how far it is behind its share), then picks by Tijdeman's rule (the
 * "chairman assignment" solution): among the segments at least 1/(2n-2) of a contact behind, the one
 * whose next contact falls due first, the first in `shares` order on a tie; its credit loses the ratio
 * sum. The credits carry over between calls, so however the dispenses are sized, after N contacts in total
 * each segment has had its ratio / sum * N within 1 - 1/(2n-2) contacts (so within 1), as long as `shares`
 * stays the same. (Picking simply the most credit, nginx's smooth weighted round robin, can fall a whole
 * contact behind with five or more segments.) The caller leaves out segments that have nothing left:
 * their credits are dropped, the others' re-centred on 0, and a segment that comes back starts at 0.
 * Ratio 0 segments get nothing.
 */
export function allocate(
  want: number,
  shares: readonly SegmentShare[],
  state: AllocatorState,
): { counts: Map<string, number>; state: AllocatorState } {
  const counts = new Map<string, number>(shares.map((s) => [s.segmentId, 0]));
  const active = shares.filter((s) => s.ratio > 0);
  const total = active.reduce((sum, s) => sum + s.ratio, 0);
  const credit = centred(active, state);
  if (total === 0) return { counts, state: { credit } };
  const slack = active.length > 1 ? total / (2 * active.length - 2) : 0;
  for (let i = 0; i < want; i++) {
    let best: SegmentShare | undefined;
    let bestDue = Number.POSITIVE_INFINITY;
    for (const s of active) credit[s.segmentId] = (credit[s.segmentId] ?? 0) + s.ratio;
    for (const s of active) {
      const behind = credit[s.segmentId] ?? 0;
      if (behind < slack) continue;
      const due = (total - slack - behind) / s.ratio;
      if (due < bestDue) [best, bestDue] = [s, due];
    }
    best ??= active.reduce((a, b) => ((credit[b.segmentId] ?? 0) > (credit[a.segmentId] ?? 0) ? b : a));
    credit[best.segmentId] = (credit[best.segmentId] ?? 0) - total;
    counts.set(best.segmentId, (counts.get(best.segmentId) ?? 0) + 1);
  }
  return { counts, state: { credit } };
}

/** The carried credits of the active segments, shifted to sum to 0 (as the rule keeps them). */
function centred(active: readonly SegmentShare[], state: AllocatorState): Record<string, number> {
  const credit: Record<string, number> = {};
  for (const s of active) credit[s.segmentId] = state.credit[s.segmentId] ?? 0;
  const mean = active.length ? Object.values(credit).reduce((a, b) => a + b, 0) / active.length : 0;
  if (mean !== 0) for (const s of active) credit[s.segmentId] = (credit[s.segmentId] ?? 0) - mean;
  return credit;
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
