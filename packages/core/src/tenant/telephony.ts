import * as v from "valibot";
import { MASK } from "../secrets/index.ts";
import { BusinessUnit } from "./schema.ts";

/**
 * The contact-center connection forms of the Telephony screen (spec 000 §2, §4, §5): one form per product,
 * the same schemas for the screen, the connection test and PATCH /api/tenant-settings. Messages the spec
 * marks "not shown" are ours (docs/decisions.md, Telephony settings).
 */

export const PRODUCTS = ["Legacy", "CXOne", "Legacy Global"] as const;
export type Product = (typeof PRODUCTS)[number];

/** Which form a product shows after Next: Legacy the legacy form, CXOne and Legacy Global the cloud form. */
export const formOf = (product: Product) => (product === "Legacy" ? "legacy" : "cloud");

/** Fields only the legacy form carries, and only the cloud form: a product's save blanks the other's. */
export const LEGACY_FIELDS = ["icUserName", "icPassword", "icApp", "icVendor", "icGetAuthTokenURL"] as const;
export const CLOUD_FIELDS = ["icAccessKey", "icAppSecret", "icDiscoveryDomain", "icAPIOverride"] as const;
export type ConnectionField = (typeof LEGACY_FIELDS)[number] | (typeof CLOUD_FIELDS)[number] | "icBU";

const required = (message: string, max: number, maxMessage = `Must be ${max} characters or less`) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, maxMessage));
const optionalUrl = (message: string, max: number) =>
  v.optional(
    v.nullable(v.union([v.literal(""), v.pipe(v.string(), v.maxLength(max, message), v.url(message))])),
  );

/** The legacy business unit: exactly 7 digits (spec 000 §5, Legacy form). */
export const LegacyBusinessUnit = v.pipe(
  v.string("Please supply a valid business unit number"),
  v.length(7, "The Business Unit Number is 7 Characters Long"),
  v.regex(/^\d+$/, "Please supply a valid business unit number"),
);

export const LegacyConnection = v.strictObject({
  icProduct: v.literal("Legacy"),
  icUserName: required("Please supply an inContact User Name", 50, "Please supply an inContact User Name"),
  icPassword: required("Please supply a password", 48),
  icBU: LegacyBusinessUnit,
  icApp: required("Please supply an application name", 40),
  icVendor: required("Please supply a vendor name", 50),
  icGetAuthTokenURL: v.pipe(
    v.string("This field is required"),
    v.trim(),
    v.minLength(1, "This field is required"),
    v.maxLength(2048, "Please enter a valid authentication token URL"),
    v.url("Please enter a valid authentication token URL"),
  ),
});
export type LegacyConnection = v.InferOutput<typeof LegacyConnection>;

export const CloudConnection = v.strictObject({
  icProduct: v.picklist(["CXOne", "Legacy Global"]),
  icBU: v.pipe(v.string("Please supply a valid CXOne Business Unit"), BusinessUnit),
  icAccessKey: required("Please supply a CXOne access key", 80, "Please supply a CXOne access key"),
  icAppSecret: required(
    "Please supply a CXOne application secret,",
    80,
    "Please supply a CXOne application secret,",
  ),
  icAPIOverride: optionalUrl("Please provide a valid URL", 120),
  icDiscoveryDomain: v.optional(
    v.nullable(v.pipe(v.string(), v.maxLength(255, "Must be 255 characters or less"))),
  ),
});
export type CloudConnection = v.InferOutput<typeof CloudConnection>;

/** The form a product is saved and tested with. */
export const connectionSchema = (product: Product) =>
  product === "Legacy" ? LegacyConnection : CloudConnection;

const FORM_FIELDS = {
  legacy: [...LEGACY_FIELDS, "icBU"],
  cloud: [...CLOUD_FIELDS, "icBU"],
} as const;

/** Fields of the other product's form, which a product's save removes (spec 000 §4, Save step 3). */
export const otherProductFields = (product: Product): readonly ConnectionField[] =>
  product === "Legacy" ? CLOUD_FIELDS : LEGACY_FIELDS;

export interface FieldProblem {
  path: string;
  message: string;
}

type ConnectionValues = Partial<Record<ConnectionField | "icProduct", unknown>>;

const isBlank = (value: unknown) => value === undefined || value === null || value === "";

/**
 * The product rules a settings patch must obey (spec 000 §4, §5), given what is stored:
 * - no value for a field of the other product's form (the product is the patch's, else the stored one);
 * - a patch naming the product saves that product's form, so the form, stored values filled in for what the
 *   patch leaves out (a stored secret standing for the mask), must pass as a whole;
 * - otherwise each connection field the patch sets obeys the stored product's form.
 * Answers the problems (empty when the patch may be applied) and the fields the save removes.
 */
export function connectionRules(
  patch: ConnectionValues,
  stored: ConnectionValues,
): { problems: FieldProblem[]; blank: ConnectionField[] } {
  const product = (patch.icProduct === undefined ? stored.icProduct : patch.icProduct) as Product | null;
  if (!product) {
    // No form yet: the business unit is one of either product's.
    const bu = isBlank(patch.icBU)
      ? undefined
      : v.safeParse(BusinessUnit, patch.icBU, { abortPipeEarly: true });
    return {
      problems: bu && !bu.success ? [{ path: "icBU", message: bu.issues[0].message }] : [],
      blank: [],
    };
  }
  const form = formOf(product);
  const schema = connectionSchema(product);
  const others = otherProductFields(product);
  const problems: FieldProblem[] = others
    .filter((field) => !isBlank(patch[field]))
    .map((field) => ({
      path: field,
      message: `This field belongs to the ${form === "legacy" ? "cloud" : "legacy"} connection form; the product is ${product}.`,
    }));
  if (problems.length > 0) return { problems, blank: [] };

  if (isBlank(patch.icProduct)) {
    for (const field of FORM_FIELDS[form]) {
      if (isBlank(patch[field])) continue;
      const entry = (schema.entries as Record<string, v.GenericSchema>)[field];
      const result = entry ? v.safeParse(entry, patch[field], { abortPipeEarly: true }) : undefined;
      if (result && !result.success) problems.push({ path: field, message: result.issues[0].message });
    }
    return { problems, blank: [] };
  }

  const whole: Record<string, unknown> = { icProduct: product };
  for (const field of FORM_FIELDS[form]) {
    const sent = patch[field];
    let value = sent === undefined ? stored[field] : sent;
    // A stored secret is sealed text; the mask (or leaving it out) stands for it, and for nothing when none is.
    if ((field === "icPassword" || field === "icAppSecret") && (sent === undefined || sent === MASK))
      value = stored[field] ? MASK : undefined;
    // A missing field is an empty one, so the form says it is required.
    whole[field] = isBlank(value) ? "" : value;
  }
  const result = v.safeParse(schema, whole, { abortPipeEarly: true });
  if (!result.success)
    for (const issue of result.issues)
      problems.push({ path: v.getDotPath(issue) ?? "icProduct", message: issue.message });
  return { problems, blank: problems.length > 0 ? [] : [...others] };
}
