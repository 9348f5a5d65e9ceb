import { useStore } from "../env.ts";

/**
 * Tenant records are read on every request (api-key check, licences in settings). A short per-process
 * cache keeps that off the store; the embedded runtime also drops entries as the change feed reports
 * tenant changes, so an admin's licence change shows at once there and within TTL_MS on Lambda.
 */
const TTL_MS = 10_000;
type TenantRecord = NonNullable<Awaited<ReturnType<typeof load>>>;
const cache = new Map<string, { at: number; record: TenantRecord | null }>();

const load = async (id: string) => (await useStore().entities.tenant.get({ id }).go()).data;

export async function cachedTenant(id: string): Promise<TenantRecord | null> {
  const hit = cache.get(id);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.record;
  const record = await load(id);
  cache.set(id, { at: Date.now(), record });
  return record;
}

export const forgetTenant = (id: string) => cache.delete(id);
