import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/**
 * ["mobileConfiguration"] invalidates every page and application; ["...", "list", ...] one page. Rooted
 * at the entity's name, so a change on the live feed refreshes them with no entry in shell/live.ts.
 */
export const mobileConfigKeys = {
  all: ["mobileConfiguration"] as const,
  list: (limit: number, cursor: string | undefined) =>
    ["mobileConfiguration", "list", limit, cursor ?? null] as const,
  one: (id: string) => ["mobileConfiguration", "one", id] as const,
};

export const mobileConfigListQuery = (limit: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: mobileConfigKeys.list(limit, cursor),
    queryFn: () => unwrap(api["mobile-configurations"].$get({ query: { limit: String(limit), cursor } })),
    placeholderData: keepPreviousData,
  });
export type MobileConfigRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof mobileConfigListQuery>["queryFn"]>>
>["items"][number];

export const mobileConfigQuery = (id: string) =>
  queryOptions({
    queryKey: mobileConfigKeys.one(id),
    queryFn: () => unwrap(api["mobile-configurations"][":id"].$get({ param: { id } })),
  });

export type NewMobileConfigBody = Parameters<(typeof api)["mobile-configurations"]["$post"]>[0]["json"];
export type MobileConfigUpdateBody = Parameters<
  (typeof api)["mobile-configurations"][":id"]["$put"]
>[0]["json"];

export const createMobileConfig = (json: NewMobileConfigBody) =>
  unwrap(api["mobile-configurations"].$post({ json }));
export const updateMobileConfig = (id: string, json: MobileConfigUpdateBody) =>
  unwrap(api["mobile-configurations"][":id"].$put({ param: { id }, json }));
export const deleteMobileConfig = (id: string) =>
  unwrap(api["mobile-configurations"][":id"].$delete({ param: { id } }));
