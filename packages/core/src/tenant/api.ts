import * as v from "valibot";
import { pageOf } from "../paging.ts";
import { LICENSES } from "../rights/index.ts";
import { MASK } from "../secrets/index.ts";
import { TENANT_STATUSES } from "../store/entities/tenant.ts";
import { CUSTOM_FIELD_TYPES } from "./schema.ts";

/**
 * What the tenant API answers (GET/PATCH /api/tenant-settings, GET /api/admin/tenant), described in the
 * OpenAPI document and checked against real answers by the API suite.
 */

const text = v.optional(v.string());
const timestamp = v.pipe(v.string(), v.isoTimestamp());
/** A credential is never sent back: the mask when one is stored, else null. */
const secret = v.pipe(v.nullable(v.literal(MASK)), v.description(`"${MASK}" when set, null when not.`));
/** Structured settings the screens of later features read and write; free-form until those land. */
const free = v.optional(v.unknown());
const charts = v.optional(v.nullable(v.array(v.record(v.string(), v.unknown()))));

export const CustomFieldDef = v.strictObject({
  name: v.string(),
  displayName: v.string(),
  type: v.picklist(CUSTOM_FIELD_TYPES),
});

export const TenantStatus = v.picklist(TENANT_STATUSES);

/** The signed-in tenant's settings merged with what the provider manages (licences, api key); secrets masked. */
export const TenantSettings = v.strictObject({
  id: v.string(),
  tenant: v.string(),
  apiKey: v.string(),
  licenses: v.array(v.picklist(LICENSES)),
  company: text,
  icApp: text,
  icVendor: text,
  icBU: v.nullable(v.string()),
  icCluster: text,
  icUserName: text,
  icPassword: secret,
  icGetAuthTokenURL: text,
  icAccessKey: text,
  icAppSecret: secret,
  icDiscoveryDomain: text,
  icScriptName: text,
  icAPIOverride: text,
  icProduct: v.optional(v.picklist(["Legacy", "CXOne", "Legacy Global"])),
  dashBoardCharts: charts,
  e2DashCharts: charts,
  ppDashCharts: charts,
  e2ClientId: text,
  e2ClientSecret: secret,
  e2DynamTenantId: text,
  onPremAccessUrl: text,
  onPremVersion: text,
  onPremAuthUrl: text,
  customFields: v.array(CustomFieldDef),
  dynamicsConnection: free,
  dynamicsDispoFilter: free,
  email: text,
  umaxConfig: free,
  permanentCampaigns: free,
  minimumSeats: free,
  productSku: free,
  queryFields: free,
  createdAt: v.optional(timestamp),
  updatedAt: v.optional(timestamp),
});
export type TenantSettings = v.InferOutput<typeof TenantSettings>;

/** A tenant as provider staff list it. */
export const TenantListItem = v.strictObject({
  id: v.string(),
  name: v.string(),
  apiKey: v.string(),
  licenses: v.array(v.picklist(LICENSES)),
  status: TenantStatus,
});

export const TenantPage = pageOf(TenantListItem);
