import * as v from "valibot";
import { boundedArray, requiredText } from "../bounds.ts";
import { CUSTOM_PREFIX } from "../contact/custom-fields.ts";

/**
 * The contact fields a mapping row may fill (spec 001 §3 "Target contact fields"), with the label the
 * editor shows; `custom:{name}` targets are added per tenant from its custom fields.
 */
export const MAPPING_TARGETS = {
  externalId: "External ID",
  firstName: "First Name",
  lastName: "Last Name",
  phone: "Phone",
  source: "Source",
  cell: "Cell",
  email: "Email",
  address1: "Address 1",
  address2: "Address 2",
  city: "City",
  state: "State",
  zip: "Zip",
  timeZone: "Time Zone",
  expireDt: "Expire Date",
  complianceRequired: "Compliance Required",
  preview: "Preview",
  outboundCallerId: "Outbound Caller ID",
} as const;
export type MappingTarget = keyof typeof MAPPING_TARGETS;

/** Spec 001 §3: the rows a new mapping starts with, in this order. */
export const DEFAULT_MAPPINGS: readonly { fromField: string; toField: string }[] = [
  { fromField: "ID", toField: "externalId" },
  { fromField: "FirstName", toField: "firstName" },
  { fromField: "LastName", toField: "lastName" },
  { fromField: "Phone", toField: "phone" },
  { fromField: "Cell", toField: "cell" },
  { fromField: "City", toField: "city" },
  { fromField: "State", toField: "state" },
  { fromField: "Zip", toField: "zip" },
  { fromField: "TimeZone", toField: "timeZone" },
];

/** Spec 001 §5, verbatim. */
export const NAME_REQUIRED_MESSAGE = "A Field Mapping name is required";
export const FROM_REQUIRED_MESSAGE = "File header field is required";
export const TO_REQUIRED_MESSAGE = "Contact field is required";
export const TO_UNIQUE_MESSAGE = "Cannot map to the same contact field twice";
export const REQUIRED_TARGETS_MESSAGE =
  "Contact field mappings must contain External ID, First Name, Last Name, and either Phone or Cell";
/** Not in the spec: a target that is no contact field (the editor only offers valid ones). */
export const UNKNOWN_TARGET_MESSAGE = "Not a contact field";

/** More rows than a contact has fields (17 built in, custom fields at most 100) is never a real mapping. */
export const MAX_MAPPINGS = 150;

/** `custom:{name}` with a name as custom fields are named: lower-case letters, digits and underscores. */
const CUSTOM_TARGET = /^custom:[a-z0-9_]{1,100}$/;

export const isMappingTarget = (to: string): boolean =>
  Object.hasOwn(MAPPING_TARGETS, to) || CUSTOM_TARGET.test(to);

/** The custom field name of a `custom:{name}` target, or null for a built-in one. */
export const customTargetName = (to: string): string | null =>
  to.startsWith(CUSTOM_PREFIX) ? to.slice(CUSTOM_PREFIX.length) : null;

export const MappingRow = v.strictObject({
  fromField: requiredText(FROM_REQUIRED_MESSAGE, 200),
  toField: v.pipe(
    v.string(TO_REQUIRED_MESSAGE),
    v.trim(),
    v.minLength(1, TO_REQUIRED_MESSAGE),
    v.maxLength(120, UNKNOWN_TARGET_MESSAGE),
    // A blank target has said it is required; "not a contact field" too would be noise.
    v.check((to) => to.length === 0 || isMappingTarget(to), UNKNOWN_TARGET_MESSAGE),
  ),
});
export type MappingRow = v.InferOutput<typeof MappingRow>;

/** The indexes of rows whose toField an earlier row already maps to. */
export function repeatedTargets(rows: readonly { toField: string }[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  rows.forEach((row, index) => {
    if (!row.toField) return;
    if (seen.has(row.toField)) repeated.push(index);
    seen.add(row.toField);
  });
  return repeated;
}

/** Spec 001 §5/§9: a file import needs externalId, firstName, lastName and phone or cell. */
export function hasRequiredTargets(rows: readonly { toField: string }[]): boolean {
  const to = new Set(rows.map((row) => row.toField));
  return (
    to.has("externalId") && to.has("firstName") && to.has("lastName") && (to.has("phone") || to.has("cell"))
  );
}

const uniqueTargets = v.rawCheck<MappingRow[]>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const rows = dataset.value;
  for (const index of repeatedTargets(rows)) {
    const row = rows[index];
    if (!row) continue;
    addIssue({
      message: TO_UNIQUE_MESSAGE,
      path: [
        { type: "array", origin: "value", input: rows, key: index, value: row },
        { type: "object", origin: "value", input: row, key: "toField", value: row.toField },
      ],
    });
  }
});

const Mappings = v.pipe(
  boundedArray(MappingRow, MAX_MAPPINGS, `A mapping has at most ${MAX_MAPPINGS} rows.`),
  uniqueTargets,
  v.check((rows: MappingRow[]) => hasRequiredTargets(rows), REQUIRED_TARGETS_MESSAGE),
);

/** What the editor saves, for a new mapping and for a change alike (the editor sends every row). */
export const FieldMappingInput = v.strictObject({
  name: requiredText(NAME_REQUIRED_MESSAGE, 100),
  mappings: Mappings,
});
export type FieldMappingInput = v.InferOutput<typeof FieldMappingInput>;
