import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import type { TenantItem } from "../store/entities.ts";
import { PROVIDER_TENANT, type TenantBody } from "./admin-schema.ts";
import { forgetTenant } from "./cache.ts";
import { createTenant, type TenantListItem } from "./index.ts";

/**
 * Provider administration of tenants (spec 003 §2.9, §7.2): create, edit licences and name, disable and
 * enable. The caller is checked as SuperAdmin by the API's gate (API_ACCESS "provider").
 */

const notFound = (id: string) =>
  new VisibleError("not_found", "tenant.not_found", `Tenant ${id} does not exist.`, [
    { path: "tenantId", message: `Tenant ${id} does not exist.` },
  ]);

const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

const view = (t: TenantItem): TenantListItem => ({
  id: t.id,
  name: t.name,
  apiKey: t.apiKey,
  licenses: t.licenses,
  status: t.status,
});

/**
 * A new tenant with a fresh api key (24 random bytes) and its settings record, in one transaction: an id
 * already taken is a 409 and nothing is written.
 */
export async function adminCreateTenant(body: TenantBody): Promise<TenantListItem> {
  await createTenant({ id: body.tenantId, name: body.name ?? body.tenantId, licenses: body.licenses });
  const created = (await useStore().entities.tenant.get({ id: body.tenantId }).go()).data;
  if (!created) throw notFound(body.tenantId);
  return view(created);
}

/** Replaces the licences (and the name when sent); they apply from the tenant's users' next request. */
export async function adminUpdateTenant(body: TenantBody): Promise<TenantListItem> {
  const set: { licenses: string[]; name?: string } = { licenses: body.licenses };
  if (body.name !== undefined) set.name = body.name;
  const updated = await useStore()
    .entities.tenant.patch({ id: body.tenantId })
    .set(set)
    .go({ response: "all_new" })
    .catch((err: unknown) => {
      if (conditionFailed(err)) throw notFound(body.tenantId);
      throw err;
    });
  forgetTenant(body.tenantId);
  return view(updated.data as TenantItem);
}

/**
 * Disables or enables a tenant (docs/decisions.md, Disable Tenant). A disabled tenant's users cannot sign
 * in, its tokens and api key are refused by the API and the live feed, and its schedules do not act. The
 * provider's own tenant cannot be disabled: its SuperAdmins would lock everyone out.
 */
export async function setTenantStatus(id: string, status: "Active" | "Disabled"): Promise<TenantListItem> {
  if (status === "Disabled" && id === PROVIDER_TENANT)
    throw new VisibleError("input", "tenant.provider_disable", "The provider tenant cannot be disabled.", [
      { path: "tenantId", message: "The provider tenant cannot be disabled." },
    ]);
  const updated = await useStore()
    .entities.tenant.patch({ id })
    .set({ status })
    .go({ response: "all_new" })
    .catch((err: unknown) => {
      if (conditionFailed(err)) throw notFound(id);
      throw err;
    });
  forgetTenant(id);
  return view(updated.data as TenantItem);
}
