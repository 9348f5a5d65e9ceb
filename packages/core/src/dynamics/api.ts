import * as v from "valibot";
import { MASK } from "../secrets/index.ts";

/**
 * The Dynamics Credentials view (spec 000 §2): what the CRM connection wizard stored on the tenant's
 * settings (spec 000 §3: onPremAccessUrl, onPremAuthUrl, onPremVersion, e2DynamTenantId, e2ClientId,
 * e2ClientSecret), read-only, the app secret only ever as the mask. `connected` decides Edit versus
 * Configure Connection.
 */
export const DynamicsCredentials = v.strictObject({
  connected: v.boolean(),
  onPremAccessUrl: v.nullable(v.string()),
  onPremAuthUrl: v.nullable(v.string()),
  onPremVersion: v.nullable(v.string()),
  e2DynamTenantId: v.nullable(v.string()),
  e2ClientId: v.nullable(v.string()),
  e2ClientSecret: v.nullable(v.literal(MASK)),
});
export type DynamicsCredentials = v.InferOutput<typeof DynamicsCredentials>;
