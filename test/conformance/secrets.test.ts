import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { kmsSecrets } from "../../packages/core/src/adapters/kms.ts";
import { aesGcmSecrets } from "../../packages/core/src/secrets/aesgcm.ts";
import type { Secrets } from "../../packages/core/src/secrets/index.ts";

/** What every Secrets adapter must do. KMS runs when KMS_KEY_ID is set (with AWS credentials). */
function secretsSuite(name: string, make: () => Secrets) {
  describe(`Secrets conformance: ${name}`, () => {
    const secrets = make();
    it("seals credentials so the clear text is not in the stored value, and opens them again", async () => {
      for (const plain of ["p@ss", "x".repeat(80), "ünïcødé secret"]) {
        const sealed = await secrets.encrypt(plain);
        expect(sealed).not.toContain(plain);
        expect(await secrets.decrypt(sealed)).toBe(plain);
      }
    });
    it("refuses a value it did not seal", async () => {
      await expect(secrets.decrypt("plain-text")).rejects.toThrow();
    });
  });
}

secretsSuite("AES-GCM (embedded)", () => aesGcmSecrets(randomBytes(32)));

const keyId = process.env.KMS_KEY_ID;
if (keyId) secretsSuite("KMS", () => kmsSecrets({ keyId }));
