/**
 * The abandon rate (47 CFR 64.1200(a)(7)): calls a live person answered and no agent took within 2
 * seconds, as a share of the calls a live person answered, per campaign over 30 days. Above 3% the
 * console warns. The counts come from the campaign's UTC days (CampaignDay: `answered`, `abandoned`,
 * written with each result from the disposition policy's `answered` / `abandoned`).
 */

export const ABANDON_LIMIT = 0.03;

const DAY_MS = 86_400_000;

export interface AbandonRate {
  /** abandoned / answered; null when nothing was answered. */
  rate: number | null;
  answered: number;
  abandoned: number;
  /** The rate is above ABANDON_LIMIT. */
  warning: boolean;
}

/** The rate over the days given. */
export function abandonRate(days: readonly { answered: number; abandoned: number }[]): AbandonRate {
  const answered = days.reduce((n, d) => n + d.answered, 0);
  const abandoned = days.reduce((n, d) => n + d.abandoned, 0);
  const rate = answered === 0 ? null : abandoned / answered;
  return { rate, answered, abandoned, warning: rate !== null && rate > ABANDON_LIMIT };
}

/** The UTC days (YYYY-MM-DD) of a rolling window of `count` days ending with `now`'s day, oldest first. */
export function rollingDays(now: Date | number, count: number): string[] {
  const today = Math.floor(new Date(now).getTime() / DAY_MS);
  return Array.from({ length: count }, (_, i) =>
    new Date((today - count + 1 + i) * DAY_MS).toISOString().slice(0, 10),
  );
}
