import type { FieldType } from "./ast.ts";
import type { FieldSchema } from "./evaluate.ts";

/**
 * A map by field name without a prototype, so a field named `constructor`, `toString` or `__proto__` is
 * looked up as no field at all instead of as Object.prototype's (it once reached SQL as a column name).
 */
export const fieldMap = <T>(entries: Record<string, T>): Record<string, T> =>
  Object.assign(Object.create(null), entries);

/**
 * Contact fields a query may name, with their types: spec 000 §3's query fields, and spec 002's segment
 * query fields (dateCreated, status) besides.
 */
export const CONTACT_FIELDS: Record<string, FieldType> = fieldMap({
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
});

/**
 * Fields a Search page can answer with its ids (SearchRequest `fields`): the built-in fields and the
 * contact's opt-outs by channel, what a campaign build scrubs and copies (docs/dialer.md, Build).
 */
export const CONTACT_ROW_FIELDS: readonly string[] = [...Object.keys(CONTACT_FIELDS), "optout"];

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
  const types = fieldMap(CONTACT_FIELDS);
  for (const f of custom)
    types[`custom:${f.name}`] =
      f.type === "Number" || f.type === "DateTime" ? "number" : f.type === "Boolean" ? "boolean" : "text";
  return { types, searchable: CONTACT_SEARCHABLE };
}
