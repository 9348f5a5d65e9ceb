/**
 * Merchant pricing (spec 003 §3 "Fees record" and the pricing tables, §5 "Pricing", §9): the fields of each
 * pricing type per card group, their minimums (which are also their defaults), the 100 maximum of the
 * percentage fields, and the two-decimal truncation. Imported by the console's pricing forms and by the
 * server's save-fees check, so both apply the same rules. Browser-safe: no Node imports.
 */

export const PRICING_TYPES = ["ERR", "Tiered", "Interchange", "Flat"] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

export interface PricingField {
  name: string;
  label: string;
  min: number;
  /** Percentages stop at 100 (spec 003 §9); amounts have no maximum. */
  percent: boolean;
}

const pct = (name: string, label: string, min: number): PricingField => ({ name, label, min, percent: true });
const usd = (name: string, label: string, min: number): PricingField => ({
  name,
  label,
  min,
  percent: false,
});

/** Visa / MasterCard / Discover: always priced (cannot be disabled). */
export const VMD_FIELDS: Record<PricingType, PricingField[]> = {
  ERR: [
    pct("qualifiedRate", "Qualified Rate", 4.24),
    usd("downgradeFee", "Downgrade Fee", 3.21),
    usd("transactionFee", "Transaction Fee", 14),
    usd("merchantFee", "Merchant Fee", 19.95),
  ],
  Tiered: [
    pct("qualifiedRateTiered", "Qualified Rate", 5.75),
    pct("midQualifiedRate", "Mid-Qualified Rate", 4.75),
    pct("nonQualifiedRate", "Non-Qualified Rate", 4.75),
    usd("transactionFeeTiered", "Transaction Fee", 10.2),
    usd("merchantFeeTiered", "Merchant Fee", 19.95),
  ],
  Interchange: [
    pct("interchangeRate", "Interchange Rate", 6),
    usd("transactionFeeIc", "Transaction Fee", 5),
    usd("merchantFeeIc", "Merchant Fee", 10),
  ],
  Flat: [
    pct("flatRate", "Flat Rate", 6),
    usd("transactionFeeFlat", "Transaction Fee", 6),
    usd("merchantFeeFlat", "Merchant Fee", 6),
  ],
};

/**
 * American Express: may be disabled (then it is not priced and not sent to the partner). The spec names
 * the Tiered and Flat fields' minimums but not their names; the names here are ours (docs/decisions.md).
 */
export const AMEX_FIELDS: Record<PricingType, PricingField[]> = {
  ERR: [
    pct("qualifiedErr", "Qualified Rate", 4.24),
    pct("nonQualifiedErr", "Non-Qualified Rate", 5.75),
    usd("transactionFeeErr", "Transaction Fee", 4.75),
  ],
  Tiered: [
    pct("qualifiedTiered", "Qualified Rate", 4.75),
    pct("midQualifiedTiered", "Mid-Qualified Rate", 24.24),
    pct("nonQualifiedTiered", "Non-Qualified Rate", 10.2),
    usd("transactionFeeTieredAmex", "Transaction Fee", 14),
  ],
  Interchange: [
    pct("interchangeRateIC", "Interchange Rate", 24.24),
    usd("transactionFeeIC", "Transaction Fee", 24.24),
  ],
  Flat: [pct("flatRateAmex", "Flat Rate", 24.24), usd("transactionFeeFlatAmex", "Transaction Fee", 24.24)],
};

/** Fees every card pays (cannot be disabled; an InternalExempt merchant is not charged them). */
export const ALL_CARD_FIELDS: PricingField[] = [
  usd("accountSetupFee", "Account Setup Fee", 25),
  usd("annualMembershipFee", "Annual Membership Fee", 20),
  usd("minimumFee", "Minimum Fee", 10.99),
  usd("monthlyDebitAccessFee", "Monthly Debit Access Fee", 13),
  usd("onlineReportingAccessFee", "Online Reporting Access Fee", 10),
  usd("monthlyStatementFee", "Monthly Statement Fee", 5),
];

export const PERCENT_MAX = 100;
export const FIX_HIGHLIGHTED = "Please fix the highlighted fields";
export const minMessage = (min: number) => `Minimum allowed value is ${min}`;
export const maxMessage = (max: number) => `Maximum allowed value is ${max}`;
export const NOT_A_NUMBER = "Please enter a number";

/** Two decimals, cut (not rounded): 4.249 -> 4.24 (spec 003 §5, on blur). */
export function truncate2(value: number): number {
  const cut = Math.trunc(Math.round(value * 1e6) / 1e4) / 100;
  return Object.is(cut, -0) ? 0 : cut;
}

export type Prices = Record<string, number>;

/** A group's fields at their defaults (the minimums). */
export const defaultsOf = (fields: readonly PricingField[]): Prices =>
  Object.fromEntries(fields.map((f) => [f.name, f.min]));

/** The message a value gets, or null when it is valid. */
export function fieldError(field: PricingField, value: unknown): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return NOT_A_NUMBER;
  const v = truncate2(value);
  if (v < field.min) return minMessage(field.min);
  if (field.percent && v > PERCENT_MAX) return maxMessage(PERCENT_MAX);
  return null;
}

export interface PricingInput {
  type: PricingType;
  vmdPricing: Record<string, unknown>;
  /** null when American Express is disabled. */
  amexPricing: Record<string, unknown> | null;
  fees: Record<string, unknown>;
  internalExempt: boolean;
}

export interface PricingCheck {
  errors: { path: string; message: string }[];
  /** The values truncated to two decimals, only the type's fields (others dropped). */
  value: {
    type: PricingType;
    vmdPricing: Prices;
    amexPricing: Prices | null;
    fees: Prices;
    internalExempt: boolean;
  };
}

/** Checks every field of the chosen type in each enabled group; disabled groups are skipped. */
export function checkPricing(input: PricingInput): PricingCheck {
  const errors: PricingCheck["errors"] = [];
  const group = (path: string, fields: readonly PricingField[], values: Record<string, unknown>): Prices => {
    const out: Prices = {};
    for (const f of fields) {
      const raw = values[f.name];
      const message = fieldError(f, raw);
      if (message) errors.push({ path: `${path}.${f.name}`, message });
      else out[f.name] = truncate2(raw as number);
    }
    return out;
  };
  const vmdPricing = group("vmdPricing", VMD_FIELDS[input.type], input.vmdPricing);
  const amexPricing = input.amexPricing
    ? group("amexPricing", AMEX_FIELDS[input.type], input.amexPricing)
    : null;
  const fees = input.internalExempt ? {} : group("fees", ALL_CARD_FIELDS, input.fees);
  return {
    errors,
    value: { type: input.type, vmdPricing, amexPricing, fees, internalExempt: input.internalExempt },
  };
}
