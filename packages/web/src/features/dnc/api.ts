import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, postFile, unwrap } from "../../lib/api.ts";

/** ["doNotCall"] is the entity's name: the live feed refreshes the list on any change. */
export const dncKeys = {
  all: ["doNotCall"] as const,
  list: (phone: string, cursor: string | undefined) => ["doNotCall", "list", phone, cursor ?? null] as const,
};

export const DNC_PAGE_SIZE = 25;

export const dncListQuery = (phone: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: dncKeys.list(phone, cursor),
    queryFn: () =>
      unwrap(api.dnc.$get({ query: { phone: phone || undefined, cursor, limit: String(DNC_PAGE_SIZE) } })),
    placeholderData: keepPreviousData,
  });

export type DncAdd = Parameters<(typeof api)["dnc"]["$post"]>[0]["json"];
export const addDnc = (json: DncAdd) => unwrap(api.dnc.$post({ json }));
export const removeDnc = (phone: string) => unwrap(api.dnc[":phone"].$delete({ param: { phone } }));

export interface ImportReport {
  added: number;
  duplicates: number;
  rejected: { row: number; value: string; message: string }[];
}
export const importDnc = (file: Blob) => postFile<ImportReport>("/api/dnc/import", file, "text/csv");
