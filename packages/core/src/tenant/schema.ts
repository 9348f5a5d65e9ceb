import * as v from "valibot";
import { boundedArray, freeRecord } from "../bounds.ts";
import { CUSTOM_FIELD_TYPES } from "../contact/constants.ts";
import { LICENSES } from "../rights/index.ts";

const text = (max: number, message?: string) =>
  v.nullable(v.pipe(v.string(), v.maxLength(max, message ?? `Must be ${max} characters or less`)));

// Empty clears the field (spec 000 §4, Save step 1), so it is not an invalid URL.
const url = (message: string, max = 2048) =>
  v.nullable(
    v.union(
      [
        v.literal(""),
        v.pipe(v.string(), v.maxLength(max, `Must be ${max} characters or less`), v.url(message)),
      ],
      message,
    ),
  );

/** A business unit is 7 to 9 digits (spec 000 §5, cloud form; the legacy form narrows it to 7). */
export const BusinessUnit = v.pipe(
  v.string(),
  v.minLength(7, "The Business Unit Number is at least 7 Characters Long"),
  v.maxLength(9, "The Business Unit Number is at most 9 Characters Long"),
  v.regex(/^\d+$/, "Please supply a valid CXOne Business Unit"),
);

/** Defined with the contact's custom values; re-exported for the settings code that reads it from here. */
export { CUSTOM_FIELD_TYPES };

export const CustomField = v.strictObject({
  name: v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, "Please enter a valid field name")),
  displayName: v.pipe(
    v.string(),
    v.minLength(1, "Please enter a display name"),
    v.maxLength(50, "Must be 50 characters or less"),
  ),
  type: v.picklist(CUSTOM_FIELD_TYPES, "Please select a field type"),
});

/**
 * A dashboard's chart definitions (spec 002 §3, Chart definition): free-form objects the dashboards read,
 * bounded far above what the Add Chart dialog makes (docs/decisions.md, Bounded input).
 */
const charts = v.optional(
  v.nullable(
    boundedArray(
      freeRecord(
        { entries: 100, text: 5000, depth: 10, nodes: 5000 },
        "A chart is an object of at most 100 keys, 5,000 values, 10 levels and 5,000 characters a text.",
      ),
      50,
      "A dashboard holds at most 50 charts.",
    ),
  ),
);

/**
 * What a tenant may change about itself (PATCH /api/tenant-settings). Field limits are spec 000 §5 and §9;
 * the per-product rules of the connection forms (telephony.ts) are applied against the stored product by
 * updateSettings. Provider-managed attributes (licenses, apiKey, tenantRole) are not here, so they cannot
 * be patched; createdAt and updatedAt are accepted and ignored (spec 000 §4, Save step 2).
 */
export const TenantSettingsPatch = v.strictObject({
  company: v.optional(text(100)),
  icProduct: v.optional(v.nullable(v.picklist(["Legacy", "CXOne", "Legacy Global"]))),
  // The product's form decides between 7 digits (legacy) and 7 to 9 (cloud): tenant/telephony.ts.
  icBU: v.optional(
    v.nullable(v.pipe(v.string(), v.maxLength(9, "The Business Unit Number is at most 9 Characters Long"))),
  ),
  icUserName: v.optional(text(50, "Please supply an inContact User Name")),
  icPassword: v.optional(text(48)),
  icApp: v.optional(text(40)),
  icVendor: v.optional(text(50)),
  icGetAuthTokenURL: v.optional(url("Please enter a valid authentication token URL")),
  icAccessKey: v.optional(text(80, "Please supply a CXOne access key")),
  icAppSecret: v.optional(text(80, "Please supply a CXOne application secret,")),
  icDiscoveryDomain: v.optional(text(255)),
  icAPIOverride: v.optional(url("Please provide a valid URL", 120)),
  icCluster: v.optional(text(50)),
  icScriptName: v.optional(text(100)),
  email: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(254, "Please enter a valid email address"),
        v.email("Please enter a valid email address"),
      ),
    ),
  ),
  customFields: v.optional(boundedArray(CustomField, 100, "A tenant can have at most 100 custom fields.")),
  dashBoardCharts: charts,
  e2DashCharts: charts,
  ppDashCharts: charts,
  // Sent back by a form that saves what it loaded; ignored (spec 000 §4, Save step 2).
  createdAt: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  updatedAt: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
});
export type TenantSettingsPatch = v.InferOutput<typeof TenantSettingsPatch>;

/** Settings fields that hold credentials: encrypted at rest, masked on the way out (ARCHITECTURE.md, Data). */
export const SECRET_FIELDS = ["icPassword", "icAppSecret", "e2ClientSecret"] as const;

export const TenantId = v.pipe(
  v.string("Please enter in a Tenant ID"),
  v.trim(),
  v.minLength(1, "Please enter in a Tenant ID"),
  v.regex(/^[a-z0-9-]+$/, "Tenant ID must contain only lowercase letters, numbers, and dashes"),
  v.maxLength(63, "Tenant ID must be 63 characters or less"),
);

export const TenantLicenses = v.pipe(
  boundedArray(
    v.picklist(LICENSES),
    LICENSES.length,
    "Please select Tenant Licenses",
    "Please select Tenant Licenses",
  ),
  v.minLength(1, "You must select at least one license."),
);
