import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";
import { settingsKeys } from "../settings/api.ts";

/**
 * Providers and mappings are kept on the tenant settings record, so their keys sit under the settings key:
 * the change feed's tenantSettings invalidation (features/shell/live.ts) refreshes them (spec 000 §4, "The
 * mapping list refreshes when tenant settings change"). The points of contact come from CXone, not the
 * record.
 */
export const messagingKeys = {
  providers: [...settingsKeys.all, "smsProviders"] as const,
  mappings: [...settingsKeys.all, "smsMappings"] as const,
  pointsOfContact: ["smsPointsOfContact"] as const,
};

export const providersQuery = () =>
  queryOptions({
    queryKey: messagingKeys.providers,
    queryFn: async () => (await unwrap(api["sms-providers"].$get())).items,
  });

export const mappingsQuery = () =>
  queryOptions({ queryKey: messagingKeys.mappings, queryFn: () => unwrap(api["sms-mappings"].$get()) });

export const pointsOfContactQuery = () =>
  queryOptions({
    queryKey: messagingKeys.pointsOfContact,
    queryFn: async () => (await unwrap(api["sms-points-of-contact"].$get())).items,
    staleTime: 60_000,
  });

type ProviderName = Parameters<(typeof api)["sms-providers"][":provider"]["$put"]>[0]["param"]["provider"];
export type ProviderFields = Parameters<
  (typeof api)["sms-providers"][":provider"]["$put"]
>[0]["json"]["fields"];

export const verifyProvider = (provider: ProviderName, fields: ProviderFields) =>
  unwrap(api["sms-providers"][":provider"].verify.$post({ param: { provider }, json: { fields } }));

export const saveProvider = (provider: ProviderName, fields: ProviderFields, verified: boolean) =>
  unwrap(api["sms-providers"][":provider"].$put({ param: { provider }, json: { fields, verified } }));

export type MappingsBody = Parameters<(typeof api)["sms-mappings"]["$put"]>[0]["json"];

export const saveMappings = (json: MappingsBody) => unwrap(api["sms-mappings"].$put({ json }));

export const verifyMapping = (phone: string) =>
  unwrap(api["sms-mappings"][":phone"].verify.$post({ param: { phone } }));
