import { type License, MODULE_LICENSE, type Module, parseRights, type Right, SUPER_ADMIN } from "./index.ts";

/**
 * What a route or a screen asks of the caller (spec 003 §6). Licences gate modules, the securityRights
 * positions gate sections, SuperAdmin gates the provider's admin area.
 */
export type Need =
  /** No token: health, sign-in, sign-up, the API's own documents. */
  | { kind: "public" }
  /** A verified user of an active tenant, with optionally one of `licences` and the `right` position. */
  | { kind: "user"; licences?: readonly License[]; right?: Right }
  /** Provider staff (tenantRole SuperAdmin). */
  | { kind: "provider" }
  /**
   * A platform's server-to-server call (the CXone Studio script's results): no token, the tenant's API key
   * in x-api-key alone names the tenant; the call runs as that tenant's system actor.
   */
  | { kind: "platform" };

const module = (m: Module): readonly License[] => [MODULE_LICENSE[m]];

/**
 * The named needs: every API operation (API_ACCESS) and every console screen (the web's route catalog)
 * names one of these, so a rule changes in one place for the server and the console alike.
 */
export const NEEDS = {
  public: { kind: "public" },
  signedIn: { kind: "user" },
  /**
   * Contacts through the API: Inventory Management, for ReachCX tenants and for C3 tenants, whose
   * screen-pop and payments work on contacts too (docs/decisions.md).
   */
  contacts: { kind: "user", licences: [MODULE_LICENSE.ReachCX, MODULE_LICENSE.C3], right: "inventory" },
  /** ReachCX sections of the console (the ListManager licence) and their rights positions. */
  dashboards: { kind: "user", licences: module("ReachCX"), right: "dashboards" },
  inventory: { kind: "user", licences: module("ReachCX"), right: "inventory" },
  listManagement: { kind: "user", licences: module("ReachCX"), right: "listManagement" },
  /** The configuration area belongs to no module: the Configuration position alone. */
  configuration: { kind: "user", right: "configuration" },
  e2: { kind: "user", licences: module("E2") },
  c3: { kind: "user", licences: module("C3") },
  provider: { kind: "provider" },
  platform: { kind: "platform" },
} as const satisfies Record<string, Need>;

export type NeedName = keyof typeof NEEDS;

/**
 * Every operation of the API, keyed `METHOD /api/path` with OpenAPI's `{param}` segments, and the need it
 * is served under. The API refuses a route that has no entry (functions/src/api/access.ts), and the
 * access suite walks /api/openapi.json against this table.
 */
export const API_ACCESS = {
  "GET /api/health": "public",
  "POST /api/auth/sign-in": "public",
  "POST /api/auth/sign-up": "public",
  /** Completes NEW_PASSWORD_REQUIRED with the sign-in's session: no token exists yet. */
  "POST /api/auth/new-password": "public",
  "GET /api/auth/me": "signedIn",

  "GET /api/tenant-settings": "configuration",
  "PATCH /api/tenant-settings": "configuration",
  "GET /api/custom-fields": "configuration",
  "POST /api/custom-fields": "configuration",
  "DELETE /api/custom-fields/{name}": "configuration",

  "GET /api/contacts": "contacts",
  "POST /api/contacts": "contacts",
  "POST /api/contacts/query": "contacts",
  "PUT /api/contacts/external/{externalId}": "contacts",
  "GET /api/contacts/{id}": "contacts",
  "PATCH /api/contacts/{id}": "contacts",
  "DELETE /api/contacts/{id}": "contacts",
  "GET /api/contacts/{id}/activity": "contacts",
  "POST /api/contacts/{id}/notes": "contacts",
  /** The contact import (spec 003 §2.4): the /import screen's need. */
  /** The mappings the /import picker offers: Inventory Management users import without Configuration. */
  "GET /api/contacts/import/mappings": "inventory",
  "POST /api/contacts/import/upload-url": "inventory",
  "POST /api/contacts/import": "inventory",

  "GET /api/field-mappings": "configuration",
  "POST /api/field-mappings": "configuration",
  "GET /api/field-mappings/{id}": "configuration",
  "PUT /api/field-mappings/{id}": "configuration",
  "DELETE /api/field-mappings/{id}": "configuration",

  "GET /api/segments": "listManagement",
  "POST /api/segments": "listManagement",
  "GET /api/segments/{id}": "listManagement",
  "PUT /api/segments/{id}": "listManagement",
  "DELETE /api/segments/{id}": "listManagement",

  "GET /api/profiles": "listManagement",
  "POST /api/profiles": "listManagement",
  "GET /api/profiles/{id}": "listManagement",
  "PUT /api/profiles/{id}": "listManagement",
  "DELETE /api/profiles/{id}": "listManagement",
  "GET /api/campaigns": "listManagement",
  "POST /api/campaigns": "listManagement",
  "GET /api/campaigns/{id}": "listManagement",
  "PUT /api/campaigns/{id}": "listManagement",
  "DELETE /api/campaigns/{id}": "listManagement",
  /** The campaign dialog's Skill select: the platform's outbound skills, read with the tenant's connection. */
  "GET /api/skills": "listManagement",
  "POST /api/cache/create": "listManagement",
  "POST /api/cache/pause/{campaignId}/{skillId}": "listManagement",
  "POST /api/cache/restart/{campaignId}/{skillId}": "listManagement",
  "DELETE /api/cache/delete/{campaignId}/{skillId}": "listManagement",
  "POST /api/cache/reset/{campaignId}": "listManagement",
  "POST /api/cache/status": "listManagement",
  "POST /api/cache/status-breakdown": "listManagement",
  "GET /api/export/campaign/targets": "listManagement",
  "POST /api/export/campaign": "listManagement",
  /** The Scheduling dialog: add or (delete true) remove a campaign's scheduled event. */
  "POST /api/cache/create-schedule": "listManagement",
  "GET /api/dispositions": "listManagement",
  "GET /api/payment-profiles": "listManagement",

  "GET /api/dnc": "listManagement",
  "POST /api/dnc": "listManagement",
  "POST /api/dnc/check": "listManagement",
  "POST /api/dnc/import": "listManagement",
  "DELETE /api/dnc/{phone}": "listManagement",

  "GET /api/rest-connections": "configuration",
  "POST /api/rest-connections": "configuration",
  "POST /api/rest-connections/test": "configuration",
  "GET /api/rest-connections/{id}": "configuration",
  "PUT /api/rest-connections/{id}": "configuration",
  "DELETE /api/rest-connections/{id}": "configuration",
  /** 'Run now' and the optional pull schedule of the REST connections screen. */
  "POST /api/rest-connections/{id}/run": "configuration",
  "GET /api/rest-connections/{id}/schedule": "configuration",
  "PUT /api/rest-connections/{id}/schedule": "configuration",
  "GET /api/sftp-imports": "configuration",
  "POST /api/sftp-imports": "configuration",
  "GET /api/sftp-imports/{id}": "configuration",
  "PUT /api/sftp-imports/{id}": "configuration",
  "DELETE /api/sftp-imports/{id}": "configuration",
  /** A poll now (as the import's schedule does) and the files it took: the SFTP import table's. */
  "POST /api/sftp-imports/{id}/poll": "configuration",
  "GET /api/sftp-imports/{id}/files": "configuration",
  "GET /api/sftp-export": "configuration",
  "PUT /api/sftp-export": "configuration",
  "POST /api/ftp-check": "configuration",

  /** Any user of the tenant reads the platform's skills with this login (spec 000 §6); the test is the form's. */
  "POST /api/login/nic": "signedIn",
  "POST /api/login/nic/test": "configuration",
  "GET /api/login/nic/defaults": "configuration",

  /** Mobile applications and their push projects (spec 001 §2.6, §7). */
  "GET /api/mobile-configurations": "configuration",
  "POST /api/mobile-configurations": "configuration",
  "GET /api/mobile-configurations/{id}": "configuration",
  "PUT /api/mobile-configurations/{id}": "configuration",
  "DELETE /api/mobile-configurations/{id}": "configuration",
  "POST /api/project/create": "configuration",
  "POST /api/project/updateChannel": "configuration",
  "DELETE /api/project/delete": "configuration",

  /** Messaging providers and number mappings (spec 000 §2): part of the telephony settings. */
  "GET /api/sms-providers": "configuration",
  "PUT /api/sms-providers/{provider}": "configuration",
  "POST /api/sms-providers/{provider}/verify": "configuration",
  "GET /api/sms-mappings": "configuration",
  "PUT /api/sms-mappings": "configuration",
  "POST /api/sms-mappings/{phone}/verify": "configuration",
  "GET /api/sms-points-of-contact": "configuration",

  /** The CRM add-on packages (spec 000 §2 Downloads) and the CRM Configurations screen (spec 001 §2.1). */
  "GET /api/downloads": "configuration",
  "GET /api/downloads/{id}": "configuration",
  "GET /api/dynamics-credentials": "configuration",
  "GET /api/inventory-source": "configuration",
  "PUT /api/inventory-source": "configuration",

  /**
   * Long operations (core/job). Every kind so far works on contacts (imports, pulls, bulk edit, exports),
   * so the jobs are Inventory Management's (docs/decisions.md, Jobs).
   */
  "GET /api/jobs": "inventory",
  "GET /api/jobs/{id}": "inventory",
  "POST /api/jobs/{id}/cancel": "inventory",
  "GET /api/jobs/{id}/report": "inventory",
  /** Bulk edit is an Inventory Management screen of ReachCX (spec 003 §2.1 drawer, position 1). */
  "POST /api/bulk-edit/edit": "inventory",
  "DELETE /api/bulk-edit/delete": "inventory",

  /** The embedded outbox (core/mail): the tenant's kept mail; 404 on AWS, where SES delivers it. */
  "GET /api/outbox": "signedIn",
  "GET /api/outbox/{id}": "signedIn",

  "GET /api/admin/tenant": "provider",
  "POST /api/admin/tenant": "provider",
  "PUT /api/admin/tenant": "provider",
  "POST /api/admin/tenant/{id}/disable": "provider",
  "POST /api/admin/tenant/{id}/enable": "provider",
  "POST /api/admin/user": "provider",

  /** Merchant onboarding (spec 003 §7.3) and its workflow's human steps: provider staff only. */
  "GET /api/cms-onboard/get-vendors": "provider",
  "GET /api/cms-onboard/get-vendor/{id}": "provider",
  "POST /api/cms-onboard/create-vendor": "provider",
  "PUT /api/cms-onboard/modify-vendor-id": "provider",
  "PUT /api/cms-onboard/update-vendor": "provider",
  "PUT /api/cms-onboard/delete-vendor": "provider",
  "POST /api/cms-onboard/clone-vendor": "provider",
  "GET /api/cms-onboard/get-fees/{id}": "provider",
  "POST /api/cms-onboard/save-fees": "provider",
  "POST /api/cms-onboard/create-app": "provider",
  "POST /api/cms-onboard/application-complete": "provider",
  "POST /api/cms-onboard/nexio-token": "provider",
  "GET /api/cms-onboard/history/{id}": "provider",

  /** The dialer's results, posted by the CXone platform with the tenant's API key (docs/dialer.md). */
  "POST /api/dialer/results": "platform",

  /** The API's own documents, served next to the operations they describe (not listed in them). */
  "GET /api/openapi.json": "public",
  "GET /api/docs": "public",
  "GET /api/docs/{asset}": "public",
} as const satisfies Record<string, NeedName>;

export type Operation = keyof typeof API_ACCESS;

/** The table entry of an operation; `path` may use Hono's `:param` or OpenAPI's `{param}`. */
export function needOf(method: string, path: string): Need | undefined {
  const key = `${method.toUpperCase()} ${path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`;
  const name = (API_ACCESS as Record<string, NeedName>)[key];
  return name ? NEEDS[name] : undefined;
}

/** Who is asking: the token's claims on the server, the user context in the console. */
export interface Caller {
  tenantRole?: string;
  /** The pipe-joined securityRights string. */
  securityRights?: string | null;
  /** The tenant's licences as they stand now. */
  licenses: readonly string[];
}

export type Access =
  | { ok: true }
  | { ok: false; reason: "signedOut" }
  | { ok: false; reason: "provider" }
  | { ok: false; reason: "unlicensed"; licences: readonly License[] }
  | { ok: false; reason: "rights"; right: Right };

/**
 * Whether the caller meets the need. The licence is checked before the right (a tenant without the module
 * is told so, not that the user lacks a right in it).
 */
export function checkAccess(caller: Caller | undefined, need: Need): Access {
  if (need.kind === "public") return { ok: true };
  // A platform call is no user's: the API gate authenticates its key instead (functions/src/api/access.ts).
  if (!caller || need.kind === "platform") return { ok: false, reason: "signedOut" };
  if (need.kind === "provider")
    return caller.tenantRole === SUPER_ADMIN ? { ok: true } : { ok: false, reason: "provider" };
  if (need.licences && !need.licences.some((l) => caller.licenses.includes(l)))
    return { ok: false, reason: "unlicensed", licences: need.licences };
  if (need.right && !parseRights(caller.securityRights)[need.right])
    return { ok: false, reason: "rights", right: need.right };
  return { ok: true };
}

export const RIGHT_LABEL: Record<Right, string> = {
  dashboards: "Dashboards",
  inventory: "Inventory Management",
  listManagement: "List Management",
  configuration: "Configuration",
};

/** The module a licence opens, for messages ("not licensed for ReachCX"). */
export const moduleOfLicence = (licence: License): Module | undefined =>
  (Object.keys(MODULE_LICENSE) as Module[]).find((m) => MODULE_LICENSE[m] === licence);

/** The sentence a refusal carries, the same in the API's 403 and on the console's gate. */
export function refusal(access: Exclude<Access, { ok: true }>): string {
  switch (access.reason) {
    case "signedOut":
      return "Sign in first: the request has no bearer token.";
    case "provider":
      return "Only provider administrators may do this.";
    case "unlicensed": {
      const names = access.licences.map((l) => moduleOfLicence(l) ?? l);
      return `Your organization is not licensed for this (${names.join(" or ")}).`;
    }
    case "rights":
      return `Your security rights do not include ${RIGHT_LABEL[access.right]}.`;
  }
}

/** What a need asks, in a sentence: the API's documentation of each operation says it. */
export function describeNeed(need: Need): string {
  switch (need.kind) {
    case "public":
      return "No token needed.";
    case "provider":
      return "Provider administrators only (tenantRole SuperAdmin).";
    case "platform":
      return "No token: the tenant's API key in x-api-key (a platform's server-to-server call).";
    case "user": {
      const licensed = need.licences
        ? ` of a tenant licensed for ${need.licences.map((l) => moduleOfLicence(l) ?? l).join(" or ")}`
        : "";
      const right = need.right ? ` holding the ${RIGHT_LABEL[need.right]} right` : "";
      return `A signed-in user${licensed}${right}.`;
    }
  }
}
