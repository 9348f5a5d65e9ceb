/**
 * securityRights: four flags joined by a pipe, in the order Dashboards, Inventory Management,
 * List Management, Configuration (spec 003 §3, §6).
 */
export const RIGHTS = ["dashboards", "inventory", "listManagement", "configuration"] as const;
export type Right = (typeof RIGHTS)[number];

export const RIGHTS_PATTERN = /^[01]\|[01]\|[01]\|[01]$/;

export function parseRights(value: string | undefined | null): Record<Right, boolean> {
  const flags = RIGHTS_PATTERN.test(value ?? "") ? (value as string).split("|") : ["0", "0", "0", "0"];
  return Object.fromEntries(RIGHTS.map((right, i) => [right, flags[i] === "1"])) as Record<Right, boolean>;
}

export function hasRight(value: string | undefined | null, right: Right): boolean {
  return parseRights(value)[right];
}

/** The provider-staff role: the Admin module and /api/admin/* (spec 003 §6). */
export const SUPER_ADMIN = "SuperAdmin";

/** Licences a tenant may hold (spec 003 §3) and the modules they open (spec 003 §6). */
export const LICENSES = ["OutReach", "Essentials", "PromptPay", "ListManager", "USD", "MaxCIF"] as const;
export type License = (typeof LICENSES)[number];

export type Module = "ReachCX" | "E2" | "C3";

export const MODULE_LICENSE: Record<Module, License> = {
  ReachCX: "ListManager",
  E2: "MaxCIF",
  C3: "PromptPay",
};

export function modulesFor(licenses: readonly string[]): Module[] {
  return (Object.keys(MODULE_LICENSE) as Module[]).filter((m) => licenses.includes(MODULE_LICENSE[m]));
}

/**
 * Where a signed-in user lands (spec 003 §6): no business unit configured -> /config;
 * only MaxCIF -> /e2; otherwise the ReachCX home, which redirects to /dashboard.
 */
export function landingPath(input: {
  licenses: readonly string[];
  icBU?: string | null;
  tenantRole?: string;
}): string {
  const modules = modulesFor(input.licenses);
  // Provider staff hold no module licence: their home is the admin area (docs/decisions.md).
  if (modules.length === 0 && input.tenantRole === SUPER_ADMIN) return "/admin";
  if (!input.icBU) return "/config";
  if (modules.length === 1 && modules[0] === "E2") return "/e2";
  if (!modules.includes("ReachCX") && modules.includes("C3")) return "/ppay";
  if (!modules.includes("ReachCX") && modules.includes("E2")) return "/e2";
  return "/dashboard";
}
