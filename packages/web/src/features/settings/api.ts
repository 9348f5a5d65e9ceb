import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

export const tenantSettingsQuery = () =>
  queryOptions({ queryKey: ["tenantSettings"], queryFn: () => unwrap(api["tenant-settings"].$get()) });

export type TenantSettingsPatch = Parameters<(typeof api)["tenant-settings"]["$patch"]>[0]["json"];

export const patchTenantSettings = (json: TenantSettingsPatch) =>
  unwrap(api["tenant-settings"].$patch({ json }));
