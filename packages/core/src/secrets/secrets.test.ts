import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aesGcmSecrets } from "./aesgcm.ts";

describe("AES-GCM secrets", () => {
  const secrets = aesGcmSecrets(randomBytes(32));

  it("round-trips any text and never stores it in clear", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), async (plain) => {
        const sealed = await secrets.encrypt(plain);
        expect(sealed.startsWith("gcm1:")).toBe(true);
        if (plain.length > 3) expect(sealed.includes(plain)).toBe(false);
        expect(await secrets.decrypt(sealed)).toBe(plain);
      }),
      { numRuns: 50 },
    );
  });

  it("refuses a tampered value and another key's value", async () => {
    const sealed = await secrets.encrypt("icPassword-value");
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}A`;
    await expect(secrets.decrypt(tampered)).rejects.toThrow();
    await expect(aesGcmSecrets(randomBytes(32)).decrypt(sealed)).rejects.toThrow();
  });

  it("needs a 32-byte key", () => {
    expect(() => aesGcmSecrets(randomBytes(16))).toThrow(/32 bytes/);
  });
});
