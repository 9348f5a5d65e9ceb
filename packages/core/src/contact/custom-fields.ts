import { isStorableNumber } from "../bounds.ts";
import type { FieldError } from "../error/index.ts";
import { VisibleError } from "../error/index.ts";
import { PHONE_PATTERN } from "./schema.ts";

export interface CustomFieldDef {
  name: string;
  displayName: string;
  type: "String" | "Number" | "DateTime" | "Boolean" | "Phone";
}

export const CUSTOM_PREFIX = "custom:";

/**
 * Checks `custom:{name}` values against the tenant's custom fields (spec 000 §3): unknown names are refused,
 * Number and DateTime (epoch milliseconds) must be numbers, Boolean booleans, Phone a phone number.
 * Empty strings and nulls clear a value. Answers the values to store.
 */
export function checkCustomFields(
  values: Record<string, unknown> | undefined,
  defs: readonly CustomFieldDef[],
): Record<string, unknown> | undefined {
  if (values === undefined) return undefined;
  const byName = new Map(defs.map((d) => [`${CUSTOM_PREFIX}${d.name}`, d]));
  const errors: FieldError[] = [];
  const out: Record<string, unknown> = {};
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
  if (errors.length > 0)
    throw new VisibleError("input", "contact.custom_field", errors[0]?.message ?? "", errors);
  return out;
}

const EXPECTED: Record<Exclude<CustomFieldDef["type"], "Phone">, string> = {
  String: "text",
  Number: "a number",
  DateTime: "a date (epoch milliseconds or an ISO date)",
  Boolean: "true or false",
};

/** Why a value does not fit its field; a phone of any kind answers with the spec's phone message (000 §5). */
const refusal = (def: CustomFieldDef) =>
  def.type === "Phone"
    ? "Please enter a valid phone number"
    : `${def.displayName} must be ${EXPECTED[def.type]}`;

function coerce(raw: unknown, type: CustomFieldDef["type"]): unknown {
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
