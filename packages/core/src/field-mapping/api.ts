import * as v from "valibot";
import { PageQuery, pageOf } from "../paging.ts";

/**
 * The field mappings API's requests and answers (spec 001 §7 tenantMappings, getFieldsMapping, create,
 * update, delete FieldsMapping), described once for validation, the OpenAPI document and the shapes suite.
 */

/** GET /api/field-mappings: newest first, `?cursor=&limit=` (the console asks 10, spec 001 §9). */
export const FieldMappingListQuery = PageQuery;

export const FieldMappingIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** A mapping as stored: its rows, keys and stamps. */
export const FieldMapping = v.strictObject({
  tenant: v.string(),
  id: v.string(),
  name: v.string(),
  mappings: v.array(v.strictObject({ fromField: v.string(), toField: v.string() })),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type FieldMapping = v.InferOutput<typeof FieldMapping>;

export const FieldMappingPage = pageOf(FieldMapping);
