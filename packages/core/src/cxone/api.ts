import * as v from "valibot";
import { BusinessUnit } from "../tenant/schema.ts";

/**
 * POST /api/login/nic/test: the connection form as entered (spec 000 §7, body: tenantSettings), one shape per
 * product with the form's own rules (spec 000 §5). A secret sent back as the mask means "the stored one".
 */
const required = (message: string, max: number, maxMessage = message) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, maxMessage));
const optionalUrl = (message: string, max: number) =>
  v.optional(
    v.nullable(v.union([v.literal(""), v.pipe(v.string(), v.maxLength(max, message), v.url(message))])),
  );

export const LegacyConnection = v.strictObject({
  icProduct: v.literal("Legacy"),
  icUserName: required("Please supply an inContact User Name", 50),
  icPassword: required("This field is required", 48, "Must be 48 characters or less"),
  icBU: v.pipe(
    v.string("Please supply a valid business unit number"),
    v.length(7, "The Business Unit Number is 7 Characters Long"),
    v.regex(/^\d+$/, "Please supply a valid business unit number"),
  ),
  icApp: required("This field is required", 40, "Must be 40 characters or less"),
  icVendor: required("This field is required", 50, "Must be 50 characters or less"),
  icGetAuthTokenURL: v.pipe(
    v.string("This field is required"),
    v.minLength(1, "This field is required"),
    v.maxLength(2048, "Please enter a valid authentication token URL"),
    v.url("Please enter a valid authentication token URL"),
  ),
});

export const CloudConnection = v.strictObject({
  icProduct: v.picklist(["CXOne", "Legacy Global"]),
  icBU: v.pipe(v.string("Please supply a valid CXOne Business Unit"), BusinessUnit),
  icAccessKey: required("Please supply a CXOne access key", 80),
  icAppSecret: required("Please supply a CXOne application secret,", 80),
  icAPIOverride: optionalUrl("Please provide a valid URL", 120),
  icDiscoveryDomain: v.optional(
    v.nullable(v.pipe(v.string(), v.maxLength(255, "Must be 255 characters or less"))),
  ),
});

export const NicTestBody = v.variant(
  "icProduct",
  [LegacyConnection, CloudConnection],
  "Please select a product",
);
export type NicTestBody = v.InferOutput<typeof NicTestBody>;

/** A truthy `success` means the platform accepted the credentials; `message` is the toast (spec 000 §8). */
export const NicTestAnswer = v.strictObject({ success: v.boolean(), message: v.string() });

/** POST /api/login/nic: what the caller reads (spec 000 §7: api_endpoint and token). */
export const NicLogin = v.strictObject({
  api_endpoint: v.string(),
  token: v.string(),
  expires_in: v.nullable(v.number()),
});

export const CONNECTION_SUCCESSFUL = "Connection Successful!";
export const CONNECTION_UNSUCCESSFUL = "Connection unsuccessful, Please check connection settings.";
