import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { Entity, Service } from "electrodb";
import { SERVICE, timestamps } from "./attributes.ts";

/**
 * Tenant — provider-level record in the reserved provider partition.
 * Access patterns: list all tenants (admin Tenants list); get by id (token check, settings merge);
 * find by api key (server-to-server calls that carry only the key).
 */
export const TenantEntity = new Entity({
  model: { entity: "tenant", version: "1", service: SERVICE },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    status: { type: ["Active", "Disabled"] as const, required: true, default: "Active" },
    licenses: { type: "list", items: { type: "string" }, required: true, default: () => [] },
    apiKey: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    // The reserved provider partition: no tenant owns it, so its key has no composite (STYLE.md allows
    // this only for provider-level records). A few thousand tenants fit one partition comfortably.
    byId: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["id"] } },
    byApiKey: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["apiKey"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});

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
    icSMSMapping: { type: "any" },
    icSMSProviderCredentials: { type: "any" },
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
    customFields: {
      type: "list",
      items: {
        type: "map",
        properties: {
          name: { type: "string", required: true },
          displayName: { type: "string", required: true },
          type: { type: ["String", "Number", "DateTime", "Boolean", "Phone"] as const, required: true },
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

/**
 * User — a person of a tenant with the claims of their token.
 * Access patterns: get by tenant + id; list a tenant's users.
 */
export const UserEntity = new Entity({
  model: { entity: "user", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    email: { type: "string", required: true },
    name: { type: "string", required: true },
    company: { type: "string", required: true },
    tenantRole: { type: "string", required: true },
    securityRights: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
  },
});

/**
 * Login — the embedded Identity's credential, one per email across all tenants (emails are unique
 * sign-in names, as in a Cognito user pool). Not tenant-owned: sign-in happens before a tenant is known.
 * Access pattern: get by email.
 */
export const LoginEntity = new Entity({
  model: { entity: "login", version: "1", service: SERVICE },
  attributes: {
    email: { type: "string", required: true, readOnly: true },
    tenant: { type: "string", required: true },
    userId: { type: "string", required: true },
    passwordHash: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byEmail: { pk: { field: "pk", composite: ["email"] }, sk: { field: "sk", composite: [] } },
  },
});

/**
 * Connection — a browser's WebSocket connection on AWS (the Realtime stack). Expires after a day (TTL).
 * Access patterns: a tenant's connections (fan-out); find by connection id (disconnect).
 */
export const ConnectionEntity = new Entity({
  model: { entity: "connection", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    connectionId: { type: "string", required: true, readOnly: true },
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    byTenant: {
      pk: { field: "pk", composite: ["tenant"] },
      sk: { field: "sk", composite: ["connectionId"] },
    },
    byConnection: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["connectionId"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});

/**
 * Contact — a tenant's person to reach (spec 000 §3, 003 §3).
 * Access patterns: get by tenant + id; find by tenant + externalId (imports upsert, sparse gsi1).
 * Lists and searches go through the Search port, fed by the change stream.
 */
export const ContactEntity = new Entity({
  model: { entity: "contact", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    externalId: { type: "string" },
    /** `{tenant}#{externalId}`, kept by the domain code; the sparse upsert index is keyed on it. */
    externalKey: { type: "string", hidden: true },
    firstName: { type: "string", required: true },
    lastName: { type: "string", required: true },
    source: { type: "string" },
    phone: { type: "string" },
    cell: { type: "string" },
    email: { type: "string" },
    dateCreated: { type: "string" },
    address1: { type: "string" },
    address2: { type: "string" },
    city: { type: "string" },
    state: { type: "string" },
    zip: { type: "string" },
    timeZone: { type: "string", required: true, default: "Mountain" },
    dnc: { type: "boolean" },
    updatedBy: { type: "string" },
    customFields: { type: "any" },
    expireDt: { type: "string" },
    complianceRequired: { type: "boolean" },
    preview: { type: "boolean" },
    outboundCallerId: { type: "string" },
    balances: { type: "any" },
    type: { type: "string" },
    optout: { type: "any" },
    mobileDevices: { type: "any" },
    contactAccountId: { type: "string" },
    status: { type: ["Active", "InActive"] as const, required: true, default: "Active" },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
    byExternalId: {
      index: "gsi1",
      // Sparse: only contacts with an externalId are in it. One composite, whose value starts with the
      // tenant, so changes that leave externalId alone need not restate it.
      condition: (attr) => typeof attr.externalKey === "string",
      pk: { field: "gsi1pk", composite: ["externalKey"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});

/**
 * ActivityLog — what happened to a contact: System, Dial, Note, PromptPay, C2A (spec 003 §3).
 * Access patterns: a contact's activity newest first (gsi1 by tenant + contact, sorted by timestamp);
 * get by tenant + id.
 */
export const ActivityLogEntity = new Entity({
  model: { entity: "activityLog", version: "1", service: SERVICE },
  attributes: {
    tenant: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    type: { type: ["System", "Dial", "Note", "PromptPay", "C2A"] as const, required: true },
    disposition: { type: "string" },
    title: { type: "string" },
    body: { type: "string" },
    activityLogContactId: { type: "string", required: true },
    segment: { type: "string" },
    campaign: { type: "string" },
    agent: { type: "string" },
    contactStatus: { type: "string" },
    timestamp: { type: "string", required: true },
    metaData: { type: "any" },
    c2aId: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: "pk", composite: ["tenant"] }, sk: { field: "sk", composite: ["id"] } },
    byContact: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["tenant", "activityLogContactId"] },
      sk: { field: "gsi1sk", composite: ["timestamp", "id"] },
    },
  },
});

export const entities = {
  tenant: TenantEntity,
  tenantSettings: TenantSettingsEntity,
  user: UserEntity,
  login: LoginEntity,
  connection: ConnectionEntity,
  contact: ContactEntity,
  activityLog: ActivityLogEntity,
};

export function createService(client: DynamoDBDocumentClient, table: string) {
  return new Service(entities, { client, table });
}

export type StoreService = ReturnType<typeof createService>;
