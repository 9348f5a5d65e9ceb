import * as v from "valibot";
import { CustomFieldDef } from "./api.ts";

/** What /api/custom-fields answers, described in the OpenAPI document and checked against real answers. */
export { CustomFieldDef };
/** An object, as every answer is, so the list can grow fields without breaking clients. */
export const CustomFieldList = v.strictObject({ items: v.array(CustomFieldDef) });

/** A field is addressed by its name; older names may be mixed-case, so only the shape is checked. */
export const CustomFieldNameParam = v.strictObject({
  name: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,50}$/, "There is no such custom field.")),
});
