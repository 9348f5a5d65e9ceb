import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { TENANT_PAGE_SIZE, tenantListQuery } from "../features/admin/api.ts";
import { createUserSearch, tenantListSearch } from "../features/admin/search.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const tenants = screenAt("/admin/ListTenants");
const createUser = screenAt("/admin/CreateUser");

/** /admin/ListTenants: the provider's tenants, ten a page, the page walk and the open dialog in the URL. */
export const tenantsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/admin/ListTenants",
  staticData: { screen: tenants },
  validateSearch: tenantListSearch,
  loaderDeps: ({ search }) => ({ cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, tenants, () =>
      context.queryClient.ensureQueryData(tenantListQuery(TENANT_PAGE_SIZE, deps.cursor)),
    ),
  component: lazyRouteComponent(() => import("../features/admin/TenantList.tsx"), "TenantList"),
});

/** /admin/CreateUser?tenant=: the Create User form, the tenant picked ahead when the URL names it. */
export const createUserRoute = createRoute({
  getParentRoute: () => gate,
  path: "/admin/CreateUser",
  staticData: { screen: createUser },
  validateSearch: createUserSearch,
  component: lazyRouteComponent(() => import("../features/admin/CreateUser.tsx"), "CreateUser"),
});
