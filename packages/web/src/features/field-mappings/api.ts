import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** ["fieldMappings"] invalidates every page and mapping; ["fieldMappings", "list", cursor] one page. */
export const fieldMappingKeys = {
  all: ["fieldMappings"] as const,
  list: (limit: number, cursor: string | undefined) =>
    ["fieldMappings", "list", limit, cursor ?? null] as const,
  one: (id: string) => ["fieldMappings", "one", id] as const,
};

export const fieldMappingListQuery = (limit: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: fieldMappingKeys.list(limit, cursor),
    queryFn: () => unwrap(api["field-mappings"].$get({ query: { limit: String(limit), cursor } })),
    placeholderData: keepPreviousData,
  });
export type FieldMappingRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof fieldMappingListQuery>["queryFn"]>>
>["items"][number];

export const fieldMappingQuery = (id: string) =>
  queryOptions({
    queryKey: fieldMappingKeys.one(id),
    queryFn: () => unwrap(api["field-mappings"][":id"].$get({ param: { id } })),
  });

export type FieldMappingBody = Parameters<(typeof api)["field-mappings"]["$post"]>[0]["json"];

export const createFieldMapping = (json: FieldMappingBody) => unwrap(api["field-mappings"].$post({ json }));
export const updateFieldMapping = (id: string, json: FieldMappingBody) =>
  unwrap(api["field-mappings"][":id"].$put({ param: { id }, json }));
export const deleteFieldMapping = (id: string) =>
  unwrap(api["field-mappings"][":id"].$delete({ param: { id } }));
