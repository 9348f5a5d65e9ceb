import { PHONE_PATTERN } from "@reachcx/core/contact/schema";

/**
 * Numbers, money and phone numbers as the console shows them (docs/decisions.md, "Display formats").
 * The locale is the browser's: tenants have no locale setting in the spec, and a user reads numbers best
 * in their own. Money is US dollars, the only currency the product deals in (its dialer, states and phone
 * rules are all US).
 */
export const displayLocale = (): string =>
  typeof navigator === "undefined" ? "en-US" : (navigator.languages?.[0] ?? navigator.language ?? "en-US");

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** 1234.5 -> "1,234.5" (en-US), "1.234,5" (de-DE). */
export const formatNumber = (value: number, locale = displayLocale()): string =>
  numberFormat(locale, { maximumFractionDigits: 6 }).format(value);

/** 1234.5 -> "$1,234.50" (en-US), "1.234,50 $" (de-DE). */
export const formatMoney = (value: number, locale = displayLocale()): string =>
  numberFormat(locale, { style: "currency", currency: "USD" }).format(value);

/**
 * One display format for the phone numbers the spec accepts (10 digits or 3-3-4 dashed, with an optional
 * 1-4 digit prefix; core's PHONE_PATTERN): a US number as (303) 555-0142, with its country prefix when it
 * has one other than 1 (+44 (303) 555-0142). Anything else (legacy data) is shown as stored.
 */
export function formatPhone(value: string | null | undefined): string {
  const text = value?.trim() ?? "";
  if (!PHONE_PATTERN.test(text)) return text;
  const digits = text.replace(/\D/g, "");
  const prefix = digits.slice(0, -10);
  const n = digits.slice(-10);
  const local = `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`;
  return prefix && prefix !== "1" ? `+${prefix} ${local}` : local;
}
