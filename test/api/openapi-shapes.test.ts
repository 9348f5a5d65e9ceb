import { randomUUID } from "node:crypto";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { withActor } from "../../packages/core/src/actor/index.ts";
import { Campaign, CampaignPage } from "../../packages/core/src/campaign/api.ts";
import { ScheduleAnswer } from "../../packages/core/src/campaign/schedule-schema.ts";
import { CampaignSkills } from "../../packages/core/src/campaign/skills.ts";
import { Activity, ActivityPage, Contact, ContactPage } from "../../packages/core/src/contact/api.ts";
import { ConnectionDefaults, NicLogin, NicTestAnswer } from "../../packages/core/src/cxone/api.ts";
import { ResultOutcome } from "../../packages/core/src/dialer/api.ts";
import { ExportTargets } from "../../packages/core/src/dialer/export-api.ts";
import { CampaignOperationAnswer } from "../../packages/core/src/dialer/operations.ts";
import { BreakdownAnswer, CampaignStatusAnswer } from "../../packages/core/src/dialer/status-api.ts";
import { DispositionList } from "../../packages/core/src/disposition/index.ts";
import { DncCheckAnswer, DncEntry, DncImportAnswer, DncPage } from "../../packages/core/src/dnc/api.ts";
import { DownloadLink, DownloadList } from "../../packages/core/src/downloads/api.ts";
import { DynamicsCredentials } from "../../packages/core/src/dynamics/api.ts";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { FieldMapping, FieldMappingPage } from "../../packages/core/src/field-mapping/api.ts";
import { DEFAULT_MAPPINGS } from "../../packages/core/src/field-mapping/schema.ts";
import { Health } from "../../packages/core/src/health.ts";
import { UploadUrl } from "../../packages/core/src/import/schema.ts";
import { InventorySource } from "../../packages/core/src/inventory-source/api.ts";
import { Job, JobPage, JobReportLink } from "../../packages/core/src/job/api.ts";
import { createJob } from "../../packages/core/src/job/store.ts";
import { OutboxMessage, OutboxPage } from "../../packages/core/src/mail/api.ts";
import { outboxMail } from "../../packages/core/src/mail/outbox.ts";
import {
  MappingVerified,
  ProviderCheck,
  ProviderList,
  ProviderSaved,
  SmsMappings,
  SmsMappingsSaved,
  SmsPointsOfContact,
} from "../../packages/core/src/messaging/api.ts";
import {
  FeesList,
  SavedFees,
  Vendor,
  VendorHistory,
  VendorPage,
} from "../../packages/core/src/onboarding/api.ts";
import {
  ALL_CARD_FIELDS,
  AMEX_FIELDS,
  defaultsOf,
  VMD_FIELDS,
} from "../../packages/core/src/onboarding/pricing.ts";
import { PaymentProfileList, Profile, ProfilePage } from "../../packages/core/src/profile/api.ts";
import {
  MobileConfiguration,
  MobileConfigurationPage,
  ProjectChannelUpdated,
  ProjectCreated,
  ProjectMessage,
} from "../../packages/core/src/push/api.ts";
import {
  RestConnection,
  RestConnectionPage,
  RestTestLog,
} from "../../packages/core/src/rest-connection/api.ts";
import { PullSchedule } from "../../packages/core/src/rest-connection/pull-schedule.ts";
import { DEFAULT_REST_MAPPING } from "../../packages/core/src/rest-connection/schema.ts";
import { LICENSES } from "../../packages/core/src/rights/index.ts";
import { Segment, SegmentPage } from "../../packages/core/src/segment/api.ts";
import {
  FtpCheckAnswer,
  SftpExport,
  SftpImport,
  SftpImportPage,
  SftpProcessedFiles,
} from "../../packages/core/src/sftp/api.ts";
import { TenantListItem, TenantPage, TenantSettings } from "../../packages/core/src/tenant/api.ts";
import { CustomFieldDef, CustomFieldList } from "../../packages/core/src/tenant/custom-field-api.ts";
import { Me, SignedIn, SignInAnswer } from "../../packages/core/src/user/api.ts";
import { CreatedUser } from "../../packages/core/src/user/schema.ts";
import { TWILIO_ACCOUNTS } from "../../packages/local/src/simulators/twilio-data.ts";
import {
  baseUrl,
  call,
  DEMO_USERS,
  eventually,
  newTenant,
  type Session,
  signIn,
  testStore,
} from "../support/api.ts";
import { connectDynamics } from "../support/dynamics.ts";
import { newMapping, upload } from "../support/imports.ts";

/**
 * The answers the OpenAPI document describes are the answers the API sends: every 2xx JSON answer of the
 * document has a schema generated from a core valibot schema, and a real answer of each operation, with
 * every optional part filled in, parses with that schema (strict objects: a field the schema does not
 * name fails too).
 */

type ObjectSchema =
  | v.ObjectSchema<v.ObjectEntries, undefined>
  | v.StrictObjectSchema<v.ObjectEntries, undefined>;

/** The core schema of each operation's 2xx answer. */
const ANSWERS: Record<string, ObjectSchema> = {
  "GET /api/health": Health,
  "POST /api/auth/sign-in": SignInAnswer,
  "POST /api/auth/new-password": SignedIn,
  "POST /api/auth/sign-up": SignedIn,
  "GET /api/auth/me": Me,
  "GET /api/tenant-settings": TenantSettings,
  "PATCH /api/tenant-settings": TenantSettings,
  "GET /api/custom-fields": CustomFieldList,
  "POST /api/custom-fields": CustomFieldDef,
  "GET /api/contacts": ContactPage,
  "POST /api/contacts/query": ContactPage,
  "POST /api/contacts": Contact,
  "PUT /api/contacts/external/{externalId}": Contact,
  "GET /api/contacts/{id}": Contact,
  "PATCH /api/contacts/{id}": Contact,
  "GET /api/contacts/{id}/activity": ActivityPage,
  "POST /api/contacts/{id}/notes": Activity,
  "GET /api/field-mappings": FieldMappingPage,
  "POST /api/field-mappings": FieldMapping,
  "GET /api/field-mappings/{id}": FieldMapping,
  "PUT /api/field-mappings/{id}": FieldMapping,
  "GET /api/segments": SegmentPage,
  "POST /api/segments": Segment,
  "GET /api/segments/{id}": Segment,
  "PUT /api/segments/{id}": Segment,
  "GET /api/campaigns": CampaignPage,
  "GET /api/skills": CampaignSkills,
  "POST /api/campaigns": Campaign,
  "GET /api/campaigns/{id}": Campaign,
  "PUT /api/campaigns/{id}": Campaign,
  "POST /api/cache/create": CampaignOperationAnswer,
  "POST /api/cache/pause/{campaignId}/{skillId}": CampaignOperationAnswer,
  "POST /api/cache/restart/{campaignId}/{skillId}": CampaignOperationAnswer,
  "DELETE /api/cache/delete/{campaignId}/{skillId}": CampaignOperationAnswer,
  "POST /api/cache/reset/{campaignId}": CampaignOperationAnswer,
  "POST /api/dialer/results": ResultOutcome,
  "POST /api/cache/status": CampaignStatusAnswer,
  "POST /api/cache/status-breakdown": BreakdownAnswer,
  "GET /api/export/campaign/targets": ExportTargets,
  "POST /api/export/campaign": Job,
  "POST /api/cache/create-schedule": ScheduleAnswer,
  "GET /api/profiles": ProfilePage,
  "POST /api/profiles": Profile,
  "GET /api/profiles/{id}": Profile,
  "PUT /api/profiles/{id}": Profile,
  "GET /api/dispositions": DispositionList,
  "GET /api/payment-profiles": PaymentProfileList,
  "GET /api/dnc": DncPage,
  "POST /api/dnc": DncEntry,
  "POST /api/dnc/check": DncCheckAnswer,
  "POST /api/dnc/import": DncImportAnswer,
  "GET /api/rest-connections": RestConnectionPage,
  "POST /api/rest-connections": RestConnection,
  "POST /api/rest-connections/test": RestTestLog,
  "GET /api/rest-connections/{id}": RestConnection,
  "PUT /api/rest-connections/{id}": RestConnection,
  "POST /api/rest-connections/{id}/run": Job,
  "GET /api/rest-connections/{id}/schedule": PullSchedule,
  "PUT /api/rest-connections/{id}/schedule": PullSchedule,
  "GET /api/sftp-imports": SftpImportPage,
  "POST /api/sftp-imports/{id}/poll": Job,
  "GET /api/sftp-imports/{id}/files": SftpProcessedFiles,
  "POST /api/sftp-imports": SftpImport,
  "GET /api/sftp-imports/{id}": SftpImport,
  "PUT /api/sftp-imports/{id}": SftpImport,
  "GET /api/sftp-export": SftpExport,
  "PUT /api/sftp-export": SftpExport,
  "POST /api/ftp-check": FtpCheckAnswer,
  "POST /api/login/nic": NicLogin,
  "POST /api/login/nic/test": NicTestAnswer,
  "GET /api/login/nic/defaults": ConnectionDefaults,
  "GET /api/sms-providers": ProviderList,
  "PUT /api/sms-providers/{provider}": ProviderSaved,
  "POST /api/sms-providers/{provider}/verify": ProviderCheck,
  "GET /api/sms-mappings": SmsMappings,
  "PUT /api/sms-mappings": SmsMappingsSaved,
  "POST /api/sms-mappings/{phone}/verify": MappingVerified,
  "GET /api/sms-points-of-contact": SmsPointsOfContact,
  "GET /api/mobile-configurations": MobileConfigurationPage,
  "POST /api/mobile-configurations": MobileConfiguration,
  "GET /api/mobile-configurations/{id}": MobileConfiguration,
  "PUT /api/mobile-configurations/{id}": MobileConfiguration,
  "POST /api/project/create": ProjectCreated,
  "POST /api/project/updateChannel": ProjectChannelUpdated,
  "DELETE /api/project/delete": ProjectMessage,
  "GET /api/downloads": DownloadList,
  "GET /api/downloads/{id}": DownloadLink,
  "GET /api/dynamics-credentials": DynamicsCredentials,
  "GET /api/inventory-source": InventorySource,
  "PUT /api/inventory-source": InventorySource,
  "GET /api/admin/tenant": TenantPage,
  "POST /api/admin/tenant": TenantListItem,
  "PUT /api/admin/tenant": TenantListItem,
  "POST /api/admin/tenant/{id}/disable": TenantListItem,
  "POST /api/admin/tenant/{id}/enable": TenantListItem,
  "POST /api/admin/user": CreatedUser,
  "GET /api/contacts/import/mappings": FieldMappingPage,
  "POST /api/contacts/import/upload-url": UploadUrl,
  "POST /api/contacts/import": Job,
  "GET /api/jobs": JobPage,
  "GET /api/jobs/{id}": Job,
  "POST /api/jobs/{id}/cancel": Job,
  "GET /api/jobs/{id}/report": JobReportLink,
  "POST /api/bulk-edit/edit": Job,
  "DELETE /api/bulk-edit/delete": Job,
  "GET /api/outbox": OutboxPage,
  "GET /api/outbox/{id}": OutboxMessage,
  "GET /api/cms-onboard/get-vendors": VendorPage,
  "GET /api/cms-onboard/get-vendor/{id}": Vendor,
  "POST /api/cms-onboard/create-vendor": Vendor,
  "PUT /api/cms-onboard/modify-vendor-id": Vendor,
  "PUT /api/cms-onboard/update-vendor": Vendor,
  "POST /api/cms-onboard/clone-vendor": Vendor,
  "GET /api/cms-onboard/get-fees/{id}": FeesList,
  "POST /api/cms-onboard/save-fees": SavedFees,
  "POST /api/cms-onboard/create-app": Vendor,
  "POST /api/cms-onboard/application-complete": Vendor,
  "POST /api/cms-onboard/nexio-token": Vendor,
  "GET /api/cms-onboard/history/{id}": VendorHistory,
};

interface JsonSchemaObject {
  type?: string;
  properties?: Record<string, unknown>;
}
type Responses = Record<string, { content?: Record<string, { schema?: JsonSchemaObject }> }>;

const doc = (await call("/api/openapi.json")).json as {
  paths: Record<string, Record<string, { responses: Responses }>>;
};
/** Each documented 2xx answer, by operation. */
const successes = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).flatMap(([method, op]) =>
    Object.entries(op.responses)
      .filter(([status]) => status.startsWith("2"))
      .map(([status, response]) => ({ key: `${method.toUpperCase()} ${path}`, status, response })),
  ),
);

const parsed = new Set<string>();

/** Asserts a real answer is the operation's documented 2xx and parses with its schema. */
function expectAnswer(key: string, res: { status: number; text: string; json: unknown }) {
  const schema = ANSWERS[key];
  if (!schema) throw new Error(`no schema for ${key}`);
  expect(res.status, `${key}: ${res.text}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${key}: ${res.text}`).toBeLessThan(300);
  const result = v.safeParse(schema, res.json);
  expect(
    result.issues?.map((i) => `${v.getDotPath(i) ?? "(root)"}: ${i.message}`),
    key,
  ).toBeUndefined();
  parsed.add(key);
  return res.json as Record<string, unknown> & { id: string };
}

describe("the OpenAPI document's answers", () => {
  it("every 2xx answer but a 204 is JSON described by its operation's core schema", () => {
    expect(successes.length).toBeGreaterThan(10);
    for (const { key, status, response } of successes) {
      if (status === "204") {
        expect(response.content, key).toBeUndefined();
        continue;
      }
      const schema = response.content?.["application/json"]?.schema;
      expect(schema?.type, key).toBe("object");
      expect(ANSWERS[key], `${key} has no schema in this suite`).toBeDefined();
      expect(Object.keys(schema?.properties ?? {}).sort(), key).toEqual(
        Object.keys(ANSWERS[key]?.entries ?? {}).sort(),
      );
    }
    expect(Object.keys(ANSWERS).sort()).toEqual(
      [...new Set(successes.filter((s) => s.status !== "204").map((s) => s.key))].sort(),
    );
  });
});

describe("real answers parse with the documented schemas", () => {
  let tenant: Session;

  beforeAll(async () => {
    tenant = await newTenant([...LICENSES]);
  }, 30_000);

  it("health, sign-in, sign-up and the user's context", async () => {
    expectAnswer("GET /api/health", await call("/api/health"));
    const email = `shape-${randomUUID()}@other.example`;
    const body = { name: "Shape Org", email, password: "shape-pass-1" };
    expectAnswer("POST /api/auth/sign-up", await call("/api/auth/sign-up", { method: "POST", body }));
    expectAnswer(
      "POST /api/auth/sign-in",
      await call("/api/auth/sign-in", { method: "POST", body: { email, password: body.password } }),
    );
    expectAnswer("GET /api/auth/me", await call("/api/auth/me", { session: tenant }));
  });

  it("custom fields: add, list, delete", async () => {
    const added = expectAnswer(
      "POST /api/custom-fields",
      await call("/api/custom-fields", {
        method: "POST",
        session: tenant,
        body: { displayName: "Shape Tier", type: "String" },
      }),
    );
    expectAnswer("GET /api/custom-fields", await call("/api/custom-fields", { session: tenant }));
    const removed = await call(`/api/custom-fields/${added.name}`, { method: "DELETE", session: tenant });
    expect(removed.status).toBe(204);
  });

  it("tenant settings with custom fields, a masked credential and charts", async () => {
    const changed = expectAnswer(
      "PATCH /api/tenant-settings",
      await call("/api/tenant-settings", {
        method: "PATCH",
        session: tenant,
        body: {
          icBU: "4600999",
          icProduct: "CXOne",
          icAccessKey: "an-access-key",
          icAppSecret: "a-credential",
          icScriptName: "Outbound-Main",
          dashBoardCharts: [{ type: "bar", title: "Calls" }],
          customFields: [
            { name: "score", displayName: "Score", type: "Number" },
            { name: "vip", displayName: "VIP", type: "Boolean" },
          ],
        },
      }),
    );
    expect(changed.icAppSecret).toBe("********");
    expectAnswer("GET /api/tenant-settings", await call("/api/tenant-settings", { session: tenant }));
    expectAnswer("GET /api/auth/me", await call("/api/auth/me", { session: tenant }));
  });

  it("field mappings: create, list, get, replace", async () => {
    const body = { name: "Shape Mapping", mappings: DEFAULT_MAPPINGS };
    const created = expectAnswer(
      "POST /api/field-mappings",
      await call("/api/field-mappings", { method: "POST", session: tenant, body }),
    );
    expectAnswer("GET /api/field-mappings", await call("/api/field-mappings?limit=1", { session: tenant }));
    const path = `/api/field-mappings/${created.id}`;
    expectAnswer("GET /api/field-mappings/{id}", await call(path, { session: tenant }));
    expectAnswer(
      "PUT /api/field-mappings/{id}",
      await call(path, { method: "PUT", session: tenant, body: { ...body, name: "Shape Mapping 2" } }),
    );
  });

  it("segments: create with a nested group and a sort, list, get, replace", async () => {
    const query = {
      type: "group",
      combinator: "and",
      not: false,
      rules: [
        { type: "rule", field: "state", operator: "eq", value: "TX" },
        {
          type: "group",
          combinator: "or",
          not: true,
          rules: [{ type: "rule", field: "zip", operator: "beginsWith", value: "8" }],
        },
      ],
    };
    const body = {
      name: "Shape Segment",
      description: "shapes",
      query,
      sort: { field: "lastName", direction: "asc" },
    };
    const created = expectAnswer(
      "POST /api/segments",
      await call("/api/segments", { method: "POST", session: tenant, body }),
    );
    expectAnswer("GET /api/segments", await call("/api/segments?limit=1", { session: tenant }));
    const path = `/api/segments/${created.id}`;
    expectAnswer("GET /api/segments/{id}", await call(path, { session: tenant }));
    expectAnswer(
      "PUT /api/segments/{id}",
      await call(path, { method: "PUT", session: tenant, body: { ...body, sort: null } }),
    );
  });

  it("campaigns: create, list, get, save, start, pause, reset, restart, end", async () => {
    // The settings test left a made-up CXone connection, which would refuse the skill stop and start with
    // the spec's Connection Error; without one the operations make no skill call.
    await (await testStore()).entities.tenantSettings.patch({ tenant: tenant.tenant }).set({ icBU: "" }).go();
    const profile = await call("/api/profiles", {
      method: "POST",
      session: tenant,
      body: { name: "Shape Campaign Profile" },
    });
    const segment = await call("/api/segments", {
      method: "POST",
      session: tenant,
      body: {
        name: "Shape Campaign Segment",
        query: {
          type: "group",
          combinator: "and",
          not: false,
          rules: [{ type: "rule", field: "state", operator: "eq", value: "TX" }],
        },
      },
    });
    const body = {
      name: "Shape Campaign",
      skillId: 9301,
      skillName: "Shape Skill",
      campaignProfileId: profile.json.id,
      expireDate: new Date(Date.now() + 86_400_000).toISOString(),
      segments: [{ segmentId: segment.json.id, segmentRatio: 2 }],
    };
    const created = expectAnswer(
      "POST /api/campaigns",
      await call("/api/campaigns", { method: "POST", session: tenant, body }),
    );
    expectAnswer("GET /api/campaigns", await call("/api/campaigns?limit=1", { session: tenant }));
    const path = `/api/campaigns/${created.id}`;
    expectAnswer("GET /api/campaigns/{id}", await call(path, { session: tenant }));
    expectAnswer(
      "PUT /api/campaigns/{id}",
      await call(path, { method: "PUT", session: tenant, body: { ...body, static: true } }),
    );
    const id = created.id;
    expectAnswer(
      "POST /api/cache/create",
      await call("/api/cache/create", { method: "POST", session: tenant, body: { campaignId: id } }),
    );
    expectAnswer(
      "POST /api/cache/status",
      await call("/api/cache/status", { method: "POST", session: tenant, body: { campaignId: id } }),
    );
    const event = { id: 654321, days: [1, 3], time: "08:00", timeZone: "UTC", action: "pause" };
    expectAnswer(
      "POST /api/cache/create-schedule",
      await call("/api/cache/create-schedule", {
        method: "POST",
        session: tenant,
        body: { campaignId: id, eventType: "campaignStatus", event },
      }),
    );
    expectAnswer(
      "POST /api/cache/status-breakdown",
      await call("/api/cache/status-breakdown", {
        method: "POST",
        session: tenant,
        body: { campaignId: id, segmentId: segment.json.id, channel: "voice", utcOffset: -300 },
      }),
    );
    expectAnswer(
      "POST /api/export/campaign",
      await call("/api/export/campaign", { method: "POST", session: tenant, body: { campaignId: id } }),
    );
    expectAnswer(
      "POST /api/cache/pause/{campaignId}/{skillId}",
      await call(`/api/cache/pause/${id}/9301`, { method: "POST", session: tenant }),
    );
    expectAnswer(
      "POST /api/cache/reset/{campaignId}",
      await call(`/api/cache/reset/${id}`, { method: "POST", session: tenant }),
    );
    expectAnswer(
      "POST /api/cache/restart/{campaignId}/{skillId}",
      await call(`/api/cache/restart/${id}/9301`, { method: "POST", session: tenant }),
    );
    expectAnswer(
      "DELETE /api/cache/delete/{campaignId}/{skillId}",
      await call(`/api/cache/delete/${id}/9301`, { method: "DELETE", session: tenant }),
    );
    // A contact whose attempt was applied already: the platform's repeat answers the recorded outcome.
    // Written once the end's clear has finished, which would otherwise delete it with the list's records
    // (under a loaded run the clear was still walking the list when the record was put).
    const store = await testStore();
    const cleared = await eventually(
      () => store.entities.campaign.get({ tenant: tenant.tenant, id }).go({ consistent: true }),
      (r) => r.data?.listState === "cleared",
      60_000,
    );
    expect(cleared.data?.listState).toBe("cleared");
    const now = new Date().toISOString();
    await store.entities.campaignContact
      .put({
        tenant: tenant.tenant,
        campaignId: id,
        contactId: "shape-contact",
        segmentId: segment.json.id,
        seq: 1,
        status: "retry",
        queue: "voice#retry#America/New_York",
        rank: now,
        windowClass: "America/New_York",
        readyAt: now,
        attempts: 1,
        totalAttempts: 1,
        lastAttemptKey: "shape-attempt",
        lastDisposition: "20",
      })
      .go();
    expectAnswer(
      "POST /api/dialer/results",
      await call("/api/dialer/results", {
        method: "POST",
        headers: { "x-api-key": tenant.apiKey },
        body: { campaignId: id, contactId: "shape-contact", attemptKey: "shape-attempt", disposition: 20 },
      }),
    );
  });

  it("dialing profiles with a channel and a custom retry, the catalogue, payment profiles", async () => {
    const body = {
      name: "Shape Profile",
      retry: {
        custRetry: [
          {
            name: "Busy",
            codes: [15],
            retriesbyattempt: [{ start: 1, end: 3, minDuration: 10, priority: 1 }],
          },
        ],
      },
      channels: [{ type: "Voice", retryDelay: 60, maxAttempts: 3, maxContacts: 1 }],
    };
    const created = expectAnswer(
      "POST /api/profiles",
      await call("/api/profiles", { method: "POST", session: tenant, body }),
    );
    expectAnswer("GET /api/profiles", await call("/api/profiles?limit=1", { session: tenant }));
    const path = `/api/profiles/${created.id}`;
    expectAnswer("GET /api/profiles/{id}", await call(path, { session: tenant }));
    expectAnswer(
      "PUT /api/profiles/{id}",
      await call(path, { method: "PUT", session: tenant, body: { name: "Shape 2" } }),
    );
    expectAnswer("GET /api/dispositions", await call("/api/dispositions", { session: tenant }));
    expectAnswer("GET /api/payment-profiles", await call("/api/payment-profiles", { session: tenant }));
  });

  it("do-not-call: add, list, check, import", async () => {
    expectAnswer(
      "POST /api/dnc",
      await call("/api/dnc", {
        method: "POST",
        session: tenant,
        body: { phone: "3035550400", expiresAt: "2099-01-01" },
      }),
    );
    expectAnswer("GET /api/dnc", await call("/api/dnc?limit=1", { session: tenant }));
    expectAnswer(
      "POST /api/dnc/check",
      await call("/api/dnc/check", {
        method: "POST",
        session: tenant,
        body: { phones: ["3035550400", "x"] },
      }),
    );
    expectAnswer(
      "POST /api/dnc/import",
      await call("/api/dnc/import", {
        method: "POST",
        session: tenant,
        raw: "3035550401\nbad\n",
        headers: { "content-type": "text/csv" },
      }),
    );
  });

  it("REST connections: create with every part filled in, list, get, replace, Test", async () => {
    const body = {
      name: "Shape Connection",
      endpoint: `${baseUrl()}/api/health`,
      method: "POST",
      headers: [{ key: "X-Team", value: "blue", description: "team" }],
      params: [{ key: "page", value: "1", description: "" }],
      auth: { type: "API_Key", info: { key: "x-api-key", value: "shape-key", addTo: "header" } },
      enabled: false,
      listPath: "$.items",
      mapping: DEFAULT_REST_MAPPING,
    };
    const created = expectAnswer(
      "POST /api/rest-connections",
      await call("/api/rest-connections", { method: "POST", session: tenant, body }),
    );
    expectAnswer(
      "GET /api/rest-connections",
      await call("/api/rest-connections?limit=1", { session: tenant }),
    );
    const path = `/api/rest-connections/${created.id}`;
    expectAnswer("GET /api/rest-connections/{id}", await call(path, { session: tenant }));
    expectAnswer(
      "PUT /api/rest-connections/{id}",
      await call(path, { method: "PUT", session: tenant, body: { ...body, auth: created.auth } }),
    );
    expectAnswer(
      "GET /api/rest-connections/{id}/schedule",
      await call(`${path}/schedule`, { session: tenant }),
    );
    expectAnswer(
      "PUT /api/rest-connections/{id}/schedule",
      await call(`${path}/schedule`, { method: "PUT", session: tenant, body: { everyMinutes: 1440 } }),
    );
    // Run now takes an enabled connection (this one is disabled): the pull's 202 answer is the job.
    const runnable = await call("/api/rest-connections", {
      method: "POST",
      session: tenant,
      body: { ...body, name: "Shape Run", enabled: true },
    });
    expectAnswer(
      "POST /api/rest-connections/{id}/run",
      await call(`/api/rest-connections/${runnable.json.id}/run`, { method: "POST", session: tenant }),
    );
    // The instance's own API is refused by the outbound policy: an entry with its error, no request sent.
    expectAnswer(
      "POST /api/rest-connections/test",
      await call("/api/rest-connections/test", {
        method: "POST",
        session: tenant,
        body: {
          id: created.id,
          endpoint: body.endpoint,
          method: body.method,
          headers: body.headers,
          params: body.params,
          auth: created.auth,
          listPath: body.listPath,
        },
      }),
    );
  });

  it("SFTP: an import with every field filled in, list, get, replace; the export form; a check", async () => {
    const mapping = await call("/api/field-mappings", {
      method: "POST",
      session: tenant,
      body: { name: "Shape SFTP mapping", mappings: DEFAULT_MAPPINGS },
    });
    const body = {
      name: "Shape import",
      host: "sftp.example.com",
      port: 2222,
      username: "shape",
      password: "shape-password",
      privateKey: "k".repeat(256),
      passphrase: "shape-passphrase",
      path: "/inbox",
      fieldMappingId: mapping.json.id,
      fileNameToSource: true,
      algorithms: { cipher: ["aes128-ctr"] },
      readyTimeout: 5000,
      reportEmail: "ops@example.com",
    };
    const created = expectAnswer(
      "POST /api/sftp-imports",
      await call("/api/sftp-imports", { method: "POST", session: tenant, body }),
    );
    expectAnswer("GET /api/sftp-imports", await call("/api/sftp-imports?limit=1", { session: tenant }));
    const path = `/api/sftp-imports/${created.id}`;
    expectAnswer("GET /api/sftp-imports/{id}", await call(path, { session: tenant }));
    expectAnswer("GET /api/sftp-imports/{id}/files", await call(`${path}/files`, { session: tenant }));
    expectAnswer(
      "POST /api/sftp-imports/{id}/poll",
      await call(`${path}/poll`, { method: "POST", session: tenant }),
    );
    expectAnswer(
      "PUT /api/sftp-imports/{id}",
      await call(path, {
        method: "PUT",
        session: tenant,
        body: { ...body, password: created.password, privateKey: "", passphrase: "" },
      }),
    );
    expectAnswer("GET /api/sftp-export", await call("/api/sftp-export", { session: tenant }));
    expectAnswer(
      "GET /api/export/campaign/targets",
      await call("/api/export/campaign/targets", { session: tenant }),
    );
    expectAnswer(
      "PUT /api/sftp-export",
      await call("/api/sftp-export", {
        method: "PUT",
        session: tenant,
        body: {
          ftpExportURL: "sftp.example.com",
          ftpExportUserName: "shape",
          ftpExportPassword: "shape-password",
          ftpImportKey: "",
          ftpExportPort: 22,
        },
      }),
    );
    // The instance's own API port is refused by the outbound policy: a failed check, answered at once.
    expectAnswer(
      "POST /api/ftp-check",
      await call("/api/ftp-check", {
        method: "POST",
        session: tenant,
        body: {
          host: "127.0.0.1",
          port: Number(new URL(baseUrl()).port),
          username: "shape",
          password: "shape-password",
        },
      }),
    );
  });

  it("every contact operation, with every optional field of a contact filled in", async () => {
    const full = {
      externalId: `ext-${randomUUID()}`,
      firstName: "Mary",
      lastName: "Shape",
      source: "import",
      phone: "3035550100",
      cell: "303-555-0101",
      email: "mary@example.com",
      address1: "1 Main St",
      address2: "Unit 2",
      city: "Denver",
      state: "CO",
      zip: "80202",
      timeZone: "Eastern",
      dnc: false,
      expireDt: "2030-01-01T00:00:00.000Z",
      complianceRequired: true,
      preview: false,
      outboundCallerId: "3035550102",
      type: "Customer",
      status: "Active",
      contactAccountId: "acct-1",
      balances: [{ id: "B-1", type: "Loan", amount: "12.5", age: 30 }],
      optout: { Voice: false, SMS: true, Email: false },
      mobileDevices: [{ id: "device-1", type: "ios" }],
      customFields: { "custom:score": 7, "custom:vip": true },
    };
    const created = expectAnswer(
      "POST /api/contacts",
      await call("/api/contacts", { method: "POST", body: full, session: tenant }),
    );
    expect(created.balances).toEqual([{ id: "B-1", type: "Loan", amount: 12.5, age: 30 }]);
    expectAnswer("GET /api/contacts/{id}", await call(`/api/contacts/${created.id}`, { session: tenant }));
    expectAnswer(
      "PATCH /api/contacts/{id}",
      await call(`/api/contacts/${created.id}`, {
        method: "PATCH",
        body: { city: "Boulder", customFields: { "custom:score": "8" } },
        session: tenant,
      }),
    );
    expectAnswer(
      "PUT /api/contacts/external/{externalId}",
      await call(`/api/contacts/external/${full.externalId}`, { method: "PUT", body: full, session: tenant }),
    );

    const listed = await eventually(
      () => call("/api/contacts", { session: tenant }),
      (res) => res.json?.total >= 1,
    );
    expect(listed.json.items.length).toBeGreaterThan(0);
    expectAnswer("GET /api/contacts", listed);
    const queried = await call("/api/contacts/query", {
      method: "POST",
      body: { query: null, limit: 5 },
      session: tenant,
    });
    expect(queried.json.items.length).toBeGreaterThan(0);
    expectAnswer("POST /api/contacts/query", queried);

    expectAnswer(
      "POST /api/contacts/{id}/notes",
      await call(`/api/contacts/${created.id}/notes`, {
        method: "POST",
        body: { title: "Called", body: "<p>Left a message</p>" },
        session: tenant,
      }),
    );
    const activity = await call(`/api/contacts/${created.id}/activity`, { session: tenant });
    expect(activity.json.items.length).toBeGreaterThan(0);
    expectAnswer("GET /api/contacts/{id}/activity", activity);

    const deleted = await call(`/api/contacts/${created.id}`, { method: "DELETE", session: tenant });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
  });

  it("the provider's tenant list", async () => {
    const provider = await signIn(DEMO_USERS.provider);
    const page = expectAnswer(
      "GET /api/admin/tenant",
      await call("/api/admin/tenant?limit=5", { session: provider }),
    );
    expect((page.items as unknown[]).length).toBeGreaterThan(0);

    const tenantId = `shape-${randomUUID().slice(0, 8)}`;
    const post = (path: string, body?: unknown) => call(path, { method: "POST", body, session: provider });
    expectAnswer(
      "POST /api/admin/tenant",
      await post("/api/admin/tenant", { tenantId, licenses: ["MaxCIF"] }),
    );
    expectAnswer(
      "PUT /api/admin/tenant",
      await call("/api/admin/tenant", {
        method: "PUT",
        body: { tenantId, name: "Shape Tenant", licenses: ["MaxCIF", "PromptPay"] },
        session: provider,
      }),
    );
    expectAnswer("POST /api/admin/tenant/{id}/disable", await post(`/api/admin/tenant/${tenantId}/disable`));
    expectAnswer("POST /api/admin/tenant/{id}/enable", await post(`/api/admin/tenant/${tenantId}/enable`));
    const email = `shape-user-${randomUUID()}@shape.example`;
    expectAnswer(
      "POST /api/admin/user",
      await post("/api/admin/user", {
        email,
        name: "Shape User",
        password: "temporary-1",
        tenant: tenantId,
        tenantRole: "Admin",
        securityRights: "1|1|1|1",
        company: "Shape Tenant",
      }),
    );
    const challenge = expectAnswer(
      "POST /api/auth/sign-in",
      await call("/api/auth/sign-in", { method: "POST", body: { email, password: "temporary-1" } }),
    );
    expectAnswer(
      "POST /api/auth/new-password",
      await call("/api/auth/new-password", {
        method: "POST",
        body: { email, session: challenge.session, newPassword: "my-own-pass-1" },
      }),
    );
  });

  it("the CXone login and connection test, against the simulator", async () => {
    const { SIMULATED_UNITS } = await import("../../packages/local/src/simulators/cxone-data.ts");
    const unit = SIMULATED_UNITS[0];
    if (!unit) throw new Error("the simulator has no business unit");
    const connection = {
      icProduct: "CXOne",
      icBU: String(unit.businessUnitId),
      icAccessKey: unit.accessKey,
      icAppSecret: unit.appSecret,
    };
    await call("/api/tenant-settings", { method: "PATCH", session: tenant, body: connection });
    expectAnswer(
      "POST /api/login/nic/test",
      await call("/api/login/nic/test", { method: "POST", session: tenant, body: connection }),
    );
    expectAnswer("POST /api/login/nic", await call("/api/login/nic", { method: "POST", session: tenant }));
    expectAnswer("GET /api/login/nic/defaults", await call("/api/login/nic/defaults", { session: tenant }));
    const skills = expectAnswer("GET /api/skills", await call("/api/skills", { session: tenant }));
    expect((skills.items as unknown[]).length).toBeGreaterThan(0);
  });

  it("mobile applications and push projects: create, list, get, save; project create, channel, delete", async () => {
    const body = {
      name: "Shape App",
      description: "shapes",
      androidEnabled: true,
      androidApiKey: "shape-key",
    };
    const created = expectAnswer(
      "POST /api/mobile-configurations",
      await call("/api/mobile-configurations", { method: "POST", session: tenant, body }),
    );
    expectAnswer(
      "GET /api/mobile-configurations",
      await call("/api/mobile-configurations?limit=1", { session: tenant }),
    );
    const path = `/api/mobile-configurations/${created.id}`;
    expectAnswer("GET /api/mobile-configurations/{id}", await call(path, { session: tenant }));
    expectAnswer(
      "PUT /api/mobile-configurations/{id}",
      await call(path, {
        method: "PUT",
        session: tenant,
        body: { description: "saved", androidEnabled: false },
      }),
    );
    const project = expectAnswer(
      "POST /api/project/create",
      await call("/api/project/create", { method: "POST", session: tenant, body: { name: "Shape Project" } }),
    );
    const channel = { channel: "android", projectId: project.projectId, apiKey: "k", enabled: true };
    expectAnswer(
      "POST /api/project/updateChannel",
      await call("/api/project/updateChannel", { method: "POST", session: tenant, body: channel }),
    );
    expectAnswer(
      "DELETE /api/project/delete",
      await call("/api/project/delete", {
        method: "DELETE",
        session: tenant,
        body: { ApplicationId: project.projectId },
      }),
    );
  });

  it("messaging providers and SMS mappings: list, check, save, map, verify, points of contact", async () => {
    const fields = { accountSid: TWILIO_ACCOUNTS[0]?.accountSid, authToken: TWILIO_ACCOUNTS[0]?.authToken };
    expectAnswer("GET /api/sms-providers", await call("/api/sms-providers", { session: tenant }));
    expectAnswer(
      "POST /api/sms-providers/{provider}/verify",
      await call("/api/sms-providers/Twilio/verify", { method: "POST", session: tenant, body: { fields } }),
    );
    expectAnswer(
      "PUT /api/sms-providers/{provider}",
      await call("/api/sms-providers/Twilio", {
        method: "PUT",
        session: tenant,
        body: { fields, verified: true },
      }),
    );
    const mapping = { phone: "3035550150", nicPocGuid: "poc-1", nicPocName: "Main", provider: "Twilio" };
    expectAnswer(
      "PUT /api/sms-mappings",
      await call("/api/sms-mappings", {
        method: "PUT",
        session: tenant,
        body: { enabled: true, mappings: [mapping] },
      }),
    );
    expectAnswer("GET /api/sms-mappings", await call("/api/sms-mappings", { session: tenant }));
    expectAnswer(
      "POST /api/sms-mappings/{phone}/verify",
      await call("/api/sms-mappings/3035550150/verify", { method: "POST", session: tenant }),
    );
    expectAnswer(
      "GET /api/sms-points-of-contact",
      await call("/api/sms-points-of-contact", { session: tenant }),
    );
  });

  it("downloads, the Dynamics credentials with a masked secret, the inventory source", async () => {
    expectAnswer("GET /api/downloads", await call("/api/downloads", { session: tenant }));
    expectAnswer("GET /api/downloads/{id}", await call("/api/downloads/dialer", { session: tenant }));
    await connectDynamics(tenant);
    expectAnswer(
      "GET /api/dynamics-credentials",
      await call("/api/dynamics-credentials", { session: tenant }),
    );
    expectAnswer(
      "PUT /api/inventory-source",
      await call("/api/inventory-source", {
        method: "PUT",
        session: tenant,
        body: { source: "Dynamics 365" },
      }),
    );
    expectAnswer("GET /api/inventory-source", await call("/api/inventory-source", { session: tenant }));
  });

  it("jobs: list, one, cancel, report link", async () => {
    const store = await testStore();
    const job = await withActor({ type: "system", tenant: tenant.tenant }, () => {
      provideEnv({ mode: "embedded", store } as unknown as Env);
      return createJob({ tenant: tenant.tenant, kind: "test.idle", params: {}, createdBy: "x@y.example" });
    });
    await store.entities.job
      .patch({ tenant: tenant.tenant, id: job.id })
      .set({ reportKey: `${tenant.tenant}/reports/${job.id}.csv` })
      .go();
    expectAnswer("GET /api/jobs", await call("/api/jobs", { session: tenant }));
    expectAnswer("GET /api/jobs/{id}", await call(`/api/jobs/${job.id}`, { session: tenant }));
    expectAnswer("GET /api/jobs/{id}/report", await call(`/api/jobs/${job.id}/report`, { session: tenant }));
    expectAnswer(
      "POST /api/jobs/{id}/cancel",
      await call(`/api/jobs/${job.id}/cancel`, { method: "POST", session: tenant }),
    );
  });

  it("bulk edit and bulk delete answer their job", async () => {
    const query = {
      type: "group",
      combinator: "and",
      rules: [{ type: "rule", field: "source", operator: "eq", value: "no-such-source-shapes" }],
    };
    expectAnswer(
      "POST /api/bulk-edit/edit",
      await call("/api/bulk-edit/edit", {
        method: "POST",
        session: tenant,
        body: { query, updateField: "city", updateValue: "Denver" },
      }),
    );
    expectAnswer(
      "DELETE /api/bulk-edit/delete",
      await call("/api/bulk-edit/delete", { method: "DELETE", session: tenant, body: { query } }),
    );
  });

  it("the contact import: an upload link, and the job it starts", async () => {
    const mapping = await newMapping(tenant);
    expectAnswer(
      "GET /api/contacts/import/mappings",
      await call("/api/contacts/import/mappings", { session: tenant }),
    );
    const link = await call("/api/contacts/import/upload-url", {
      method: "POST",
      session: tenant,
      body: { fileName: "Shapes.csv", size: 10 },
    });
    expectAnswer("POST /api/contacts/import/upload-url", link);
    const contactsUrl = await upload(
      tenant,
      "Shapes Two.csv",
      "ID,FirstName,LastName,Phone\nsh-1,Sha,Pes,3035550100\n",
    );
    expectAnswer(
      "POST /api/contacts/import",
      await call("/api/contacts/import", {
        method: "POST",
        session: tenant,
        body: { contactsUrl, fieldMapping: mapping.id },
      }),
    );
  });

  it("the embedded outbox", async () => {
    const store = await testStore();
    const { id } = await outboxMail(() => store).send({
      tenant: tenant.tenant,
      to: ["someone@other.example"],
      subject: "A notice",
      text: "Body",
    });
    expectAnswer("GET /api/outbox", await call("/api/outbox", { session: tenant }));
    expectAnswer("GET /api/outbox/{id}", await call(`/api/outbox/${id}`, { session: tenant }));
  });

  it("merchant onboarding, from a new vendor to Approved", async () => {
    const admin = await signIn(DEMO_USERS.provider);
    const id = `shape-${randomUUID().slice(0, 8)}`;
    const post = (path: string, body: unknown, method = "POST") =>
      call(`/api/cms-onboard/${path}`, { method, body, session: admin });
    expectAnswer(
      "POST /api/cms-onboard/create-vendor",
      await post("create-vendor", { id: `${id}-tmp`, name: "Shape", contactEmail: "shape@merchant.example" }),
    );
    expectAnswer(
      "PUT /api/cms-onboard/modify-vendor-id",
      await post("modify-vendor-id", { oldId: `${id}-tmp`, newId: id, newName: "Shape Vendor" }, "PUT"),
    );
    expectAnswer(
      "PUT /api/cms-onboard/update-vendor",
      await post("update-vendor", { id, contactName: "Sh" }, "PUT"),
    );
    expectAnswer("POST /api/cms-onboard/clone-vendor", await post("clone-vendor", { vendorId: id }));
    expectAnswer(
      "GET /api/cms-onboard/get-vendors",
      await call("/api/cms-onboard/get-vendors", { session: admin }),
    );
    expectAnswer("POST /api/cms-onboard/create-app", await post("create-app", { vendorId: id }));
    const pricing = {
      vendor: id,
      type: "ERR",
      vmdPricing: defaultsOf(VMD_FIELDS.ERR),
      amexPricing: defaultsOf(AMEX_FIELDS.ERR),
      fees: defaultsOf(ALL_CARD_FIELDS),
    };
    expectAnswer("POST /api/cms-onboard/save-fees", await post("save-fees", pricing));
    expectAnswer(
      "GET /api/cms-onboard/get-fees/{id}",
      await call(`/api/cms-onboard/get-fees/${id}`, { session: admin }),
    );
    const vendor = expectAnswer(
      "GET /api/cms-onboard/get-vendor/{id}",
      await call(`/api/cms-onboard/get-vendor/${id}`, { session: admin }),
    ) as unknown as { applicationUrl: string };
    const form = {
      legalName: "S",
      taxId: "1",
      address: "A",
      ownerName: "O",
      routingNumber: "1",
      accountNumber: "2",
    };
    await fetch(vendor.applicationUrl, { method: "POST", body: new URLSearchParams(form) });
    expectAnswer(
      "POST /api/cms-onboard/application-complete",
      await post("application-complete", { vendorId: id }),
    );
    expectAnswer(
      "POST /api/cms-onboard/nexio-token",
      await post("nexio-token", { vendorId: id, username: "demo-merchant", password: "nexio-demo-2026" }),
    );
    expectAnswer(
      "GET /api/cms-onboard/history/{id}",
      await call(`/api/cms-onboard/history/${id}`, { session: admin }),
    );
  });

  it("names its shared components, and every reference resolves to one", () => {
    const text = JSON.stringify(doc);
    const components = (doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
    expect(Object.keys(components ?? {})).toEqual(expect.arrayContaining(["QueryNode", "Problem"]));
    for (const name of Object.keys(components ?? {})) expect(name).toMatch(/^[A-Z][A-Za-z]+$/);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g))
      expect(components).toHaveProperty([name as string]);
    expect(text).not.toContain('"#/$defs/');
  });

  it("parsed a real answer of every operation the document gives a schema", () => {
    expect([...parsed].sort()).toEqual(Object.keys(ANSWERS).sort());
  });
});
