import { CAMPAIGN_PAGE_SIZE } from "@reachcx/core/campaign/schema";
import { type PageWalk, validWalk } from "../../lib/paging.tsx";

export { CAMPAIGN_PAGE_SIZE };

/** The campaign dialog's modes (spec 002 Campaign dialog: create, edit, clone). */
export const DIALOG_MODES = ["create", "edit", "clone"] as const;
export type DialogMode = (typeof DIALOG_MODES)[number];

export interface CampaignListSearch extends PageWalk {
  /** The open dialog; edit and clone name their campaign in `id`. */
  dialog?: DialogMode;
  id?: string;
}

/**
 * The list's page walk and its open dialog, kept in the URL (/campaigns?cursors=&page=&dialog=&id=) so back
 * and reload show the same page with the same dialog. An edit or clone without an id opens nothing.
 */
export function campaignListSearch(raw: Record<string, unknown>): CampaignListSearch {
  const walk = validWalk(raw);
  const dialog = DIALOG_MODES.find((m) => m === raw.dialog);
  const id = typeof raw.id === "string" && raw.id.length > 0 && raw.id.length <= 100 ? raw.id : undefined;
  if (dialog === "create") return { ...walk, dialog };
  if (dialog && id) return { ...walk, dialog, id };
  return walk;
}
