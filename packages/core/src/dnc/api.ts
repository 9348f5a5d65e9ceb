import * as v from "valibot";
import { PageQuery } from "../paging.ts";
import { DNC_SOURCES } from "./schema.ts";

/** The do-not-call API's answers and parameters (docs/api.md). */

export const DncEntry = v.strictObject({
  phone: v.string(),
  source: v.picklist(DNC_SOURCES),
  region: v.nullable(v.string()),
  expiresAt: v.nullable(v.string()),
  addedBy: v.string(),
  addedAt: v.string(),
});
export type DncEntry = v.InferOutput<typeof DncEntry>;

export const DncPage = v.strictObject({ items: v.array(DncEntry), nextCursor: v.nullable(v.string()) });

export const DncListQuery = v.object({
  phone: v.optional(v.pipe(v.string(), v.maxLength(20), v.regex(/^[\d\s()+.-]*$/, "Search by digits"))),
  ...PageQuery.entries,
});

export const DncPhoneParam = v.object({ phone: v.pipe(v.string(), v.maxLength(40)) });

export const DncCheckAnswer = v.strictObject({
  listed: v.array(v.strictObject({ phone: v.string(), sources: v.array(v.picklist(DNC_SOURCES)) })),
  invalid: v.array(v.string()),
});

export const DncImportAnswer = v.strictObject({
  added: v.number(),
  duplicates: v.number(),
  rejected: v.array(v.strictObject({ row: v.number(), value: v.string(), message: v.string() })),
});
