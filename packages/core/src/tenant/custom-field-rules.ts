import * as v from "valibot";
import type { CustomFieldType } from "../contact/constants.ts";
import type { FieldError } from "../error/index.ts";
import { CONTACT_FIELDS } from "../search/contact-fields.ts";

/**
 * The rules of a custom field (spec 001 §5), shared by the server and the Custom Fields screen.
 * Pure: no store, so the console imports it as it is.
 */

export const CUSTOM_FIELD_SHORT = "Custom fields need at least 3 characters";
export const CUSTOM_FIELD_DUPLICATE = "Custom fields must be unique";
export const CUSTOM_FIELD_MIN = 3;
export const CUSTOM_FIELD_MAX = 50;
export const CUSTOM_FIELDS_LIMIT = 100;
/** A new field of type Phone (docs/decisions.md, Custom fields). */
export const NEW_TYPE_ONLY = "A new custom field is a String, Number, DateTime or Boolean field.";

/**
 * Types a new field may take (spec 001 §3, §9). Spec 000 §3 also lists Phone: fields already of that type
 * stay valid and keep being read as phones, but none is created (docs/decisions.md, Custom fields).
 */
export const NEW_CUSTOM_FIELD_TYPES = [
  "String",
  "Number",
  "DateTime",
  "Boolean",
] as const satisfies readonly CustomFieldType[];

/**
 * Spec 001 §3: the name is "camel-cased from the display name, lowercase": the words joined with what is
 * not a letter or digit dropped, then lower-cased ("Balance Due" → "balancedue").
 */
export const customFieldName = (displayName: string) =>
  displayName
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toLowerCase();

/**
 * Every contact field a custom field may not shadow: spec 000 §3's contact, spec 001 §3's contact as mappings
 * see it, and the query fields. Compared lower-cased, as the name is.
 */
export const BUILT_IN_CONTACT_FIELDS: ReadonlySet<string> = new Set(
  [
    ...Object.keys(CONTACT_FIELDS),
    "id",
    "tenant",
    "account",
    "contactAccountId",
    "address",
    "optin",
    "optout",
    "customFields",
    "complianceRequired",
    "preview",
    "balances",
    "type",
    "mobileDevices",
    "updatedBy",
  ].map((f) => f.toLowerCase()),
);

/** What the create form sends; the name is not chosen by the client but derived here. */
export const CustomFieldInput = v.strictObject({
  displayName: v.pipe(
    v.string("Please enter a display name"),
    v.trim(),
    v.minLength(CUSTOM_FIELD_MIN, CUSTOM_FIELD_SHORT),
    v.maxLength(CUSTOM_FIELD_MAX, `Must be ${CUSTOM_FIELD_MAX} characters or less`),
  ),
  type: v.picklist(NEW_CUSTOM_FIELD_TYPES, "Please select a field type"),
});
export type CustomFieldInput = v.InferOutput<typeof CustomFieldInput>;

export interface CustomFieldDef {
  name: string;
  displayName: string;
  type: CustomFieldType;
}

/**
 * Checks a new field against the tenant's fields: a name of at least 3 characters once derived, not equal
 * (ignoring case, as older fields may be mixed-case) to an existing or a built-in field. Answers the field
 * to append, or the errors on displayName.
 */
export function newCustomField(
  input: CustomFieldInput,
  existing: readonly Pick<CustomFieldDef, "name">[],
): { field: CustomFieldDef; errors: [] } | { field?: undefined; errors: FieldError[] } {
  const displayName = input.displayName.trim();
  const name = customFieldName(displayName);
  if (displayName.length < CUSTOM_FIELD_MIN || name.length < CUSTOM_FIELD_MIN)
    return { errors: [{ path: "displayName", message: CUSTOM_FIELD_SHORT }] };
  if (BUILT_IN_CONTACT_FIELDS.has(name) || existing.some((f) => f.name.toLowerCase() === name))
    return { errors: [{ path: "displayName", message: CUSTOM_FIELD_DUPLICATE }] };
  if (existing.length >= CUSTOM_FIELDS_LIMIT)
    return {
      errors: [
        { path: "displayName", message: `A tenant can have at most ${CUSTOM_FIELDS_LIMIT} custom fields.` },
      ],
    };
  return { field: { name, displayName, type: input.type }, errors: [] };
}

/**
 * Checks a whole list, as PATCH /api/tenant-settings replaces it (docs/decisions.md, Custom fields): no
 * display name or name under 3 characters, no name repeated or built in, ignoring case, and a field not
 * stored yet named from its display name as `newCustomField` names it (a stored name, even mixed-case, may
 * be sent back as it is, Phone included; a new one takes one of the four new types). Answers the errors,
 * one a field.
 */
export function checkCustomFieldList(
  fields: readonly CustomFieldDef[],
  stored: ReadonlySet<string> = new Set(),
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const lower = f.name.toLowerCase();
    const derived = customFieldName(f.displayName.trim());
    if (f.displayName.trim().length < CUSTOM_FIELD_MIN || lower.length < CUSTOM_FIELD_MIN)
      errors.push({ path: `customFields.${i}.displayName`, message: CUSTOM_FIELD_SHORT });
    else if (BUILT_IN_CONTACT_FIELDS.has(lower) || seen.has(lower))
      errors.push({ path: `customFields.${i}.name`, message: CUSTOM_FIELD_DUPLICATE });
    else if (!stored.has(f.name) && f.name !== derived)
      errors.push({
        path: `customFields.${i}.name`,
        message: `A new custom field is named from its display name: ${derived}`,
      });
    else if (!stored.has(f.name) && !(NEW_CUSTOM_FIELD_TYPES as readonly string[]).includes(f.type))
      errors.push({ path: `customFields.${i}.type`, message: NEW_TYPE_ONLY });
    seen.add(lower);
  });
  return errors;
}
