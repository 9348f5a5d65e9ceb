import { type PageWalk, validWalk } from "../../lib/paging.tsx";

/**
 * /admin/ListTenants?cursors=&page=&edit=: the page walk and the open dialog ('new' for Create Tenant, a
 * tenant id for Edit Tenant), so reload and back show the same page and dialog.
 */
export interface TenantListSearch extends PageWalk {
  edit?: string;
}

export function tenantListSearch(raw: Record<string, unknown>): TenantListSearch {
  const edit = typeof raw.edit === "string" && /^[a-z0-9-]{1,63}$/.test(raw.edit) ? { edit: raw.edit } : {};
  return { ...validWalk(raw), ...edit };
}

/** /admin/CreateUser?tenant=: the tenant picked ahead (from the tenant list's row). */
export function createUserSearch(raw: Record<string, unknown>): { tenant?: string } {
  return typeof raw.tenant === "string" && /^[a-z0-9-]{1,63}$/.test(raw.tenant) ? { tenant: raw.tenant } : {};
}
