/** Encrypts credentials at rest. Embedded: AES-GCM with a local key; AWS: KMS (adapters/kms.ts). */
export interface Secrets {
  encrypt(plain: string): Promise<string>;
  decrypt(sealed: string): Promise<string>;
}

/** What the API answers in place of a stored secret. Sending it back unchanged keeps the secret. */
export const MASK = "********";

export const isMask = (value: unknown) => value === MASK;
