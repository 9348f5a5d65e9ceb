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
