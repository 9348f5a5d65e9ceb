import type { NeedName } from "@reachcx/core/rights/access";

export type Area = "reachcx" | "e2" | "ppay" | "config" | "admin";

export interface Screen {
  path: string;
  title: string;
  /** Where the spec describes it, shown on screens that are not built yet. */
  spec: string;
  /** What the caller must hold to open it: a named need of core's access table (spec 003 §6). */
  need: NeedName;
  /**
   * Its place in the drawer of its area: the section and the item's label (the title when absent).
   * Sections and items show in catalog order; screens without `nav` are reached from other screens.
   */
  nav?: { section: string; label?: string };
  /** Search params the screen reads, validated at the route (unknown ones are dropped). */
  search?: (search: Record<string, unknown>) => Record<string, unknown>;
}

/** /segment/{id}?op=edit|clone, 'new' as the id creates (spec 002 Routes). */
const segmentSearch = (search: Record<string, unknown>): { op?: "edit" | "clone" } =>
  search.op === "edit" || search.op === "clone" ? { op: search.op } : {};

/**
 * Every signed-in route of the spec's URL map (003 §2.1, 2.8-2.10; 001 §2.1, 2.10, 2.11; 002 §2),
 * with the title it shows, the need that opens it and its drawer entry. The router makes the screens
 * that are not built yet from this list (NotBuiltYet); the built ones are typed routes (routes/*.ts)
 * that take their entry from here, and the drawer is derived from it (features/shell/nav.ts).
 */
export const SCREENS = [
  {
    path: "/dashboard",
    title: "Visualizations/Reports",
    spec: "spec 003 §2.7",
    need: "dashboards",
    nav: { section: "Dashboards" },
  },
  {
    path: "/contacts",
    title: "Contacts",
    spec: "spec 003 §2.2",
    need: "inventory",
    nav: { section: "Inventory Management" },
  },
  {
    path: "/contact/$id",
    title: "Contact",
    spec: "spec 003 §2.3, spec 002 Contact detail",
    need: "inventory",
  },
  {
    path: "/import",
    title: "Contact Import",
    spec: "spec 003 §2.4",
    need: "inventory",
    nav: { section: "Inventory Management" },
  },
  {
    path: "/bulk-edit",
    title: "Bulk Edit",
    spec: "spec 003 §2.5",
    need: "inventory",
    nav: { section: "Inventory Management" },
  },
  // Issue 12: the tenant's long operations (imports, bulk edits), with their live progress and reports.
  {
    path: "/jobs",
    title: "Jobs",
    spec: "issue 12 (docs/decisions.md, Jobs view)",
    need: "inventory",
    nav: { section: "Inventory Management" },
  },
  // The embedded outbox (core/mail): mail the demo installation kept instead of sending; linked from imports.
  { path: "/outbox", title: "Outbox", spec: "issue 12 (docs/decisions.md, Outbox page)", need: "signedIn" },
  {
    path: "/segments",
    title: "Segments",
    spec: "spec 002 Segment list",
    need: "listManagement",
    nav: { section: "List Management" },
  },
  {
    path: "/segment/$id",
    title: "Segment",
    spec: "spec 002 Segment editor",
    need: "listManagement",
    search: segmentSearch,
  },
  {
    path: "/campaigns",
    title: "Campaigns",
    spec: "spec 002 Campaigns screen",
    need: "listManagement",
    nav: { section: "List Management" },
  },
  {
    path: "/profile",
    title: "Profiles",
    spec: "spec 003 §2.6",
    need: "listManagement",
    nav: { section: "List Management" },
  },
  {
    path: "/profile/$id",
    title: "Dialing Profile",
    spec: "spec 002 Dialing Profile page",
    need: "listManagement",
  },
  {
    path: "/dnc",
    title: "Do Not Call",
    spec: "spec 000 DoNotCall; docs/compliance.md",
    need: "listManagement",
    nav: { section: "List Management" },
  },
  // Spec 003 §2.1: an empty page, for any signed-in user.
  { path: "/dynamupdate", title: "", spec: "spec 003 §2.1 (an empty page)", need: "signedIn" },

  {
    path: "/config",
    title: "Telephony",
    spec: "spec 000 §2 Settings screen",
    need: "configuration",
    nav: { section: "Configuration" },
  },
  {
    path: "/config/inventory-source",
    title: "CRM Configurations",
    spec: "spec 001 §2.1",
    need: "configuration",
    nav: { section: "Configuration" },
  },
  {
    path: "/config/sftp",
    title: "SFTP Connections",
    spec: "spec 001 §2.3",
    need: "configuration",
    nav: { section: "Configuration" },
  },
  {
    path: "/config/rest-connections",
    title: "REST Connections",
    spec: "spec 001 §2.5",
    need: "configuration",
    nav: { section: "Configuration" },
  },
  {
    path: "/config/rest-connections/$id",
    title: "REST Connection",
    spec: "spec 001 §2.5",
    need: "configuration",
  },
  {
    path: "/config/mobile-config",
    title: "Mobile Applications",
    spec: "spec 001 §2.6",
    need: "configuration",
    nav: { section: "Configuration" },
  },
  {
    path: "/config/mobile-config/$id",
    title: "Mobile Application",
    spec: "spec 001 §2.6",
    need: "configuration",
  },
  {
    path: "/config/custom-fields",
    title: "Custom Fields",
    spec: "spec 001 §2.2",
    need: "configuration",
    nav: { section: "Configuration" },
  },
  {
    path: "/config/field-mappings",
    title: "Field Mappings",
    spec: "spec 001 §2.4",
    need: "configuration",
    nav: { section: "Configuration" },
  },
  {
    path: "/config/field-mappings/$id",
    title: "Field Mapping",
    spec: "spec 001 §2.4",
    need: "configuration",
  },
  {
    path: "/config/downloads",
    title: "Downloads",
    spec: "spec 000 §2 Downloads screen",
    need: "configuration",
    nav: { section: "Configuration" },
  },
  { path: "/config/tester", title: "Consent Tester", spec: "spec 001 §2.1", need: "configuration" },
  {
    path: "/config/writer",
    title: "Consent Return",
    spec: "spec 001 §4 Consent return",
    need: "configuration",
  },
  {
    path: "/config/dynamics-configuration",
    title: "CRM Connection Wizard",
    spec: "spec 001 §2.7",
    need: "configuration",
  },

  {
    path: "/e2/Dashboard",
    title: "Visualizations/Reports",
    spec: "spec 002 Agent-activity dashboard",
    need: "e2",
    nav: { section: "Dashboards" },
  },
  {
    path: "/e2/ui-config",
    title: "Default UI Configuration",
    spec: "spec 002 Default UI Configuration page",
    need: "e2",
    nav: { section: "Channel Configuration" },
  },
  {
    path: "/e2",
    title: "Channel Configuration Profiles",
    spec: "spec 001 §2.10",
    need: "e2",
    nav: { section: "Channel Configuration", label: "Configuration Profiles" },
  },
  {
    path: "/e2/ivr",
    title: "PreProcess Configuration Profiles",
    spec: "spec 001 §2.11",
    need: "e2",
    nav: { section: "Channel Configuration", label: "IVR Pre-Process" },
  },
  { path: "/e2/profiles", title: "New Configuration Profile", spec: "spec 001 §2.10", need: "e2" },
  { path: "/e2/ivr/profiles", title: "New Configuration Profile", spec: "spec 001 §2.11", need: "e2" },

  { path: "/ppay", title: "C3", spec: "spec 003 §2.10", need: "c3" },
  {
    path: "/ppay/Dashboard/or",
    title: "ReachCX Reporting",
    spec: "spec 003 §2.10 Payment dashboard",
    need: "c3",
    nav: { section: "Dashboards" },
  },
  {
    path: "/ppay/Dashboard/e2",
    title: "e2 Reporting",
    spec: "spec 003 §2.10 Payment dashboard",
    need: "c3",
    nav: { section: "Dashboards" },
  },
  {
    path: "/ppay/MessageTemplates",
    title: "Message Templates",
    spec: "spec 003 §2.10",
    need: "c3",
    nav: { section: "Payment Configurations" },
  },
  { path: "/ppay/MessageTemplate/$id", title: "Message Template", spec: "spec 003 §2.10", need: "c3" },
  {
    path: "/ppay/PaymentProfiles",
    title: "Payment Profiles",
    spec: "spec 003 §2.10",
    need: "c3",
    nav: { section: "Payment Configurations" },
  },
  { path: "/ppay/PaymentProfile/$id", title: "Payment Profile", spec: "spec 003 §2.10", need: "c3" },

  {
    path: "/admin",
    title: "Visualizations/Reports",
    spec: "spec 003 §2.9 (not shown in the spec)",
    need: "provider",
    nav: { section: "Dashboards" },
  },
  {
    path: "/admin/onboarding",
    title: "Merchant Onboarding",
    spec: "spec 003 §2.8",
    need: "provider",
    nav: { section: "PromptPay" },
  },
  {
    path: "/admin/onboarding/edit/$vendorId",
    title: "Merchant Onboarding",
    spec: "spec 003 §2.8",
    need: "provider",
  },
  {
    path: "/admin/onboarding/app/$url",
    title: "Merchant Application",
    spec: "spec 003 §2.8",
    need: "provider",
  },
  {
    path: "/admin/licSubmit",
    title: "License Usage",
    spec: "spec 003 §2.9",
    need: "provider",
    nav: { section: "Tenant Management" },
  },
  {
    path: "/admin/maxlicense",
    title: "Max License Count",
    spec: "spec 003 §2.9",
    need: "provider",
    nav: { section: "Tenant Management" },
  },
  {
    path: "/admin/ListTenants",
    title: "Tenants",
    spec: "spec 003 §2.9",
    need: "provider",
    nav: { section: "Tenant Management" },
  },
  {
    path: "/admin/CreateUser",
    title: "Create User",
    spec: "spec 003 §2.9, §5 Create User",
    need: "provider",
    nav: { section: "Tenant Management" },
  },
  {
    path: "/admin/payments",
    title: "Bill Client",
    spec: "spec 003 §2.9",
    need: "provider",
    nav: { section: "Payments" },
  },
] as const satisfies readonly Screen[];

export type ScreenPath = (typeof SCREENS)[number]["path"];

/** The catalog entry of a path; the typed routes take their title, need and drawer entry from it. */
export function screenAt(path: ScreenPath): Screen {
  const screen: Screen | undefined = SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`${path} is not in the route catalog`);
  return screen;
}

/** Outside the shell (spec 003 §2.1). */
export const STANDALONE = [
  { path: "/screenpop/$id", title: "Screen-pop", spec: "spec 003 §2.11", need: "public" },
  { path: "/maxreturns/$id", title: "C3 Customer Refunds", spec: "spec 003 §2.12", need: "public" },
] as const satisfies readonly Screen[];

export function areaOf(pathname: string): Area {
  const first = pathname.split("/")[1] ?? "";
  if (first === "e2") return "e2";
  if (first === "ppay") return "ppay";
  if (first === "config") return "config";
  if (first === "admin") return "admin";
  return "reachcx";
}

/** The top bar's title (spec 003 §2.1): ReachCX, e2, C3 or Admin depending on the path. */
export const AREA_TITLE: Record<Area, string> = {
  reachcx: "ReachCX",
  config: "ReachCX",
  e2: "e2",
  ppay: "C3",
  admin: "Admin",
};

/** The licensed module an area belongs to; config and admin belong to none. */
export const AREA_MODULE: Partial<Record<Area, "ReachCX" | "E2" | "C3">> = {
  reachcx: "ReachCX",
  e2: "E2",
  ppay: "C3",
};

const toRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/\$[A-Za-z]+/g, "[^/]+")}/?$`);

/**
 * Help Documentation opens a pdf named after the path (spec 003 §2.1): /e2/ui-config -> e2-ui-config.pdf,
 * / -> home.pdf; an id in the path is left out (/contact/42 -> contact.pdf). The build generates them.
 */
export function helpPdf(pathname: string): string {
  const screen = [...SCREENS, ...STANDALONE].find((s) => toRegExp(s.path).test(pathname));
  const path = screen ? screen.path.replace(/\/\$[A-Za-z]+/g, "") : pathname;
  const name = path.replace(/^\/+|\/+$/g, "").replace(/\//g, "-") || "home";
  return `/docs/help/${name}.pdf`;
}
