import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { aesGcmSecrets } from "../../packages/core/src/secrets/aesgcm.ts";
import { type Session, testStore } from "./api.ts";

export const DYNAMICS = {
  e2ClientId: "0d3f6c1e-5b8a-4e43-9d1a-3b6f0f1a2c44",
  e2ClientSecret: "dyn-secret-value-1",
  e2DynamTenantId: "72f988bf-86f1-41af-91ab-2d7cd011db47",
  onPremAccessUrl: "https://crm.contoso.example",
  onPremAuthUrl: "https://adfs.contoso.example/adfs/oauth2/token",
  onPremVersion: "9.1",
};

/**
 * Stores a Dynamics connection on the tenant's settings as the CRM connection wizard and the consent
 * return (spec 001 §4, not built yet) will: written through the store, the secret sealed with the run's
 * secrets key as the Secrets port seals it.
 */
export async function connectDynamics(session: Session, values: Partial<typeof DYNAMICS> = {}) {
  const keys = JSON.parse(readFileSync(join(inject("dataDir"), "keys.json"), "utf8"));
  const secrets = aesGcmSecrets(Buffer.from(keys.secrets, "base64"));
  const { e2ClientSecret, ...rest } = { ...DYNAMICS, ...values };
  const store = await testStore();
  await store.entities.tenantSettings
    .patch({ tenant: session.tenant })
    .set({ ...rest, e2ClientSecret: await secrets.encrypt(e2ClientSecret) })
    .go();
}
