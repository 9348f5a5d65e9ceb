import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";
import { settingsKeys } from "../settings/api.ts";

/**
 * Under the settings key: the fields are part of the tenant settings, so the change feed's tenantSettings
 * invalidation (features/shell/live.ts) refreshes this list too.
 */
export const customFieldKeys = { all: [...settingsKeys.all, "customFields"] as const };

export const customFieldsQuery = () =>
  queryOptions({
    queryKey: customFieldKeys.all,
    queryFn: async () => (await unwrap(api["custom-fields"].$get())).items,
  });

export type CustomFieldBody = Parameters<(typeof api)["custom-fields"]["$post"]>[0]["json"];

export const addCustomField = (json: CustomFieldBody) => unwrap(api["custom-fields"].$post({ json }));

export const deleteCustomField = (name: string) =>
  unwrap(api["custom-fields"][":name"].$delete({ param: { name } }));
