/**
 * The CRM add-on packages of the Downloads screen (spec 000 §2, §7). On AWS the operator uploads them to
 * the blobs bucket under these keys (docs/operations: README "Downloads"); embedded mode seeds small real
 * zips under the same keys at start (packages/local/src/addons.ts).
 */
export const ADD_ON_PACKAGES = [
  {
    id: "dialer",
    title: "Dialer CRM Solution",
    description:
      "The Dynamics 365 solution for the outbound dialer: import it into your Dynamics organization to dial its records from ReachCX campaigns.",
    key: "add-ons/reachcx-dialer-crm-solution.zip",
    fileName: "ReachCX_Dialer_CRM_Solution.zip",
  },
  {
    id: "agent-desktop",
    title: "Agent Desktop CRM Solution",
    description:
      "The Dynamics 365 solution for the agent desktop: screen-pop, activity logging and the channel panel inside Dynamics.",
    key: "add-ons/reachcx-agent-desktop-crm-solution.zip",
    fileName: "ReachCX_Agent_Desktop_CRM_Solution.zip",
  },
] as const;

export type AddOnPackage = (typeof ADD_ON_PACKAGES)[number];
export type AddOnPackageId = AddOnPackage["id"];

/** How long a download link works: long enough to start the download, short enough not to be shared. */
export const LINK_TTL_SECONDS = 300;
