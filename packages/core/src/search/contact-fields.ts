import type { FieldType } from "./ast.ts";
import type { FieldSchema } from "./evaluate.ts";

/**
 * Contact fields a query may name, with their types: spec 000 §3's query fields, and spec 002's segment
 * query fields (dateCreated, status) besides.
 */
export const CONTACT_FIELDS: Record<string, FieldType> = {
  firstName: "text",
  lastName: "text",
  phone: "text",
  source: "text",
  cell: "text",
  email: "text",
  address1: "text",
  address2: "text",
  city: "text",
  state: "text",
  zip: "text",
  timeZone: "text",
  outboundCallerId: "text",
  status: "text",
  externalId: "text",
  createdAt: "date",
  dateCreated: "date",
  updatedAt: "date",
  expireDt: "date",
  dnc: "boolean",
};

/** Fields a free-text term of the search box looks in. */
export const CONTACT_SEARCHABLE = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "cell",
  "source",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
  "externalId",
] as const;

/** The contact list's sortable columns (spec 003 §2.2) plus dates. */
export const CONTACT_SORTABLE = [
  "firstName",
  "lastName",
  "source",
  "phone",
  "cell",
  "email",
  "address1",
  "city",
  "state",
  "zip",
  "timeZone",
  "createdAt",
  "updatedAt",
] as const;

/** Custom fields join the schema typed by the tenant's definitions: DateTime as epoch numbers. */
export function contactSchema(custom: readonly { name: string; type: string }[]): FieldSchema {
  const types: Record<string, FieldType> = { ...CONTACT_FIELDS };
  for (const f of custom)
    types[`custom:${f.name}`] =
      f.type === "Number" || f.type === "DateTime" ? "number" : f.type === "Boolean" ? "boolean" : "text";
  return { types, searchable: CONTACT_SEARCHABLE };
}
