/**
 * The third-party messaging providers (spec 000 §9): five kinds, each with its credential fields. The
 * stored values are the identifiers on credential rows and on number mappings.
 */
export const PROVIDERS = ["Twilio", "TwilioWhatsApp", "Textel", "TextelFoundation", "MMS"] as const;
export type Provider = (typeof PROVIDERS)[number];

export const isProvider = (value: unknown): value is Provider =>
  typeof value === "string" && (PROVIDERS as readonly string[]).includes(value);

/** What the console and every message call each provider ("{provider} login succeeded!"). */
export const PROVIDER_LABELS: Record<Provider, string> = {
  Twilio: "Twilio",
  TwilioWhatsApp: "WhatsApp via Twilio",
  Textel: "Textel",
  TextelFoundation: "Textel Foundation",
  MMS: "MMS",
};

/** The label of a stored value; an unknown one (older data) is shown as stored. */
export const providerLabel = (provider: string): string =>
  isProvider(provider) ? PROVIDER_LABELS[provider] : provider;

/** Spec 000 §9: account SID and auth token; a bearer token; an app ID. */
export const CREDENTIAL_FIELDS = {
  Twilio: ["accountSid", "authToken"],
  TwilioWhatsApp: ["accountSid", "authToken"],
  Textel: ["bearerToken"],
  TextelFoundation: ["bearerToken"],
  MMS: ["appId"],
} as const satisfies Record<Provider, readonly string[]>;

export type CredentialField = (typeof CREDENTIAL_FIELDS)[Provider][number];

export const FIELD_LABELS: Record<CredentialField, string> = {
  accountSid: "Account SID",
  authToken: "Auth Token",
  bearerToken: "Bearer Token",
  appId: "App ID",
};

/**
 * Fields sealed at rest and answered as the mask. The account SID and the app ID name an account, as a
 * user name does, and stay readable so a user can tell which account a row holds.
 */
export const SECRET_FIELDS: ReadonlySet<CredentialField> = new Set(["authToken", "bearerToken"]);

/**
 * Whose credentials a mapping's verification reads (spec 000 §8): the Textel foundation variant looks its
 * credentials up under the vendor; every other kind, WhatsApp via Twilio included, under its own row.
 */
export function credentialsOf(provider: Provider): Provider {
  return provider === "TextelFoundation" ? "Textel" : provider;
}

/** The Twilio kinds are checked against Twilio; the others' checks always succeed (spec 000 §7). */
export const isTwilioKind = (provider: Provider) => provider === "Twilio" || provider === "TwilioWhatsApp";
