import type { Mapping } from "./rules.ts";

/**
 * How the messaging settings are kept on the tenant settings record (spec 000 §3): icSMSProviderCredentials
 * and icSMSMapping, structured rather than JSON text (docs/architecture.md, Data). Secret fields are
 * sealed by the Secrets port.
 */
export interface StoredCredentialRow {
  provider: string;
  /** The provider's credential fields; authToken and bearerToken sealed. */
  data: Partial<Record<"accountSid" | "authToken" | "bearerToken" | "appId", string>>;
  verified: boolean;
}

/** A mapping as stored; its appKey sealed. */
export type StoredMapping = Mapping;

export interface StoredSmsSettings {
  enabled: boolean;
  mappings: StoredMapping[];
}
