import * as v from "valibot";

/** GET /api/health: the API is serving, in which deployment mode, by its clock. */
export const Health = v.strictObject({
  status: v.literal("ok"),
  mode: v.picklist(["aws", "embedded"]),
  time: v.pipe(v.string(), v.isoTimestamp()),
});
