import { DecryptCommand, EncryptCommand, KMSClient } from "@aws-sdk/client-kms";
import type { Secrets } from "../secrets/index.ts";

const PREFIX = "kms1:";

/** The Secrets port on KMS: each credential is encrypted with the Secrets stack's key. */
export function kmsSecrets(options: { keyId: string; region?: string }): Secrets {
  const client = new KMSClient({ region: options.region });
  return {
    async encrypt(plain) {
      const { CiphertextBlob } = await client.send(
        new EncryptCommand({ KeyId: options.keyId, Plaintext: new TextEncoder().encode(plain) }),
      );
      return PREFIX + Buffer.from(CiphertextBlob as Uint8Array).toString("base64url");
    },
    async decrypt(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error("Not a KMS-sealed secret.");
      const { Plaintext } = await client.send(
        new DecryptCommand({
          KeyId: options.keyId,
          CiphertextBlob: Buffer.from(sealed.slice(PREFIX.length), "base64url"),
        }),
      );
      return new TextDecoder().decode(Plaintext);
    },
  };
}
