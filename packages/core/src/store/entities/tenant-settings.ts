import { type CreateEntityItem, CustomAttributeType, Entity, type EntityItem } from "electrodb";
import { CUSTOM_FIELD_TYPES } from "../../contact/constants.ts";
import type { StoredCredentialRow, StoredSmsSettings } from "../../messaging/stored.ts";
import { SERVICE, timestamps } from "../attributes.ts";

/**
 * TenantSettings — one per tenant (spec 000 §3), the tenant's own configuration.
 * Provider-managed attributes (licenses, apiKey) live on Tenant and are merged on read.
 * JSON-text fields of the spec are structured attributes validated by valibot at the edge.
 * Access pattern: get by tenant.
 */
export const TenantSettingsEntity = new Entity({
  model: { entity: "tenantSettings", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    company: { type: "string" },
    icApp: { type: "string" },
    icVendor: { type: "string" },
    icBU: { type: "string" },
    icCluster: { type: "string" },
    icUserName: { type: "string" },
    /** Encrypted (Secrets port). */
    icPassword: { type: "string" },
    icGetAuthTokenURL: { type: "string" },
    icAccessKey: { type: "string" },
    /** Encrypted (Secrets port). */
    icAppSecret: { type: "string" },
    icDiscoveryDomain: { type: "string" },
    icScriptName: { type: "string" },
    icAPIOverride: { type: "string" },
    icProduct: { type: ["Legacy", "CXOne", "Legacy Global"] as const },
    /** Number mappings (messaging/), written only through /api/sms-mappings; App Keys sealed. */
    icSMSMapping: { type: CustomAttributeType<StoredSmsSettings>("any") },
    /** Provider credential rows (messaging/), written only through /api/sms-providers; tokens sealed. */
    icSMSProviderCredentials: { type: CustomAttributeType<StoredCredentialRow[]>("any") },
    ftpImport: { type: "any" },
    ftpExport: { type: "any" },
    dashBoardCharts: { type: "any" },
    e2DashCharts: { type: "any" },
    ppDashCharts: { type: "any" },
    e2ClientId: { type: "string" },
    /** Encrypted (Secrets port). */
    e2ClientSecret: { type: "string" },
    e2DynamTenantId: { type: "string" },
    onPremAccessUrl: { type: "string" },
    onPremVersion: { type: "string" },
    onPremAuthUrl: { type: "string" },
    /** The tenant's contact custom fields (spec 000 §3); contacts keep their values as `custom:{name}`. */
    customFields: {
      type: "list",
      items: {
        type: "map",
        properties: {
          name: { type: "string", required: true },
          displayName: { type: "string", required: true },
          type: { type: CUSTOM_FIELD_TYPES, required: true },
        },
      },
    },
    dynamicsConnection: { type: "any" },
    dynamicsDispoFilter: { type: "any" },
    email: { type: "string" },
    umaxConfig: { type: "any" },
    permanentCampaigns: { type: "any" },
    minimumSeats: { type: "any" },
    productSku: { type: "any" },
    queryFields: { type: "any" },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: [] } },
  },
});

export type TenantSettingsItem = EntityItem<typeof TenantSettingsEntity>;
export type CreateTenantSettingsItem = CreateEntityItem<typeof TenantSettingsEntity>;
