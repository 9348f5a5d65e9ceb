import * as v from "valibot";
import type { CustomFieldValues } from "../contact/constants.ts";
import { type CustomFieldDef, readCustomFields } from "../contact/custom-fields.ts";
import { ContactInput } from "../contact/schema.ts";
import { customTargetName, MAPPING_TARGETS } from "../field-mapping/schema.ts";

/**
 * One CSV row to one contact (pure): the field mapping picks the cells, the contact schema the API uses
 * judges them, the tenant's custom fields type the `custom:{name}` cells. Imported by the import job and
 * tested with fast-check (row.test.ts).
 */

export interface MappingRow {
  fromField: string;
  toField: string;
}

/** One thing wrong with a row, as the report lists it: the 1-based row, the file's column, the cell. */
export interface RowError {
  row: number;
  column: string;
  value: string;
  message: string;
}

/** A mapping's columns found in the file's header: the cell index of each mapping row. */
export interface ColumnPlan {
  columns: { index: number; fromField: string; toField: string }[];
}

export const BOOLEAN_TARGETS = new Set(["complianceRequired", "preview"]);
/** Targets the contact schema requires: a blank cell is passed on, so the row gets the schema's message. */
const REQUIRED_TEXT = new Set(["firstName", "lastName"]);
const TRUE = new Set(["true", "yes", "y", "1"]);
const FALSE = new Set(["false", "no", "n", "0"]);

/** Columns are matched by name, exactly first, then ignoring case and surrounding spaces. */
export function planColumns(header: readonly string[], mappings: readonly MappingRow[]) {
  const exact = new Map<string, number>();
  const loose = new Map<string, number>();
  header.forEach((name, index) => {
    if (!exact.has(name)) exact.set(name, index);
    const key = name.trim().toLowerCase();
    if (!loose.has(key)) loose.set(key, index);
  });
  const columns: ColumnPlan["columns"] = [];
  const missing: MappingRow[] = [];
  for (const m of mappings) {
    const index = exact.get(m.fromField) ?? loose.get(m.fromField.trim().toLowerCase());
    if (index === undefined) missing.push(m);
    else columns.push({ index, fromField: m.fromField, toField: m.toField });
  }
  return { plan: { columns } as ColumnPlan, missing };
}

/** The targets an import cannot do without (spec 001 §5 for file imports): a missing one refuses the file. */
export function missingRequired(missing: readonly MappingRow[], plan: ColumnPlan): MappingRow[] {
  const found = new Set(plan.columns.map((c) => c.toField));
  const required = missing.filter((m) => ["externalId", "firstName", "lastName"].includes(m.toField));
  // Phone or cell: missing both columns refuses the file; one of them is enough.
  if (!found.has("phone") && !found.has("cell"))
    required.push(...missing.filter((m) => m.toField === "phone" || m.toField === "cell"));
  return required;
}

export type MappedRow =
  | { ok: true; externalId: string; contact: ContactInput; custom: CustomFieldValues }
  | { ok: false; errors: RowError[] };

export const EXTERNAL_ID_REQUIRED = "An imported contact needs an External ID (contacts are matched on it).";

/** Turns the row's cells into a contact, or says what is wrong with each cell that is. */
export function mapRow(
  row: number,
  fields: readonly string[],
  plan: ColumnPlan,
  customDefs: readonly CustomFieldDef[],
): MappedRow {
  const errors: RowError[] = [];
  const input: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  const columnOf = new Map<string, { column: string; value: string }>();
  for (const c of plan.columns) {
    const value = fields[c.index] ?? "";
    columnOf.set(c.toField, { column: c.fromField, value });
    if (customTargetName(c.toField) !== null) {
      if (value.trim() !== "") custom[c.toField] = value.trim();
      continue;
    }
    if (!Object.hasOwn(MAPPING_TARGETS, c.toField)) continue;
    const text = value.trim();
    // A blank cell sets nothing (docs/decisions.md, Import), but a blank name is the schema's to refuse.
    if (text === "") {
      if (REQUIRED_TEXT.has(c.toField)) input[c.toField] = "";
      continue;
    }
    if (BOOLEAN_TARGETS.has(c.toField)) {
      const lower = text.toLowerCase();
      if (TRUE.has(lower)) input[c.toField] = true;
      else if (FALSE.has(lower)) input[c.toField] = false;
      else errors.push({ row, column: c.fromField, value, message: "Must be true or false" });
    } else if (c.toField === "expireDt") {
      const time = Date.parse(text);
      if (Number.isNaN(time))
        errors.push({ row, column: c.fromField, value, message: "The expire date must be a date and time." });
      else input.expireDt = new Date(time).toISOString();
    } else {
      input[c.toField] = text;
    }
  }
  const externalId = typeof input.externalId === "string" ? input.externalId : "";
  if (!externalId) {
    const where = columnOf.get("externalId");
    errors.push({
      row,
      column: where?.column ?? "",
      value: where?.value ?? "",
      message: EXTERNAL_ID_REQUIRED,
    });
  }
  // Cells already refused are left out, so the schema speaks only of the others.
  const parsed = v.safeParse(ContactInput, input);
  if (!parsed.success) {
    // One problem a cell: the first the schema finds (a blank name is not also "not a valid name").
    const told = new Set<string>();
    for (const issue of parsed.issues) {
      const field = String(issue.path?.[0]?.key ?? "");
      if (told.has(field)) continue;
      told.add(field);
      // Phone-or-cell is reported on phone; either column may be the one to fill.
      const where = columnOf.get(field) ?? (field === "phone" ? columnOf.get("cell") : undefined);
      if (field === "externalId" && !externalId) continue;
      errors.push({ row, column: where?.column ?? field, value: where?.value ?? "", message: issue.message });
    }
  }
  const read = readCustomFields(custom, customDefs);
  for (const e of read.errors) {
    const key = e.path.replace(/^customFields\./, "");
    const where = columnOf.get(key);
    errors.push({ row, column: where?.column ?? key, value: where?.value ?? "", message: e.message });
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  const values = Object.fromEntries(
    Object.entries(read.values).filter((e): e is [string, CustomFieldValues[string]] => e[1] !== null),
  );
  return { ok: true, externalId, contact: parsed.output, custom: values };
}
