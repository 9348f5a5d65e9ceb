import { useStore } from "../env.ts";
import type { ChangeRecord } from "../realtime/index.ts";
import { entityOf } from "../store/image.ts";
import type { CustomFieldDef } from "./custom-field-rules.ts";

/**
 * Tenant records are read on every request (api-key check, status, licences in settings). A short
 * per-process cache keeps that off the store; the process that makes an admin change drops its entry at
 * once (tenant/admin.ts), the embedded runtime also drops entries as the change feed reports tenant changes
 * (forgetChangedTenants), and every other Lambda instance re-reads within TTL_MS: a disabled tenant or a
 * removed licence stops working there within 5 s (docs/decisions.md, Disable Tenant).
 */
export const TTL_MS = 5_000;
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

/**
 * The tenant's custom-field definitions, which every contact list and query reads (their types compile the
 * query and sort). Cached as tenant records are: dropped at once by the writers in this process
 * (custom-fields.ts, the settings update), by the embedded change feed when the settings change, and
 * re-read within TTL_MS elsewhere (docs/decisions.md, "Custom fields cached for the contact list").
 */
const fieldsCache = new Map<string, { at: number; fields: CustomFieldDef[] }>();

export async function cachedCustomFields(tenant: string): Promise<CustomFieldDef[]> {
  const hit = fieldsCache.get(tenant);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.fields;
  const { data } = await useStore().entities.tenantSettings.get({ tenant }).go();
  const fields = (data?.customFields ?? []) as CustomFieldDef[];
  fieldsCache.set(tenant, { at: Date.now(), fields });
  return fields;
}

export const forgetCustomFields = (tenant: string) => fieldsCache.delete(tenant);

/** The ids of the tenant records these change-stream records created, changed or removed. */
export function changedTenants(records: readonly ChangeRecord[]): string[] {
  const ids = new Set<string>();
  for (const record of records) {
    const image = record.newImage ?? record.oldImage;
    if (entityOf(image) === "tenant" && typeof image?.id === "string") ids.add(image.id);
  }
  return [...ids];
}

/** A change-feed subscriber: drops the cached tenants, and custom fields, the records changed. */
export function forgetChangedTenants(records: readonly ChangeRecord[]) {
  for (const id of changedTenants(records)) forgetTenant(id);
  for (const record of records) {
    const image = record.newImage ?? record.oldImage;
    if (entityOf(image) === "tenantSettings" && typeof image?.tenant === "string")
      forgetCustomFields(image.tenant);
  }
}

/** The ids of the tenants these change-stream records disabled (their record now says Disabled). */
export function disabledTenants(records: readonly ChangeRecord[]): string[] {
  const ids = new Set<string>();
  for (const record of records) {
    const image = record.newImage;
    if (entityOf(image) === "tenant" && image?.status === "Disabled" && typeof image.id === "string")
      ids.add(image.id);
  }
  return [...ids];
}
