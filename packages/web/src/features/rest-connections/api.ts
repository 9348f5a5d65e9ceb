import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

export type Order = "asc" | "desc";

/**
 * ["restConnection"] invalidates every page and connection; ["restConnection", "list", ...] one page. The
 * root is the entity's name, so the live feed's change events refresh them with no entry in shell/live.ts.
 */
export const restConnectionKeys = {
  all: ["restConnection"] as const,
  lists: ["restConnection", "list"] as const,
  list: (limit: number, order: Order, cursor: string | undefined) =>
    ["restConnection", "list", limit, order, cursor ?? null] as const,
  one: (id: string) => ["restConnection", "one", id] as const,
};

export const restConnectionListQuery = (limit: number, order: Order, cursor: string | undefined) =>
  queryOptions({
    queryKey: restConnectionKeys.list(limit, order, cursor),
    queryFn: () => unwrap(api["rest-connections"].$get({ query: { limit: String(limit), order, cursor } })),
    placeholderData: keepPreviousData,
  });
export type RestConnectionRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof restConnectionListQuery>["queryFn"]>>
>["items"][number];

export const restConnectionQuery = (id: string) =>
  queryOptions({
    queryKey: restConnectionKeys.one(id),
    queryFn: () => unwrap(api["rest-connections"][":id"].$get({ param: { id } })),
  });

export type RestConnectionBody = Parameters<(typeof api)["rest-connections"]["$post"]>[0]["json"];
export type RestTestBody = Parameters<(typeof api)["rest-connections"]["test"]["$post"]>[0]["json"];

export const createRestConnection = (json: RestConnectionBody) =>
  unwrap(api["rest-connections"].$post({ json }));
export const updateRestConnection = (id: string, json: RestConnectionBody) =>
  unwrap(api["rest-connections"][":id"].$put({ param: { id }, json }));
export const deleteRestConnection = (id: string) =>
  unwrap(api["rest-connections"][":id"].$delete({ param: { id } }));
export const testRestConnection = (json: RestTestBody) =>
  unwrap(api["rest-connections"].test.$post({ json }));
export type RestTestEntry = Awaited<ReturnType<typeof testRestConnection>>;

/** 'Run now': starts the connection's pull as a job (202 with the job). */
export const runRestConnection = (id: string) =>
  unwrap(api["rest-connections"][":id"].run.$post({ param: { id } }));
