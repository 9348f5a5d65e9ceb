import { credentialsOf, isProvider, type Provider, providerLabel } from "./providers.ts";
import { phoneDigits } from "./schema.ts";

/**
 * The transitions of spec 000 §4 (provider credential rows, number mappings), pure so the server applies
 * them to what it stores and the console to what it shows.
 */

export const VERIFICATION_FAILED = "Verification failed.";
export const MAPPING_VERIFIED = "Mapping has been verified.";
export const MAPPING_UNVERIFIABLE = "Unable to verify mapping.";
export const PROVIDER_SAVED = "Provider info saved!";
export const PROVIDER_UNSAVED = "Unable to save provider info";
export const MAPPINGS_SAVED = "SMS mappings saved successfully";
export const MAPPINGS_UNSAVED = "Unable to save SMS mappings";
export const MAPPINGS_UNREADABLE = "Unable to retrieve SMS mapping settings";
export const MAPPINGS_PARTLY_INVALID =
  "Warning: some SMS mappings may now be invalid but could not be marked as such.";

export const loginSucceeded = (provider: string) => `${providerLabel(provider)} login succeeded!`;
export const loginFailed = (provider: string) => `${providerLabel(provider)} login failed.`;
export const credentialsMissing = (provider: string) =>
  `${providerLabel(provider)} credentials don't exist or haven't been verified.`;
export const mappingsInvalidated = (n: number) => `Warning: ${n} SMS mappings are no longer valid.`;

export interface Mapping {
  phone: string;
  nicPocName: string;
  nicPocGuid: string;
  /** A stored value may predate the five kinds; such a mapping cannot be verified. */
  provider: string;
  verified: boolean;
  appKey: string | null;
}

export interface CredentialRow {
  provider: string;
  verified: boolean;
}

/** Whether a mapping of `mappingProvider` depends on the credentials of `saved`. */
const dependsOn = (mappingProvider: string, saved: Provider) =>
  mappingProvider === saved || (isProvider(mappingProvider) && credentialsOf(mappingProvider) === saved);

/**
 * Saving `provider` as not verified (spec 000 §4): every verified mapping that relies on its credentials
 * becomes unverified; `count` is how many, for "Warning: {n} SMS mappings are no longer valid."
 */
export function invalidateMappings<M extends Mapping>(mappings: readonly M[], provider: Provider) {
  let count = 0;
  const next = mappings.map((m) => {
    if (!m.verified || !dependsOn(m.provider, provider)) return m;
    count++;
    return { ...m, verified: false };
  });
  return { mappings: next, count };
}

/** Why a mapping of this provider cannot be verified with these credential rows; null when it can. */
export function verifyRefusal(provider: string, rows: readonly CredentialRow[]): string | null {
  if (!isProvider(provider)) return VERIFICATION_FAILED;
  const owner = credentialsOf(provider);
  return rows.some((r) => r.provider === owner && r.verified) ? null : credentialsMissing(provider);
}

/** The fields that identify what a mapping's verification vouched for. */
export const sameMapping = (a: Mapping, b: Mapping) =>
  phoneDigits(a.phone) === phoneDigits(b.phone) &&
  a.nicPocGuid === b.nicPocGuid &&
  a.provider === b.provider &&
  (a.appKey ?? null) === (b.appKey ?? null);

/**
 * The verified flag of a mapping being saved: only a verification made on the server sets it, so a
 * mapping is saved verified only when the same mapping, unchanged, is stored verified and its provider's
 * credentials still are (spec 000 §4: changing any field resets it). Unchecking always lands.
 */
export function settleMappings<M extends Mapping>(
  next: readonly M[],
  stored: readonly Mapping[],
  rows: readonly CredentialRow[],
): M[] {
  return next.map((m) => {
    if (!m.verified) return m;
    const vouched =
      stored.some((s) => s.verified && sameMapping(s, m)) && verifyRefusal(m.provider, rows) === null;
    return vouched ? m : { ...m, verified: false };
  });
}

export const ROW_STATUSES = [
  "Not configured",
  "Verifying",
  "Verified, Saved",
  "Verified, Unsaved",
  "Pending verification, Unsaved",
  "Pending verification, Saved",
] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/** A credential row as the console holds it: what is stored, and the draft on screen. */
export interface RowState {
  /** Whether credentials are stored for this provider. */
  configured: boolean;
  /** The draft differs from what is stored (fields or verified flag). */
  dirty: boolean;
  verified: boolean;
  verifying: boolean;
}

/** Spec 000 §4, Provider credential row status: one of the six. */
export function rowStatus(row: RowState): RowStatus {
  if (row.verifying) return "Verifying";
  if (!row.configured && !row.dirty) return "Not configured";
  if (row.verified) return row.dirty ? "Verified, Unsaved" : "Verified, Saved";
  return row.dirty ? "Pending verification, Unsaved" : "Pending verification, Saved";
}
