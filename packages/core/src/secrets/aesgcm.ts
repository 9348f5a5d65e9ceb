import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Secrets } from "./index.ts";

const PREFIX = "gcm1:";

/** AES-256-GCM with a 32-byte key kept by the embedded runtime under DATA_DIR. */
export function aesGcmSecrets(key: Buffer): Secrets {
  if (key.length !== 32) throw new Error("The secrets key must be 32 bytes.");
  return {
    async encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    async decrypt(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error("Not a sealed secret.");
      const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}
