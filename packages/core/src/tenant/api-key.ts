import { useStore } from "../env.ts";
import { constantTimeEqual } from "../secrets/index.ts";
import type { TenantItem } from "../store/entities/tenant.ts";

/**
 * The tenant an API key belongs to, for the calls that carry only the key (the CXone platform's posts to
 * POST /api/dialer/results): found through the key's index, then compared in constant time. null when no
 * tenant holds it.
 */
export async function tenantOfApiKey(apiKey: string): Promise<TenantItem | null> {
  if (!apiKey) return null;
  const { data } = await useStore().entities.tenant.query.byApiKey({ apiKey }).go({ limit: 2 });
  return data.find((t) => constantTimeEqual(apiKey, t.apiKey)) ?? null;
}
