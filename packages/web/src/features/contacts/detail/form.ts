import type { CustomFieldDef } from "@reachcx/core/contact/custom-fields";
import { ContactPatch } from "@reachcx/core/contact/schema";
import type * as v from "valibot";
import { rule } from "../../../lib/validate.ts";
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

export interface Device {
  id: string;
  type: "android" | "ios";
}

/** A custom field's value while edited: text for String and Phone, numbers, booleans, epoch ms for dates. */
export type CustomValue = string | number | boolean | null;

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
  const stored = (contact.customFields ?? {}) as Record<string, unknown>;
  const optout = (contact.optout ?? {}) as Partial<ContactForm["optout"]>;
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
    mobileDevices: ((contact.mobileDevices ?? []) as Device[]).map((d) => ({ id: d.id, type: d.type })),
    customFields: Object.fromEntries(
      defs.map((d) => {
        const key = `custom:${d.name}`;
        const value = stored[key];
        const empty = d.type === "String" || d.type === "Phone" ? "" : null;
        return [key, value === undefined || value === null ? empty : (value as CustomValue)];
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
 * Device dialog (spec 003 §2.3): a new device is saved only when both id and type are present; editing
 * replaces the values of the device at `index`. Answers the list unchanged when the device is incomplete.
 */
export function saveDevice(
  devices: readonly Device[],
  device: { id: string; type: string | null },
  index: number | null,
): Device[] {
  const id = device.id.trim();
  if (!id || (device.type !== "android" && device.type !== "ios")) return [...devices];
  const next = { id, type: device.type } as Device;
  return index === null ? [...devices, next] : devices.map((d, i) => (i === index ? next : d));
}

export interface Balance {
  id: string;
  type: string;
  amount: number;
  age: number;
}

/**
 * A new balance from the edit dialog's four inputs (spec 002 §5): all four are needed, amount and age are
 * parsed as numbers. Answers the balance, or the message to show.
 */
export function parseBalance(input: {
  id: string;
  type: string;
  amount: string | number;
  age: string | number;
}): Balance | string {
  const id = input.id.trim();
  const type = input.type.trim();
  const amountText = String(input.amount).trim();
  const ageText = String(input.age).trim();
  if (!id || !type || !amountText || !ageText)
    return "A new balance needs an id, a type, an amount and an age.";
  const amount = Number(amountText);
  const age = Number(ageText);
  if (!Number.isFinite(amount)) return "The amount must be a number.";
  if (!Number.isFinite(age)) return "The age must be a number.";
  return { id, type, amount, age };
}

/**
 * Field rules from the contact schema the API applies (packages/core), so the form shows the API's
 * messages before a round trip; phone-or-cell is checked on the form as a whole.
 */
export const contactRules = {
  ...Object.fromEntries(
    TEXT_FIELDS.map((name) => [name, rule(ContactPatch.entries[name] as v.GenericSchema)]),
  ),
  phone: (value: string, values: ContactForm) =>
    value.trim() || values.cell.trim()
      ? rule(ContactPatch.entries.phone as v.GenericSchema)(value)
      : "Please supply phone or cell number",
};
