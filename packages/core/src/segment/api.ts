import * as v from "valibot";
import { PageQuery, pageOf } from "../paging.ts";
import { QueryNode } from "../search/schema.ts";
import { SegmentSort } from "./schema.ts";

/**
 * The segments API's answers and parameters (spec 002 §7 segmentByTenant, getSegment, create, update,
 * delete), apart from schema.ts so the console can import the form's rules without the server's paging.
 */

const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** A segment as the API answers it. */
export const Segment = v.strictObject({
  tenant: v.string(),
  id: v.string(),
  name: v.string(),
  description: v.string(),
  query: QueryNode,
  sort: v.nullable(SegmentSort),
  /**
   * The `custom:{name}` fields its query or sort names that the tenant no longer has (deleted after the
   * segment was saved): the segment still opens, the editor marks them, and it saves once they are gone.
   */
  staleFields: v.array(v.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Segment = v.InferOutput<typeof Segment>;

export const SegmentPage = pageOf(Segment);
export const SegmentListQuery = PageQuery;
export const SegmentIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });
