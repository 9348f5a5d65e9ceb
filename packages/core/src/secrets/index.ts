/** Encrypts credentials at rest. Embedded: AES-GCM with a local key; AWS: KMS (adapters/kms.ts). */
export interface Secrets {
  encrypt(plain: string): Promise<string>;
  decrypt(sealed: string): Promise<string>;
}

/** What the API answers in place of a stored secret. Sending it back unchanged keeps the secret. */
export const MASK = "********";

export const isMask = (value: unknown) => value === MASK;

/** Compares secrets (api keys) in time that does not depend on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
