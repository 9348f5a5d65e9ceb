import * as v from "valibot";
import { PROVIDERS } from "./providers.ts";
import { ROW_STATUSES } from "./rules.ts";

/** What the messaging endpoints answer, described in the OpenAPI document and checked against real answers. */

/** A provider's credential fields as answered: secrets as the mask, absent fields left out. */
export const ProviderFields = v.strictObject({
  accountSid: v.optional(v.string()),
  authToken: v.optional(v.string()),
  bearerToken: v.optional(v.string()),
  appId: v.optional(v.string()),
});

export const ProviderRow = v.strictObject({
  provider: v.picklist(PROVIDERS),
  /** "WhatsApp via Twilio" for TwilioWhatsApp (spec 000 §9). */
  label: v.string(),
  /** Whether credentials are stored. */
  configured: v.boolean(),
  verified: v.boolean(),
  /** The saved row's status: "Not configured", "Verified, Saved" or "Pending verification, Saved". */
  status: v.picklist(ROW_STATUSES),
  fields: ProviderFields,
});
export type ProviderRow = v.InferOutput<typeof ProviderRow>;

export const ProviderList = v.strictObject({ items: v.array(ProviderRow) });

export const ProviderCheck = v.strictObject({
  verified: v.boolean(),
  /** "{provider} login succeeded!" or "{provider} login failed." */
  message: v.string(),
});

export const ProviderSaved = v.strictObject({
  row: ProviderRow,
  /** Verified mappings made unverified by saving the provider unverified. */
  invalidatedMappings: v.number(),
  message: v.string(),
  /** "Warning: {n} SMS mappings are no longer valid." when n > 0. */
  warning: v.nullable(v.string()),
});

export const SmsMapping = v.strictObject({
  phone: v.string(),
  nicPocName: v.string(),
  nicPocGuid: v.string(),
  /** One of the five kinds; older data may hold another value, which cannot be verified. */
  provider: v.string(),
  verified: v.boolean(),
  /** The MMS App Key as the mask; null for other providers. */
  appKey: v.nullable(v.string()),
});

export const SmsMappings = v.strictObject({ enabled: v.boolean(), mappings: v.array(SmsMapping) });
export type SmsMappings = v.InferOutput<typeof SmsMappings>;

export const SmsMappingsSaved = v.strictObject({
  enabled: v.boolean(),
  mappings: v.array(SmsMapping),
  message: v.string(),
});

export const MappingVerified = v.strictObject({ mapping: SmsMapping, message: v.string() });

export const SmsPointOfContact = v.strictObject({
  nicPocGuid: v.string(),
  nicPocName: v.string(),
  contactAddress: v.nullable(v.string()),
});
export const SmsPointsOfContact = v.strictObject({ items: v.array(SmsPointOfContact) });
