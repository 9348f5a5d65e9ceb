import * as v from "valibot";
import { boundedArray, freeRecord, isStorableNumber, requiredText } from "../bounds.ts";
import { CONTACT_STATUSES, DEVICE_TYPES, TIME_ZONES, US_STATES } from "./constants.ts";

/** 10 digits, or 3-3-4 with dashes, after an optional prefix of 1 to 4 digits (spec 000 §5). */
export const PHONE_PATTERN = /^(?:\d{1,4}-?)?(?:\d{10}|\d{3}-\d{3}-\d{4})$/;
export const PHONE_MESSAGE = "Please enter a valid phone number";

/**
 * Spec 000 §5: a contact has a phone or a cell, or both. ContactInput applies it to a new contact,
 * updateContact to a contact as a change leaves it, the console to its forms (through ContactInput).
 */
export const PHONE_OR_CELL_MESSAGE = "Please supply phone or cell number";
export const hasPhoneOrCell = (contact: { phone?: string | null; cell?: string | null }) =>
  Boolean(contact.phone?.trim() || contact.cell?.trim());
/** Letters (accented ones too), digits, spaces and hyphens (spec 000 §5). */
const NAME_CHARS = /^[\p{L}\p{M}0-9 -]+$/u;

/** Empty strings mean "no value" (spec 003 §5: empty strings are sent as null). */
const blankToNull = v.transform((value: string | null): string | null =>
  value === null || value.trim() === "" ? null : value.trim(),
);

/** Optional text: blank is null, anything else must pass the rules (their messages, not the union's). */
const optionalText = (rules: v.PipeItem<string, string, v.BaseIssue<unknown>>[]) =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      blankToNull,
      v.rawCheck(({ dataset, addIssue }) => {
        if (dataset.typed && typeof dataset.value === "string") {
          const result = v.safeParse(v.pipe(v.string(), ...rules), dataset.value);
          for (const issue of result.issues ?? []) addIssue({ message: issue.message });
        }
      }),
    ),
  );

/** The longest phone PHONE_PATTERN takes is 17 characters; the length is checked before the pattern. */
const phone = optionalText([v.maxLength(20, PHONE_MESSAGE), v.regex(PHONE_PATTERN, PHONE_MESSAGE)]);

/** A number, or text that reads as one; blank text is no number (it is not 0). */
const numeric = (message: string) =>
  v.pipe(
    v.union(
      [
        v.number(message),
        v.pipe(v.string(message), v.maxLength(30, message), v.trim(), v.minLength(1, message)),
      ],
      message,
    ),
    v.transform(Number),
    v.number(message),
    v.check(isStorableNumber, message),
  );

/**
 * Limits the spec leaves open (docs/decisions.md, Bounded input): far above what a contact holds, far below
 * what would make one request expensive.
 */
export const CONTACT_LIMITS = { balances: 50, mobileDevices: 20, customFields: 100 } as const;

/** A balance (spec 002 §5): all four values; amount and age parsed as numbers. */
export const Balance = v.strictObject({
  id: requiredText("A balance needs an id.", 100, "A balance id can be at most 100 characters."),
  type: requiredText("A balance needs a type.", 50, "A balance type can be at most 50 characters."),
  amount: numeric("The amount must be a number."),
  age: numeric("The age must be a number."),
});
export type Balance = v.InferOutput<typeof Balance>;

export const MobileDevice = v.strictObject({
  id: requiredText("A device needs an id.", 255, "A device id can be at most 255 characters."),
  type: v.picklist(DEVICE_TYPES, "A device needs a type: android or ios."),
});
export type MobileDevice = v.InferOutput<typeof MobileDevice>;

const fields = {
  externalId: optionalText([v.maxLength(100, "Must be 100 characters or less")]),
  firstName: v.pipe(
    v.string("Please supply a first name"),
    v.trim(),
    v.minLength(1, "Please supply a first name"),
    v.maxLength(20, "Must be 20 characters or less"),
    v.regex(NAME_CHARS, "Please enter a valid first name"),
  ),
  lastName: v.pipe(
    v.string("Please supply a last name"),
    v.trim(),
    v.minLength(1, "Please supply a last name"),
    v.maxLength(20, "Must be 20 characters or less"),
    v.regex(/\p{L}/u, "Please enter a valid last name"),
  ),
  source: optionalText([v.maxLength(40, "Must be 40 characters or less")]),
  phone,
  cell: phone,
  email: optionalText([
    v.maxLength(254, "Please enter a valid email address"),
    v.email("Please enter a valid email address"),
  ]),
  address1: optionalText([
    v.maxLength(50, "Must be 50 characters or less"),
    v.regex(NAME_CHARS, "Please enter a valid address"),
  ]),
  address2: optionalText([
    v.maxLength(50, "Must be 50 characters or less"),
    v.regex(NAME_CHARS, "Please enter a valid address"),
  ]),
  city: optionalText([
    v.maxLength(50, "Must be 50 characters or less"),
    v.regex(NAME_CHARS, "Please enter a valid city"),
  ]),
  state: optionalText([v.picklist(US_STATES, "Please select a US state")]),
  zip: optionalText([
    v.maxLength(13, "Please enter a valid zip code"),
    v.regex(/^[0-9A-Za-z -]+$/, "Please enter a valid zip code"),
  ]),
  timeZone: v.optional(
    v.picklist(Object.keys(TIME_ZONES) as (keyof typeof TIME_ZONES)[], "Please select a time zone"),
  ),
  dnc: v.optional(v.boolean()),
  expireDt: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(40, "The expire date must be an ISO date and time."),
        v.isoTimestamp("The expire date must be an ISO date and time."),
      ),
    ),
  ),
  complianceRequired: v.optional(v.boolean()),
  preview: v.optional(v.boolean()),
  outboundCallerId: phone,
  type: optionalText([v.maxLength(40, "Must be 40 characters or less")]),
  status: v.optional(v.picklist(CONTACT_STATUSES, "Status must be Active or InActive")),
  contactAccountId: optionalText([v.maxLength(100, "Must be 100 characters or less")]),
  balances: v.optional(
    boundedArray(
      Balance,
      CONTACT_LIMITS.balances,
      `A contact holds at most ${CONTACT_LIMITS.balances} balances.`,
    ),
  ),
  optout: v.optional(
    v.strictObject({
      Voice: v.optional(v.boolean()),
      SMS: v.optional(v.boolean()),
      Email: v.optional(v.boolean()),
    }),
  ),
  mobileDevices: v.optional(
    boundedArray(
      MobileDevice,
      CONTACT_LIMITS.mobileDevices,
      `A contact holds at most ${CONTACT_LIMITS.mobileDevices} mobile devices.`,
    ),
  ),
  /**
   * `custom:{name}` keys, checked against the tenant's custom fields by checkCustomFields; every key reaches
   * it, `__proto__` too, to be refused by name. Values are single values; one level of object is let
   * through so that a key like `__proto__` with an object value is still refused by name.
   */
  customFields: v.optional(
    freeRecord(
      { entries: CONTACT_LIMITS.customFields, text: 1000, depth: 2, nodes: 1000 },
      `A contact holds at most ${CONTACT_LIMITS.customFields} custom fields, each a value of at most 1,000 characters.`,
    ),
  ),
};

/** A new contact (spec 000 §5, spec 002 §5). */
export const ContactInput = v.pipe(
  v.strictObject(fields),
  v.forward(v.partialCheck([["phone"], ["cell"]], hasPhoneOrCell, PHONE_OR_CELL_MESSAGE), ["phone"]),
);
export type ContactInput = v.InferOutput<typeof ContactInput>;

/** A change to a contact: any field; phone-or-cell is checked on the merged result. */
export const ContactPatch = v.strictObject(
  Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, v.optional(s as v.GenericSchema)])) as {
    [K in keyof typeof fields]: v.OptionalSchema<(typeof fields)[K], undefined>;
  },
);
export type ContactPatch = v.InferOutput<typeof ContactPatch>;

/** The visible text of rich text: tags and entities removed. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z]+;|&#\d+;/gi, " ")
    .trim();

/** Note (spec 002 §5): title and body must each contain a word character. */
export const NoteInput = v.strictObject({
  title: v.pipe(
    v.string("Note title cannot be empty."),
    v.regex(/\w/, "Note title cannot be empty."),
    v.maxLength(200, "The note title can be at most 200 characters."),
  ),
  // The body is rich text: its words, not its tags, must contain a word character.
  body: v.pipe(
    v.string("Note body cannot be empty."),
    v.maxLength(100_000, "The note body can be at most 100,000 characters."),
    v.check((html) => /\w/.test(textOf(html)), "Note body cannot be empty."),
  ),
});
