import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** ["tenantSettings"]: the one settings record of the signed-in tenant. */
export const settingsKeys = { all: ["tenantSettings"] as const };

export const tenantSettingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: () => unwrap(api["tenant-settings"].$get()) });

export type TenantSettingsPatch = Parameters<(typeof api)["tenant-settings"]["$patch"]>[0]["json"];

export const patchTenantSettings = (json: TenantSettingsPatch) =>
  unwrap(api["tenant-settings"].$patch({ json }));
