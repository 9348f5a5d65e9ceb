import * as v from "valibot";
import { boundedArray } from "../bounds.ts";
import { MASK } from "../secrets/index.ts";
import { type CREDENTIAL_FIELDS, PROVIDERS, type Provider } from "./providers.ts";

/**
 * The rules of the messaging forms (spec 000 §5): the server's and the console's, one copy. Pure: the
 * console imports it as it is.
 */

export const POC_REQUIRED = "A NiC PoC is required";
export const PHONE_REQUIRED = "Please enter a phone number";
export const PROVIDER_REQUIRED = "Please select a provider";
export const NOT_UNIQUE = "Each phone number and InContact Point of Contact must be unique";
export const ENABLE_NEEDS_MAPPING = "You must have at least one mapping to enable third party SMS.";
/** Spec 000 §5 says the MMS provider needs an App Key but gives no sentence (docs/decisions.md). */
export const APP_KEY_REQUIRED = "Please enter an App Key";
export const PHONE_INVALID = "Please enter a valid phone number";
export const MAPPINGS_LIMIT = 100;

/** A sending number: 7 to 15 digits (E.164's range), an optional +, spaces, dashes, dots or parentheses. */
const PHONE = /^\+?[0-9 ().-]{7,24}$/;
const digitCount = (s: string) => s.replace(/\D/g, "").length;

/** The digits of a number, the form numbers are compared in ("303-555-0150" is "3035550150"). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, "");

const required = (message: string, max: number) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(max, `Must be ${max} characters or less`),
  );

export const MappingPhone = v.pipe(
  required(PHONE_REQUIRED, 24),
  // A blank number has its own message already.
  v.check((p) => p === "" || (PHONE.test(p) && digitCount(p) >= 7 && digitCount(p) <= 15), PHONE_INVALID),
);

export const SmsMappingInput = v.pipe(
  v.strictObject({
    phone: MappingPhone,
    nicPocGuid: required(POC_REQUIRED, 100),
    /** The point of contact's name as the list showed it, kept for display. */
    nicPocName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ""),
    provider: v.picklist(PROVIDERS, PROVIDER_REQUIRED),
    /** MMS only; the mask keeps the stored key of the same number. */
    appKey: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200))), null),
    verified: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check((m) => m.provider !== "MMS" || !!m.appKey, APP_KEY_REQUIRED),
    ["appKey"],
  ),
  // Another provider's row carries no key: switching away from MMS drops it.
  v.transform((m) => ({ ...m, appKey: m.provider === "MMS" ? m.appKey : null })),
);
export type SmsMappingInput = v.InferOutput<typeof SmsMappingInput>;

/** True when every phone number and every point of contact appears once. */
export function uniqueMappings(mappings: readonly { phone: string; nicPocGuid: string }[]): boolean {
  const phones = new Set(mappings.map((m) => phoneDigits(m.phone)));
  const pocs = new Set(mappings.map((m) => m.nicPocGuid));
  return phones.size === mappings.length && pocs.size === mappings.length;
}

/** PUT /api/sms-mappings: the whole form (spec 000 §2, "Third Party SMS/WhatsApp"). */
export const SmsMappingsInput = v.pipe(
  v.strictObject({
    enabled: v.boolean(),
    mappings: boundedArray(SmsMappingInput, MAPPINGS_LIMIT, `At most ${MAPPINGS_LIMIT} mappings`),
  }),
  v.forward(
    v.check((s) => !s.enabled || s.mappings.length > 0, ENABLE_NEEDS_MAPPING),
    ["enabled"],
  ),
  v.forward(
    v.check((s) => uniqueMappings(s.mappings), NOT_UNIQUE),
    ["mappings"],
  ),
);
export type SmsMappingsInput = v.InferOutput<typeof SmsMappingsInput>;

/** Spec 000 §9 gives the fields, not their messages (docs/decisions.md). */
export const ACCOUNT_SID_REQUIRED = "Please supply an Account SID";
export const ACCOUNT_SID_INVALID = "An Account SID is AC followed by 32 hexadecimal digits";
export const AUTH_TOKEN_REQUIRED = "Please supply an Auth Token";
export const BEARER_TOKEN_REQUIRED = "Please supply a Bearer Token";
export const APP_ID_REQUIRED = "Please supply an App ID";

const secret = (message: string, max: number) => required(message, max);

const TwilioCredentials = v.strictObject({
  accountSid: v.pipe(
    required(ACCOUNT_SID_REQUIRED, 34),
    v.check((s) => s === "" || /^AC[0-9a-fA-F]{32}$/.test(s), ACCOUNT_SID_INVALID),
  ),
  authToken: secret(AUTH_TOKEN_REQUIRED, 200),
});
const TextelCredentials = v.strictObject({ bearerToken: secret(BEARER_TOKEN_REQUIRED, 2000) });
const MmsCredentials = v.strictObject({ appId: required(APP_ID_REQUIRED, 200) });

/** Each provider's credential fields (spec 000 §9); a secret sent as the mask keeps the stored one. */
export const CREDENTIAL_SCHEMAS = {
  Twilio: TwilioCredentials,
  TwilioWhatsApp: TwilioCredentials,
  Textel: TextelCredentials,
  TextelFoundation: TextelCredentials,
  MMS: MmsCredentials,
} satisfies Record<Provider, v.GenericSchema>;

export type Credentials = Partial<Record<(typeof CREDENTIAL_FIELDS)[Provider][number], string>>;

/**
 * What a credential body may carry: any provider's fields, bounded. Which ones a provider needs is
 * checked against its own schema (CREDENTIAL_SCHEMAS), so the messages name the field.
 */
export const CredentialFields = v.strictObject({
  accountSid: v.optional(v.pipe(v.string(), v.maxLength(200))),
  authToken: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  bearerToken: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  appId: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/** POST /api/sms-providers/{provider}/verify: the row as entered (the mask for a stored secret). */
export const ProviderCheckInput = v.strictObject({ fields: CredentialFields });

/** PUT /api/sms-providers/{provider}: the row and whether the console verified it. */
export const ProviderSaveInput = v.strictObject({ fields: CredentialFields, verified: v.boolean() });

export const ProviderParam = v.strictObject({
  provider: v.picklist(PROVIDERS, "There is no such provider."),
});

/** A mapping is addressed by its sending number, digits only or as stored. */
export const MappingPhoneParam = v.strictObject({
  phone: v.pipe(v.string(), v.regex(/^\+?[0-9 ().-]{1,24}$/, "There is no such mapping.")),
});

export { MASK };
