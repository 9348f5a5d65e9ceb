import * as v from "valibot";
import { boundedArray } from "../bounds.ts";

/** Do-not-call lists (docs/compliance.md). */

export const DNC_SOURCES = ["org", "state", "national"] as const;
export type DncSource = (typeof DNC_SOURCES)[number];

export const BAD_PHONE_MESSAGE = "Enter a 10-digit US phone number (a leading 1 or +1 is fine)";
export const MAX_CHECK = 10_000;

/**
 * A US number as 10 digits: punctuation and spaces dropped, a leading country code 1 removed; anything
 * else (too short, too long, letters, an area or exchange code starting 0 or 1) is not a number, null.
 */
export function normalizePhone(raw: string): string | null {
  if (raw.length > 40 || /[^\d\s()+.-]/.test(raw)) return null;
  let digits = raw.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return digits;
}

export const Phone = v.pipe(
  v.string(BAD_PHONE_MESSAGE),
  v.maxLength(40, BAD_PHONE_MESSAGE),
  v.check((p) => normalizePhone(p) !== null, BAD_PHONE_MESSAGE),
  v.transform((p) => normalizePhone(p) as string),
);

const IsoDate = v.pipe(v.string(), v.isoDate("expiresAt is a date: YYYY-MM-DD"));

/** POST /api/dnc: an org number added by hand. */
export const DncAddBody = v.strictObject({
  phone: Phone,
  expiresAt: v.optional(v.nullable(IsoDate)),
});
export type DncAddBody = v.InferOutput<typeof DncAddBody>;

/** POST /api/dnc/check: up to 10,000 numbers at once (the campaign build's batch). */
export const DncCheckBody = v.strictObject({
  phones: boundedArray(v.pipe(v.string(), v.maxLength(40)), MAX_CHECK, `At most ${MAX_CHECK} phones a check`),
});
