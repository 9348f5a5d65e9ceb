import { isStorableNumber } from "../bounds.ts";
import type { FieldError } from "../error/index.ts";
import { VisibleError } from "../error/index.ts";
import type { CustomFieldType, CustomFieldValue } from "./constants.ts";
import { PHONE_MESSAGE, PHONE_PATTERN } from "./schema.ts";

export interface CustomFieldDef {
  name: string;
  displayName: string;
  type: CustomFieldType;
}

export const CUSTOM_PREFIX = "custom:";

/** Custom values as a change sets them: null clears a value. */
export type CustomFieldChanges = Record<string, CustomFieldValue | null>;

/**
 * Reads `custom:{name}` values against the tenant's custom fields (spec 000 §3): unknown names are refused,
 * Number and DateTime (epoch milliseconds) must be numbers, Boolean booleans, Phone a phone number.
 * Empty strings and nulls clear a value. Answers the values to store and what is wrong, one error a field;
 * the console shows the same errors on its inputs before sending.
 */
export function readCustomFields(
  values: Record<string, unknown>,
  defs: readonly CustomFieldDef[],
): { values: CustomFieldChanges; errors: FieldError[] } {
  const byName = new Map(defs.map((d) => [`${CUSTOM_PREFIX}${d.name}`, d]));
  const errors: FieldError[] = [];
  const out: CustomFieldChanges = {};
  for (const [key, raw] of Object.entries(values)) {
    const path = `customFields.${key}`;
    const def = byName.get(key);
    if (!def) {
      errors.push({ path, message: `Unknown custom field: ${key.replace(CUSTOM_PREFIX, "")}` });
      continue;
    }
    if (raw === null || raw === "" || raw === undefined) {
      out[key] = null;
      continue;
    }
    const value = coerce(raw, def.type);
    if (value === undefined) errors.push({ path, message: refusal(def) });
    else out[key] = value;
  }
  return { values: out, errors };
}

/** readCustomFields for a write: throws the first error (with all of them), else answers the values. */
export function checkCustomFields(
  values: Record<string, unknown> | undefined,
  defs: readonly CustomFieldDef[],
): CustomFieldChanges | undefined {
  if (values === undefined) return undefined;
  const { values: out, errors } = readCustomFields(values, defs);
  if (errors.length > 0)
    throw new VisibleError("input", "contact.custom_field", errors[0]?.message ?? "", errors);
  return out;
}

const EXPECTED: Record<Exclude<CustomFieldType, "Phone">, string> = {
  String: "text",
  Number: "a number",
  DateTime: "a date (epoch milliseconds or an ISO date)",
  Boolean: "true or false",
};

/** Why a value does not fit its field; a phone of any kind answers with the spec's phone message (000 §5). */
const refusal = (def: CustomFieldDef) =>
  def.type === "Phone" ? PHONE_MESSAGE : `${def.displayName} must be ${EXPECTED[def.type]}`;

function coerce(raw: unknown, type: CustomFieldType): CustomFieldValue | undefined {
  switch (type) {
    case "String":
      return typeof raw === "string" && raw.length <= 1000
        ? raw
        : typeof raw === "number"
          ? String(raw)
          : undefined;
    case "Number": {
      const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : Number.NaN;
      return isStorableNumber(n) ? n : undefined;
    }
    case "DateTime": {
      const n = typeof raw === "number" ? raw : typeof raw === "string" ? Date.parse(raw) : Number.NaN;
      return isStorableNumber(n) ? n : undefined;
    }
    case "Boolean":
      return typeof raw === "boolean" ? raw : raw === "true" ? true : raw === "false" ? false : undefined;
    case "Phone":
      return typeof raw === "string" && PHONE_PATTERN.test(raw.trim()) ? raw.trim() : undefined;
  }
}
