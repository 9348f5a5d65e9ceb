import * as v from "valibot";
import { CONTACT_STATUSES, TIME_ZONES, US_STATES } from "../contact/constants.ts";
import { CUSTOM_PREFIX, type CustomFieldDef, readCustomFields } from "../contact/custom-fields.ts";
import { ContactPatch } from "../contact/schema.ts";
import type { Node } from "../search/ast.ts";

/**
 * What bulk edit may set (spec 003 §2.5, §5): each field with the editor its value needs. Pure, so the
 * console's field selector and value editor and the server's check read the same list.
 */

/** The kinds of value editor (spec 003 §5: a Boolean starts at false, every other type empty). */
export type BulkFieldType =
  | "String"
  | "Email"
  | "Phone"
  | "State"
  | "Timezone"
  | "Status"
  | "Boolean"
  | "ISODateTime"
  | "Number"
  | "DateTime";

export interface BulkField {
  /** The contact attribute, or `custom:{name}` for a custom field. */
  name: string;
  label: string;
  type: BulkFieldType;
  /** Whether the value may be left empty to clear the field. */
  clearable: boolean;
}

/**
 * The contact's own fields bulk edit sets. externalId is left out on purpose: it identifies one contact
 * (imports upsert by it), so giving many contacts the same one would merge them on the next import.
 */
export const BULK_CONTACT_FIELDS: readonly BulkField[] = [
  { name: "firstName", label: "First Name", type: "String", clearable: false },
  { name: "lastName", label: "Last Name", type: "String", clearable: false },
  { name: "source", label: "Source", type: "String", clearable: true },
  { name: "phone", label: "Phone", type: "Phone", clearable: true },
  { name: "cell", label: "Cell", type: "Phone", clearable: true },
  { name: "email", label: "Email", type: "Email", clearable: true },
  { name: "address1", label: "Address", type: "String", clearable: true },
  { name: "address2", label: "Address 2", type: "String", clearable: true },
  { name: "city", label: "City", type: "String", clearable: true },
  { name: "state", label: "State", type: "State", clearable: true },
  { name: "zip", label: "Zipcode", type: "String", clearable: true },
  { name: "timeZone", label: "Timezone", type: "Timezone", clearable: false },
  { name: "status", label: "Status", type: "Status", clearable: false },
  { name: "dnc", label: "Do Not Call", type: "Boolean", clearable: false },
  { name: "complianceRequired", label: "Compliance Required", type: "Boolean", clearable: false },
  { name: "preview", label: "Preview", type: "Boolean", clearable: false },
  { name: "expireDt", label: "Expire Date", type: "ISODateTime", clearable: true },
  { name: "outboundCallerId", label: "Outbound Caller Id", type: "Phone", clearable: true },
  { name: "type", label: "Type", type: "String", clearable: true },
  { name: "contactAccountId", label: "Contact Account Id", type: "String", clearable: true },
];

const CUSTOM_EDITOR: Record<CustomFieldDef["type"], BulkFieldType> = {
  String: "String",
  Number: "Number",
  DateTime: "DateTime",
  Boolean: "Boolean",
  Phone: "Phone",
};

/** Every field the tenant can bulk-edit: the contact's, then its custom fields (typed by their definitions). */
export function bulkFields(custom: readonly CustomFieldDef[]): BulkField[] {
  return [
    ...BULK_CONTACT_FIELDS,
    ...custom.map((f) => ({
      name: `${CUSTOM_PREFIX}${f.name}`,
      label: f.displayName || f.name,
      type: CUSTOM_EDITOR[f.type],
      clearable: f.type !== "Boolean",
    })),
  ];
}

/** The value a new field choice starts with (spec 003 §5). */
export const initialValue = (type: BulkFieldType): string | boolean => (type === "Boolean" ? false : "");

/** Choices of the picklist editors. */
export const PICKLISTS: Partial<Record<BulkFieldType, readonly string[]>> = {
  State: US_STATES,
  Timezone: Object.keys(TIME_ZONES),
  Status: CONTACT_STATUSES,
};

export const FIELD_REQUIRED_MESSAGE = "Please specify a field name";
export const RULE_REQUIRED_MESSAGE = "You must have at least one rule in your query";

/** Whether the query holds a rule (or a search term) anywhere: an empty group selects everything. */
export function hasRule(node: Node | null | undefined): boolean {
  if (!node) return false;
  if (node.type !== "group") return true;
  return node.rules.some(hasRule);
}

export type BulkValue = string | number | boolean | null;

/**
 * Checks `value` against the contact schema for `field` (custom fields against the tenant's definitions):
 * the value to store (null clears), or the message saying why not.
 */
export function checkBulkValue(
  field: string,
  value: BulkValue,
  custom: readonly CustomFieldDef[],
): { ok: true; value: BulkValue } | { ok: false; message: string } {
  const def = bulkFields(custom).find((f) => f.name === field);
  if (!def) {
    const message = field.startsWith(CUSTOM_PREFIX)
      ? `Unknown custom field: ${field.slice(CUSTOM_PREFIX.length)}`
      : `${field} cannot be bulk edited.`;
    return { ok: false, message };
  }
  const blank = value === null || (typeof value === "string" && value.trim() === "");
  if (blank && !def.clearable) return { ok: false, message: `${def.label} cannot be left empty.` };
  if (def.type === "Boolean" && typeof value !== "boolean")
    return { ok: false, message: `${def.label} must be true or false.` };
  if (field.startsWith(CUSTOM_PREFIX)) {
    const { values, errors } = readCustomFields({ [field]: value }, custom);
    if (errors[0]) return { ok: false, message: errors[0].message };
    return { ok: true, value: values[field] ?? null };
  }
  const schema = (ContactPatch.entries as Record<string, v.GenericSchema>)[field];
  if (!schema) return { ok: false, message: `${field} cannot be bulk edited.` };
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) return { ok: false, message: parsed.issues[0]?.message ?? `Invalid ${def.label}.` };
  const out = parsed.output as BulkValue | undefined;
  return { ok: true, value: out === undefined ? null : out };
}
