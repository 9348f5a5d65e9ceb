import * as v from "valibot";

/** Spec 003 §5, verbatim: the file name must end .csv. */
export const FILE_TYPE_MESSAGE = "File is not of the correct type";

/** The largest CSV an import takes (docs/decisions.md, Import). */
export const MAX_IMPORT_BYTES = 250 * 1024 * 1024;
export const TOO_LARGE_MESSAGE =
  "The file is larger than 250 MB. Split it into smaller files and import each.";
export const EMPTY_FILE_MESSAGE = "The file is empty.";

/** How long an upload link works. */
export const UPLOAD_LINK_SECONDS = 900;

/**
 * The file name as the upload's key has it (spec 003 §7.2: contacts/{snake_case name}): lower case, every
 * run of other characters one underscore, the .csv kept. "My Contacts (May).CSV" -> "my_contacts_may.csv".
 */
export function snakeCaseName(fileName: string): string {
  const base = fileName.replace(/\.csv$/i, "");
  const snake = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 100);
  return `${snake || "contacts"}.csv`;
}

/** POST /api/contacts/import/upload-url: the file the browser is about to upload. */
export const UploadUrlBody = v.strictObject({
  fileName: v.pipe(
    v.string(FILE_TYPE_MESSAGE),
    v.maxLength(255, "The file name can be at most 255 characters."),
    v.check((name) => /\.csv$/i.test(name.trim()), FILE_TYPE_MESSAGE),
  ),
  size: v.pipe(
    v.number("size must be the file's size in bytes."),
    v.integer("size must be the file's size in bytes."),
    v.minValue(1, EMPTY_FILE_MESSAGE),
    v.maxValue(MAX_IMPORT_BYTES, TOO_LARGE_MESSAGE),
  ),
});
export type UploadUrlBody = v.InferOutput<typeof UploadUrlBody>;

export const UploadUrl = v.strictObject({
  /** PUT the file's bytes here, with `headers`, before `expiresAt`. */
  url: v.string(),
  method: v.literal("PUT"),
  headers: v.record(v.string(), v.string()),
  /** What POST /api/contacts/import takes as contactsUrl once the upload is done. */
  contactsUrl: v.string(),
  fileName: v.string(),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type UploadUrl = v.InferOutput<typeof UploadUrl>;

/**
 * POST /api/contacts/import (spec 003 §7.2: contactsUrl, jwtToken, tenant, fieldMapping): contactsUrl is
 * the upload's key as upload-url answered it, fieldMapping the id of one of the tenant's field mappings.
 * The tenant and the user come from the verified token, so jwtToken and tenant are not taken.
 */
export const ImportBody = v.strictObject({
  contactsUrl: v.pipe(
    v.string("contactsUrl is required."),
    v.minLength(1, "contactsUrl is required."),
    v.maxLength(300),
  ),
  fieldMapping: v.pipe(
    v.string("Choose a field mapping."),
    v.minLength(1, "Choose a field mapping."),
    v.maxLength(100),
  ),
});
export type ImportBody = v.InferOutput<typeof ImportBody>;
