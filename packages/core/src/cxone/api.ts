import * as v from "valibot";
import { CloudConnection, LegacyConnection } from "../tenant/telephony.ts";

/**
 * POST /api/login/nic/test: the connection form as entered (spec 000 §7, body: tenantSettings), one shape per
 * product with the form's own rules (spec 000 §5, tenant/telephony.ts). A secret sent back as the mask means
 * "the stored one".
 */
export { CloudConnection, LegacyConnection };

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

/** GET /api/login/nic/defaults: the legacy token URL and discovery domain a form starts with (spec 000 §9). */
export const ConnectionDefaults = v.strictObject({ legacyTokenUrl: v.string(), discoveryDomain: v.string() });
