import type { CustomFieldValue } from "@reachcx/core/contact/constants";
import { type CustomFieldDef, readCustomFields } from "@reachcx/core/contact/custom-fields";
import { Balance, ContactInput, MobileDevice } from "@reachcx/core/contact/schema";
import * as v from "valibot";
import { messagesByPath, schemaErrors } from "../../../lib/validate.ts";
import type { Contact } from "../api.ts";

/** The text fields of the Contact Info section, in the order they are shown, with their labels. */
export const INFO_FIELDS = [
  ["firstName", "First Name"],
  ["lastName", "Last Name"],
  ["phone", "Phone"],
  ["cell", "Cell"],
  ["email", "Email"],
  ["source", "Source"],
  ["address1", "Address 1"],
  ["address2", "Address 2"],
  ["city", "City"],
  ["zip", "Zipcode"],
  ["externalId", "External Id"],
  ["contactAccountId", "Account Id"],
] as const;

type TextField = (typeof INFO_FIELDS)[number][0] | "state" | "outboundCallerId";
const TEXT_FIELDS: TextField[] = [...INFO_FIELDS.map(([name]) => name), "state", "outboundCallerId"];

export type Device = MobileDevice;

/** A custom field's value while edited: text for String and Phone, numbers, booleans, epoch ms for dates. */
export type CustomValue = CustomFieldValue | null;

/** What the contact form edits: every field as an input holds it (text is '' when empty, never null). */
export interface ContactForm extends Record<TextField, string> {
  timeZone: string;
  status: string;
  dnc: boolean;
  expireDt: string | null;
  complianceRequired: boolean;
  preview: boolean;
  optout: { Voice: boolean; SMS: boolean; Email: boolean };
  mobileDevices: Device[];
  customFields: Record<string, CustomValue>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The form's values for a stored contact; a custom field with no value is null (String and Phone ''). */
export function toForm(contact: Contact, defs: readonly CustomFieldDef[]): ContactForm {
  const stored = contact.customFields ?? {};
  const optout = contact.optout ?? {};
  return {
    ...(Object.fromEntries(
      TEXT_FIELDS.map((name) => [name, text((contact as Record<string, unknown>)[name])]),
    ) as Record<TextField, string>),
    timeZone: contact.timeZone ?? "Mountain",
    status: contact.status ?? "Active",
    dnc: contact.dnc ?? false,
    expireDt: contact.expireDt ?? null,
    complianceRequired: contact.complianceRequired ?? false,
    preview: contact.preview ?? false,
    optout: { Voice: optout.Voice ?? false, SMS: optout.SMS ?? false, Email: optout.Email ?? false },
    mobileDevices: (contact.mobileDevices ?? []).map((d) => ({ id: d.id, type: d.type })),
    customFields: Object.fromEntries(
      defs.map((d) => {
        const key = `custom:${d.name}`;
        const value = stored[key];
        const empty = d.type === "String" || d.type === "Phone" ? "" : null;
        return [key, value ?? empty];
      }),
    ),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const blankToNull = (value: CustomValue) => (typeof value === "string" && value.trim() === "" ? null : value);

/**
 * The PATCH body that turns `initial` into `values`: only what changed, empty text as null (spec 003 §5),
 * changed custom fields only (the server merges them into the stored ones). Empty when nothing changed.
 */
export function toPatch(initial: ContactForm, values: ContactForm): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) {
    // A cleared Select holds null rather than ''.
    const now = (values[name] ?? "").trim();
    if (now !== (initial[name] ?? "").trim()) patch[name] = now || null;
  }
  for (const name of [
    "timeZone",
    "status",
    "dnc",
    "expireDt",
    "complianceRequired",
    "preview",
    "optout",
    "mobileDevices",
  ] as const)
    if (!same(values[name], initial[name])) patch[name] = values[name];
  const custom = Object.fromEntries(
    Object.entries(values.customFields)
      .filter(([key, value]) => !same(blankToNull(value), blankToNull(initial.customFields[key] ?? null)))
      .map(([key, value]) => [key, blankToNull(value)]),
  );
  if (Object.keys(custom).length > 0) patch.customFields = custom;
  return patch;
}

/**
 * Device dialog (spec 003 §2.3): a device is saved only when core's MobileDevice schema takes it (an id and
 * a type); editing replaces the values of the device at `index`. Answers the list unchanged otherwise.
 */
export function saveDevice(
  devices: readonly Device[],
  device: { id: string; type: string | null },
  index: number | null,
): Device[] {
  const parsed = v.safeParse(MobileDevice, device);
  if (!parsed.success) return [...devices];
  return index === null
    ? [...devices, parsed.output]
    : devices.map((d, i) => (i === index ? parsed.output : d));
}

/** The edit dialog's four inputs, as typed. */
export interface BalanceDraft {
  id: string;
  type: string;
  amount: string;
  age: string;
}

/**
 * A new balance from the edit dialog's inputs, by core's Balance schema (spec 002 §5: all four values,
 * amount and age parsed as numbers): the balance, or the API's message for each input that is wrong.
 */
export function parseBalance(draft: BalanceDraft): { balance: Balance } | { errors: Record<string, string> } {
  const result = v.safeParse(Balance, draft);
  return result.success ? { balance: result.output } : { errors: messagesByPath(result.issues) };
}

/**
 * The form's checks, the API's own: the form holds the contact as saving leaves it, which is what
 * ContactInput describes (phone-or-cell included), and custom values are read against the tenant's fields
 * as the API reads them. Messages land on the inputs before a round trip.
 */
export const validateContact =
  (defs: readonly CustomFieldDef[]) =>
  (values: ContactForm): Record<string, string> => ({
    ...schemaErrors(ContactInput)(values),
    ...Object.fromEntries(readCustomFields(values.customFields, defs).errors.map((e) => [e.path, e.message])),
  });
