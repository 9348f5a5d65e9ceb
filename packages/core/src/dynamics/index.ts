import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { MASK } from "../secrets/index.ts";
import type { DynamicsCredentials } from "./api.ts";

/**
 * The signed-in tenant's Dynamics connection as the credentials view shows it. A connection is set once
 * the wizard stored a client id (online, spec 001 §4) or an on-prem URL (On Prem); the secret is never
 * unsealed here.
 */
export async function readDynamicsCredentials(): Promise<DynamicsCredentials> {
  const tenant = useTenant();
  const { data } = await useStore().entities.tenantSettings.get({ tenant }).go();
  const text = (value: string | undefined) => (value ? value : null);
  const credentials = {
    onPremAccessUrl: text(data?.onPremAccessUrl),
    onPremAuthUrl: text(data?.onPremAuthUrl),
    onPremVersion: text(data?.onPremVersion),
    e2DynamTenantId: text(data?.e2DynamTenantId),
    e2ClientId: text(data?.e2ClientId),
    e2ClientSecret: data?.e2ClientSecret ? MASK : null,
  } as const;
  return { connected: Boolean(credentials.e2ClientId || credentials.onPremAccessUrl), ...credentials };
}
