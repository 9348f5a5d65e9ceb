import type { Right } from "@reachcx/core/rights/index";

export type Area = "reachcx" | "e2" | "ppay" | "config" | "admin";

export interface Screen {
  path: string;
  title: string;
  /** Where the spec describes it, shown on screens that are not built yet. */
  spec: string;
  /** A rights position the user must hold (spec 003 §6). */
  right?: Right;
  /** Search params the screen reads, validated at the route (unknown ones are dropped). */
  search?: (search: Record<string, unknown>) => Record<string, unknown>;
}

/** /segment/{id}?op=edit|clone, 'new' as the id creates (spec 002 Routes). */
const segmentSearch = (search: Record<string, unknown>): { op?: "edit" | "clone" } =>
  search.op === "edit" || search.op === "clone" ? { op: search.op } : {};

/**
 * Every signed-in route of the spec's URL map (003 §2.1, 2.8-2.10; 001 §2.1, 2.10, 2.11; 002 §2),
 * with the title it shows. The route tree is generated from this list (router.tsx); the screens that are
 * built name their component in built.ts, the rest show NotBuiltYet.
 */
export const SCREENS: Screen[] = [
  { path: "/dashboard", title: "Visualizations/Reports", spec: "spec 003 §2.7", right: "dashboards" },
  { path: "/contacts", title: "Contacts", spec: "spec 003 §2.2", right: "inventory" },
  {
    path: "/contact/$id",
    title: "Contact",
    spec: "spec 003 §2.3, spec 002 Contact detail",
    right: "inventory",
  },
  { path: "/import", title: "Contact Import", spec: "spec 003 §2.4", right: "inventory" },
  { path: "/bulk-edit", title: "Bulk Edit", spec: "spec 003 §2.5", right: "inventory" },
  { path: "/segments", title: "Segments", spec: "spec 002 Segment list", right: "listManagement" },
  {
    path: "/segment/$id",
    title: "Segment",
    spec: "spec 002 Segment editor",
    right: "listManagement",
    search: segmentSearch,
  },
  { path: "/campaigns", title: "Campaigns", spec: "spec 002 Campaigns screen", right: "listManagement" },
  { path: "/profile", title: "Profiles", spec: "spec 003 §2.6", right: "listManagement" },
  {
    path: "/profile/$id",
    title: "Dialing Profile",
    spec: "spec 002 Dialing Profile page",
    right: "listManagement",
  },
  { path: "/dynamupdate", title: "", spec: "spec 003 §2.1 (an empty page)" },

  {
    path: "/config",
    title: "Telephony",
    spec: "spec 000 §2 Settings screen",
    right: "configuration",
  },
  {
    path: "/config/inventory-source",
    title: "CRM Configurations",
    spec: "spec 001 §2.1",
    right: "configuration",
  },
  { path: "/config/custom-fields", title: "Custom Fields", spec: "spec 001 §2.2", right: "configuration" },
  { path: "/config/sftp", title: "SFTP Connections", spec: "spec 001 §2.3", right: "configuration" },
  {
    path: "/config/rest-connections",
    title: "REST Connections",
    spec: "spec 001 §2.5",
    right: "configuration",
  },
  {
    path: "/config/rest-connections/$id",
    title: "REST Connection",
    spec: "spec 001 §2.5",
    right: "configuration",
  },
  {
    path: "/config/mobile-config",
    title: "Mobile Applications",
    spec: "spec 001 §2.6",
    right: "configuration",
  },
  {
    path: "/config/mobile-config/$id",
    title: "Mobile Application",
    spec: "spec 001 §2.6",
    right: "configuration",
  },
  { path: "/config/field-mappings", title: "Field Mappings", spec: "spec 001 §2.4", right: "configuration" },
  {
    path: "/config/field-mappings/$id",
    title: "Field Mapping",
    spec: "spec 001 §2.4",
    right: "configuration",
  },
  {
    path: "/config/downloads",
    title: "Downloads",
    spec: "spec 000 §2 Downloads screen",
    right: "configuration",
  },
  { path: "/config/tester", title: "Consent Tester", spec: "spec 001 §2.1", right: "configuration" },
  {
    path: "/config/writer",
    title: "Consent Return",
    spec: "spec 001 §4 Consent return",
    right: "configuration",
  },
  {
    path: "/config/dynamics-configuration",
    title: "CRM Connection Wizard",
    spec: "spec 001 §2.7",
    right: "configuration",
  },

  { path: "/e2", title: "Channel Configuration Profiles", spec: "spec 001 §2.10" },
  { path: "/e2/profiles", title: "New Configuration Profile", spec: "spec 001 §2.10" },
  { path: "/e2/ivr", title: "PreProcess Configuration Profiles", spec: "spec 001 §2.11" },
  { path: "/e2/ivr/profiles", title: "New Configuration Profile", spec: "spec 001 §2.11" },
  { path: "/e2/Dashboard", title: "Visualizations/Reports", spec: "spec 002 Agent-activity dashboard" },
  {
    path: "/e2/ui-config",
    title: "Default UI Configuration",
    spec: "spec 002 Default UI Configuration page",
  },

  { path: "/ppay", title: "C3", spec: "spec 003 §2.10" },
  { path: "/ppay/MessageTemplates", title: "Message Templates", spec: "spec 003 §2.10" },
  { path: "/ppay/MessageTemplate/$id", title: "Message Template", spec: "spec 003 §2.10" },
  { path: "/ppay/PaymentProfiles", title: "Payment Profiles", spec: "spec 003 §2.10" },
  { path: "/ppay/PaymentProfile/$id", title: "Payment Profile", spec: "spec 003 §2.10" },
  { path: "/ppay/Dashboard/or", title: "ReachCX Reporting", spec: "spec 003 §2.10 Payment dashboard" },
  { path: "/ppay/Dashboard/e2", title: "e2 Reporting", spec: "spec 003 §2.10 Payment dashboard" },

  { path: "/admin", title: "Visualizations/Reports", spec: "spec 003 §2.9 (not shown in the spec)" },
  { path: "/admin/onboarding", title: "Merchant Onboarding", spec: "spec 003 §2.8" },
  { path: "/admin/onboarding/edit/$vendorId", title: "Merchant Onboarding", spec: "spec 003 §2.8" },
  { path: "/admin/onboarding/app/$url", title: "Merchant Application", spec: "spec 003 §2.8" },
  { path: "/admin/licSubmit", title: "License Usage", spec: "spec 003 §2.9" },
  { path: "/admin/maxlicense", title: "Max License Count", spec: "spec 003 §2.9" },
  { path: "/admin/CreateUser", title: "Create User", spec: "spec 003 §2.9, §5 Create User" },
  { path: "/admin/ListTenants", title: "Tenants", spec: "spec 003 §2.9" },
  { path: "/admin/payments", title: "Bill Client", spec: "spec 003 §2.9" },
];

/** Outside the shell (spec 003 §2.1). */
export const STANDALONE: Screen[] = [
  { path: "/screenpop/$id", title: "Screen-pop", spec: "spec 003 §2.11" },
  { path: "/maxreturns/$id", title: "C3 Customer Refunds", spec: "spec 003 §2.12" },
];

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
