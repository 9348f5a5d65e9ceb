import type { Campaign } from "@reachcx/core/campaign/api";
import {
  CLONE_SUFFIX,
  defaultExpiry,
  type ExhaustionAction,
  LIMITS,
  RATIO_INVALID_MESSAGE,
  SEGMENTS_MAX_TOOLTIP,
  SELECT_SEGMENT_TOOLTIP,
  SegmentRatio,
} from "@reachcx/core/campaign/schema";
import * as v from "valibot";
import type { DialogMode } from "./listSearch.ts";

/** One row of the Selected Segments list (the name is for showing; the API fills it in again). */
export interface SelectedSegment {
  segmentId: string;
  segmentName: string;
  segmentRatio: number;
}

/** The campaign dialog's values (spec 002 Campaign dialog); the skill carries its name and source. */
export interface CampaignValues {
  name: string;
  skillId: string;
  skillName: string;
  skillSource: string;
  campaignProfileId: string;
  /** ISO, or "" when cleared. */
  expireDate: string;
  exhaustionAction: ExhaustionAction;
  updatesEmail: string;
  static: boolean;
  sort: boolean;
  segments: SelectedSegment[];
}

export const DIALOG_TITLE: Record<DialogMode, string> = {
  create: "Create Campaign",
  edit: "Edit Campaign",
  clone: "Clone Campaign",
};

/**
 * What the dialog opens with: a new campaign expires one month from now (spec 002 §3); an edit shows the
 * campaign; a clone is the campaign named '{name} - Clone' (spec 002 §4), saved as a new Pending one.
 */
export function valuesFor(
  mode: DialogMode,
  campaign: Campaign | undefined,
  now = new Date(),
): CampaignValues {
  if (mode === "create" || !campaign)
    return {
      name: "",
      skillId: "",
      skillName: "",
      skillSource: "NiC",
      campaignProfileId: "",
      expireDate: defaultExpiry(now).toISOString(),
      exhaustionAction: "None",
      updatesEmail: "",
      static: false,
      sort: false,
      segments: [],
    };
  return {
    name: mode === "clone" ? `${campaign.name}${CLONE_SUFFIX}` : campaign.name,
    skillId: campaign.skillId === null ? "" : String(campaign.skillId),
    skillName: campaign.skillName,
    skillSource: campaign.skillSource,
    campaignProfileId: campaign.campaignProfileId,
    expireDate: campaign.expireDate ?? "",
    exhaustionAction: campaign.exhaustionAction,
    updatesEmail: campaign.updatesEmail,
    static: campaign.static,
    sort: campaign.sort,
    segments: campaign.segments.map((s) => ({ ...s })),
  };
}

/** The API's body from the dialog's values (spec 002 §7: the skill's name and source go with its id). */
export function bodyOf(values: CampaignValues) {
  return {
    name: values.name,
    skillId: values.skillId === "" ? 0 : Number(values.skillId),
    skillName: values.skillName,
    skillSource: values.skillSource,
    campaignProfileId: values.campaignProfileId,
    expireDate: values.expireDate,
    exhaustionAction: values.exhaustionAction,
    updatesEmail: values.updatesEmail,
    static: values.static,
    sort: values.sort,
    segments: values.segments.map((s) => ({ segmentId: s.segmentId, segmentRatio: s.segmentRatio })),
  };
}

/**
 * Why the picker's Add is disabled, as its tooltip says it (spec 002 §5), or null when the chosen segment
 * can be added: at most 8, one must be chosen, and its ratio must be above 0 (and at most 100).
 */
export function addRefusal(count: number, segmentId: string | null, ratio: unknown): string | null {
  if (count >= LIMITS.segmentsMax) return SEGMENTS_MAX_TOOLTIP;
  if (!segmentId) return SELECT_SEGMENT_TOOLTIP;
  if (!v.is(SegmentRatio, ratio) || ratio <= 0) return RATIO_INVALID_MESSAGE;
  return null;
}

/** The list with the item at `from` moved to `to` (drag reorder and the arrows). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}
