import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** ["tenantSettings"]: the one settings record of the signed-in tenant. */
export const settingsKeys = { all: ["tenantSettings"] as const };

export const tenantSettingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: () => unwrap(api["tenant-settings"].$get()) });

export type TenantSettingsPatch = Parameters<(typeof api)["tenant-settings"]["$patch"]>[0]["json"];

export const patchTenantSettings = (json: TenantSettingsPatch) =>
  unwrap(api["tenant-settings"].$patch({ json }));

export type ConnectionTestBody = Parameters<(typeof api)["login"]["nic"]["test"]["$post"]>[0]["json"];

/** POST /api/login/nic/test: whether the platform accepts the connection as entered (nothing is saved). */
export const testConnection = (json: ConnectionTestBody) => unwrap(api.login.nic.test.$post({ json }));

/** GET /api/login/nic/defaults: what the connection forms start with (the simulator's in embedded mode). */
export const connectionDefaultsQuery = () =>
  queryOptions({
    queryKey: ["connectionDefaults"],
    queryFn: () => unwrap(api.login.nic.defaults.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
