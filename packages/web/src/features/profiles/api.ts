import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** ["profile"] is the entity's name: the live feed refreshes lists and profiles on any profile change. */
export const profileKeys = {
  all: ["profile"] as const,
  list: (limit: number, cursor: string | undefined) => ["profile", "list", limit, cursor ?? null] as const,
  one: (id: string) => ["profile", "one", id] as const,
};

export const profileListQuery = (limit: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: profileKeys.list(limit, cursor),
    queryFn: () => unwrap(api.profiles.$get({ query: { limit: String(limit), cursor } })),
    placeholderData: keepPreviousData,
  });
export type ProfileRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof profileListQuery>["queryFn"]>>
>["items"][number];

export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: profileKeys.one(id),
    queryFn: () => unwrap(api.profiles[":id"].$get({ param: { id } })),
  });

export const dispositionsQuery = () =>
  queryOptions({
    queryKey: ["dispositions"] as const,
    queryFn: () => unwrap(api.dispositions.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Keyed by the entity's name, so a payment profile created elsewhere shows up in the channel dialog. */
export const paymentProfilesQuery = () =>
  queryOptions({
    queryKey: ["paymentProfile", "list"] as const,
    queryFn: () => unwrap(api["payment-profiles"].$get()),
  });

export type ProfileBody = Parameters<(typeof api)["profiles"]["$post"]>[0]["json"];

export const createProfile = (json: ProfileBody) => unwrap(api.profiles.$post({ json }));
export const updateProfile = (id: string, json: ProfileBody) =>
  unwrap(api.profiles[":id"].$put({ param: { id }, json }));
export const deleteProfile = (id: string) => unwrap(api.profiles[":id"].$delete({ param: { id } }));
