import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** ["tenant"]: every tenant query; a tenant change made here invalidates them all. */
export const tenantKeys = {
  all: ["tenant"] as const,
  list: (limit: number, cursor: string | undefined) => ["tenant", "list", limit, cursor ?? null] as const,
};

export const TENANT_PAGE_SIZE = 10;

export const tenantListQuery = (limit: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: tenantKeys.list(limit, cursor),
    queryFn: () => unwrap(api.admin.tenant.$get({ query: { limit: String(limit), cursor } })),
    placeholderData: keepPreviousData,
  });
export type TenantRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof tenantListQuery>["queryFn"]>>
>["items"][number];

export type TenantBody = Parameters<(typeof api.admin.tenant)["$post"]>[0]["json"];
export type CreateUserBody = Parameters<(typeof api.admin.user)["$post"]>[0]["json"];

export const createTenant = (json: TenantBody) => unwrap(api.admin.tenant.$post({ json }));
export const updateTenant = (json: TenantBody) => unwrap(api.admin.tenant.$put({ json }));
export const disableTenant = (id: string) => unwrap(api.admin.tenant[":id"].disable.$post({ param: { id } }));
export const enableTenant = (id: string) => unwrap(api.admin.tenant[":id"].enable.$post({ param: { id } }));
export const createUser = (json: CreateUserBody) => unwrap(api.admin.user.$post({ json }));
