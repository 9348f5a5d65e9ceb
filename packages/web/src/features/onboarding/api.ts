import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

const cms = api["cms-onboard"];

/** ["vendor"] is the entity's name: every vendor query refreshes together after a change. */
export const vendorKeys = {
  all: ["vendor"] as const,
  list: (limit: number, cursor: string | undefined) => ["vendor", "list", limit, cursor ?? null] as const,
  one: (id: string) => ["vendor", "one", id] as const,
  fees: (id: string) => ["vendor", "fees", id] as const,
  history: (id: string) => ["vendor", "history", id] as const,
};

export const vendorListQuery = (limit: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: vendorKeys.list(limit, cursor),
    queryFn: () => unwrap(cms["get-vendors"].$get({ query: { limit: String(limit), cursor } })),
    placeholderData: keepPreviousData,
  });
export type VendorRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof vendorListQuery>["queryFn"]>>
>["items"][number];

export const vendorQuery = (id: string) =>
  queryOptions({
    queryKey: vendorKeys.one(id),
    queryFn: () => unwrap(cms["get-vendor"][":id"].$get({ param: { id } })),
    retry: false,
  });

/** The vendor's pricing, or null while none is saved (get-fees answers 404). */
export const feesQuery = (id: string) =>
  queryOptions({
    queryKey: vendorKeys.fees(id),
    queryFn: async () => {
      try {
        const { items } = await unwrap(cms["get-fees"][":id"].$get({ param: { id } }));
        return items[0] ?? null;
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
    },
    retry: false,
  });

export const historyQuery = (id: string) =>
  queryOptions({
    queryKey: vendorKeys.history(id),
    queryFn: () => unwrap(cms.history[":id"].$get({ param: { id } })),
  });

type Json<K extends keyof typeof cms, M extends "$post" | "$put"> =
  (typeof cms)[K] extends Record<M, (args: infer A) => unknown>
    ? A extends { json: infer J }
      ? J
      : never
    : never;

export const createVendor = (json: Json<"create-vendor", "$post">) =>
  unwrap(cms["create-vendor"].$post({ json }));
export const updateVendor = (json: Json<"update-vendor", "$put">) =>
  unwrap(cms["update-vendor"].$put({ json }));
export const deleteVendor = (id: string) => unwrap(cms["delete-vendor"].$put({ json: { id } }));
export const cloneVendor = (vendorId: string) => unwrap(cms["clone-vendor"].$post({ json: { vendorId } }));
export const saveFees = (json: Json<"save-fees", "$post">) => unwrap(cms["save-fees"].$post({ json }));
export const startOnboarding = (vendorId: string) => unwrap(cms["create-app"].$post({ json: { vendorId } }));
export const completeApplication = (vendorId: string) =>
  unwrap(cms["application-complete"].$post({ json: { vendorId } }));
export const saveNexioToken = (json: Json<"nexio-token", "$post">) =>
  unwrap(cms["nexio-token"].$post({ json }));
export type Vendor = Awaited<ReturnType<typeof startOnboarding>>;
