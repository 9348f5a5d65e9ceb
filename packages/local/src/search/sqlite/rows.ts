import { CONTACT_FIELDS, CONTACT_ROW_FIELDS } from "@reachcx/core/search/contact-fields";
import type { SearchDoc, SearchRow } from "@reachcx/core/search/port";
import { quote } from "./layout.ts";

/**
 * A page's rows (SearchRequest `fields`) from the contact table: built-in fields from their columns, and
 * from `src` what the columns cannot give back — text whose column holds another value (the lower-cased
 * copy, null for ""), and fields without a column (`optout`). `src` is written with every row, `{}` when
 * the columns say it all, so a NULL `src` is a row written before layout 6 (layout.ts): no row for it.
 */

/** A field's column value as a row holds it: a date's instant in ISO, 0/1 as a boolean, text as is. */
function decoded(field: string, value: unknown) {
  if (value === null || value === undefined) return undefined;
  const type = CONTACT_FIELDS[field];
  if (type === "date") return new Date(value as number).toISOString();
  if (type === "boolean") return value === 1;
  return value;
}

/** The originals of a document `src` keeps, as the JSON its JSONB is made from. */
export function srcJson(doc: SearchDoc, stored: (field: string) => unknown): string {
  const src: Record<string, unknown> = {};
  for (const field of CONTACT_ROW_FIELDS) {
    const value = doc[field];
    if (value === undefined || value === null) continue;
    const type = CONTACT_FIELDS[field];
    if (type === undefined || (type === "text" && decoded(field, stored(field)) !== value))
      src[field] = value;
  }
  return JSON.stringify(src);
}

/** The columns a page selects beside its id for these fields, as `r0, r1, ...` and `src`. */
export function rowColumns(fields: readonly string[] | undefined, table = "c.") {
  if (!fields) return "";
  for (const field of fields)
    if (!CONTACT_ROW_FIELDS.includes(field)) throw new Error(`search: no row field ${field}`);
  const columns = fields.map((f, i) => (CONTACT_FIELDS[f] ? `, ${table}${quote(f)} AS r${i}` : ""));
  return `${columns.join("")}, json(${table}src) AS src`;
}

/** One selected row's values of the fields (rowColumns), or null for a row without `src`. */
export function rowOf(fields: readonly string[], row: Record<string, unknown>): SearchRow {
  if (typeof row.src !== "string") return null;
  const src = JSON.parse(row.src) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  fields.forEach((field, i) => {
    const value = Object.hasOwn(src, field) ? src[field] : decoded(field, row[`r${i}`]);
    if (value !== undefined) out[field] = value;
  });
  return out;
}
