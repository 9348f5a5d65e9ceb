import * as v from "valibot";
import { requiredText } from "../bounds.ts";
import { LICENSES } from "../rights/index.ts";

/**
 * The provider's tenant forms (spec 003 §5 Tenant, §7.2 POST/PUT /admin/tenant), shared by the API and the
 * console's Create Tenant and Edit Tenant dialogs.
 */

export const TENANT_ID_REQUIRED = "Please enter in a Tenant ID";
export const TENANT_ID_PATTERN_MESSAGE = "Tenant ID must contain only lowercase letters, numbers, and dashes";
export const LICENSES_REQUIRED = "Please select Tenant Licenses";
export const LICENSES_AT_LEAST_ONE = "You must select at least one license.";
export const DISABLE_CONFIRM_MESSAGE = "Are you sure that you want to disable this Tenant?";

/** The provider's own tenant (its staff, the SuperAdmins): it cannot be disabled (docs/decisions.md). */
export const PROVIDER_TENANT = "provider";

/** A tenant id: trimmed, then lowercase letters, digits and dashes only, at most 63 (a DNS label's length). */
export const TenantId = v.pipe(
  v.string(TENANT_ID_REQUIRED),
  v.trim(),
  v.minLength(1, TENANT_ID_REQUIRED),
  v.maxLength(63, "Tenant ID must be 63 characters or less"),
  v.regex(/^[a-z0-9-]+$/, TENANT_ID_PATTERN_MESSAGE),
);

/** One to all of the tenant licence options, each once. */
export const TenantLicenses = v.pipe(
  v.array(v.picklist(LICENSES, `A licence is one of ${LICENSES.join(", ")}.`), LICENSES_REQUIRED),
  v.maxLength(LICENSES.length * 4, LICENSES_REQUIRED),
  v.transform((list) => [...new Set(list)]),
  v.minLength(1, LICENSES_AT_LEAST_ONE),
);

/**
 * POST and PUT /api/admin/tenant: the spec's tenantId and licenses, and the Name the list shows (the id
 * when left out on create; kept when left out on edit). A missing tenantId or licenses takes an empty
 * default, so it is refused with the spec's sentence rather than valibot's "missing key".
 */
export const TenantBody = v.strictObject({
  tenantId: v.optional(TenantId, ""),
  name: v.optional(
    requiredText("Please enter in a Tenant name.", 100, "Tenant name must be 100 characters or less"),
  ),
  // null is not a list: the schema answers LICENSES_REQUIRED for it.
  licenses: v.optional(TenantLicenses, null as never),
});
export type TenantBody = v.InferOutput<typeof TenantBody>;

export const TenantIdParam = v.strictObject({ id: TenantId });

/** The console's toasts (spec 003 §8 Admin), verbatim. */
export const TENANT_CREATED = "Tenant created.";
export const TENANT_UPDATED = "Tenant Updated";
export const tenantCreateFailed = (message: string) => `Tenant could not be created.. ${message}`;
export const tenantUpdateFailed = (message: string) => `Tenant could not be updated.. ${message}`;
