import * as v from "valibot";
import { PageQuery, pageOf } from "../paging.ts";

/** The outbox API's answers and parameters (GET /api/outbox, GET /api/outbox/{id}); embedded mode only. */

const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** A kept message as the outbox lists it: everything but its bodies. */
export const OutboxSummary = v.strictObject({
  id: v.string(),
  to: v.array(v.string()),
  subject: v.string(),
  tag: v.nullable(v.string()),
  createdAt: timestamp,
});
export type OutboxSummary = v.InferOutput<typeof OutboxSummary>;

/** One kept message with its text and, when it has one, its HTML body. */
export const OutboxMessage = v.strictObject({
  ...OutboxSummary.entries,
  text: v.string(),
  html: v.nullable(v.string()),
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessage>;

export const OutboxPage = pageOf(OutboxSummary);
export const OutboxListQuery = PageQuery;
export const OutboxIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });
