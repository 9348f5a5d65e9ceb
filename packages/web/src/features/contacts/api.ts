import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

export interface ListParams {
  search: string;
  sort?: string;
  limit: number;
  cursor?: string;
}

/** Hierarchical keys: ["contacts"] invalidates every list and contact; ["contacts", "list", ...] one page. */
export const contactKeys = {
  all: ["contacts"] as const,
  list: (params: ListParams) => ["contacts", "list", params] as const,
  one: (id: string) => ["contacts", "one", id] as const,
};

export const contactListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: () =>
      unwrap(
        api.contacts.$get({
          query: {
            search: params.search || undefined,
            sort: params.sort,
            limit: String(params.limit),
            cursor: params.cursor,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type ContactListPage = Awaited<
  ReturnType<NonNullable<ReturnType<typeof contactListQuery>["queryFn"]>>
>;
export type ContactRow = ContactListPage["items"][number];

export type NewContact = Parameters<typeof api.contacts.$post>[0]["json"];

export const createContact = (json: NewContact) => unwrap(api.contacts.$post({ json }));
export const deleteContact = (id: string) => unwrap(api.contacts[":id"].$delete({ param: { id } }));

/** One contact, as GET /api/contacts/{id} answers it. */
export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: contactKeys.one(id),
    queryFn: () => unwrap(api.contacts[":id"].$get({ param: { id } })),
  });
export type Contact = Awaited<ReturnType<NonNullable<ReturnType<typeof contactQuery>["queryFn"]>>>;

export type ContactPatch = Parameters<(typeof api.contacts)[":id"]["$patch"]>[0]["json"];
export const updateContact = (id: string, json: ContactPatch) =>
  unwrap(api.contacts[":id"].$patch({ param: { id }, json }));

/** ["activity", ...]: the change feed invalidates every activity query when any activity log changes. */
export const activityKeys = {
  all: ["activity"] as const,
  ofContact: (id: string, cursor: string | undefined) => ["activity", "contact", id, cursor ?? null] as const,
};

/** A page of the contact's activity, newest first (spec 002 Activity table: page size 5). */
export const activityQuery = (id: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: activityKeys.ofContact(id, cursor),
    queryFn: () =>
      unwrap(api.contacts[":id"].activity.$get({ param: { id }, query: { limit: "5", cursor } })),
    placeholderData: keepPreviousData,
  });
export type Activity = Awaited<
  ReturnType<NonNullable<ReturnType<typeof activityQuery>["queryFn"]>>
>["items"][number];

export const addNote = (id: string, json: { title: string; body: string }) =>
  unwrap(api.contacts[":id"].notes.$post({ param: { id }, json }));
