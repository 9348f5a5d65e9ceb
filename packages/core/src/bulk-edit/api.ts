import * as v from "valibot";
import { QueryNode } from "../search/schema.ts";

/**
 * The bulk-edit API's requests (spec 003 §7.2 POST /bulk-edit/edit, DELETE /bulk-edit/delete). The spec's
 * `contacts` (the client's list of what it had fetched) is the typed query here: the server finds the
 * contacts itself when the job starts, so the edit covers what matches then, never a stale or forged list.
 * `updatedBy` / `deletedBy` are the signed-in user, from the token. Both answer the job (core/job) started.
 * The field and rule checks are core's (bulk-edit/index.ts), so their messages are the spec's.
 */

/** A value of any field type: text, a number (Number, DateTime epoch ms), true/false; null or "" clears. */
export const BulkValueSchema = v.union([
  v.pipe(v.string(), v.maxLength(1000, "The value can be at most 1,000 characters.")),
  v.number(),
  v.boolean(),
  v.null(),
]);

export const BulkEditBody = v.strictObject({
  /** The contacts to change: the query model segments use; it must hold at least one rule. */
  query: v.optional(v.nullable(QueryNode)),
  /** A contact field (bulk-edit/fields.ts) or `custom:{name}`. */
  updateField: v.optional(v.pipe(v.string(), v.maxLength(110))),
  updateValue: v.optional(BulkValueSchema),
});
export type BulkEditBody = v.InferOutput<typeof BulkEditBody>;

export const BulkDeleteBody = v.strictObject({
  query: v.optional(v.nullable(QueryNode)),
});
export type BulkDeleteBody = v.InferOutput<typeof BulkDeleteBody>;
