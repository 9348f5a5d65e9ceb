import type { Campaign } from "@reachcx/core/campaign/api";
import {
  CampaignForm,
  RATIO_INVALID_MESSAGE,
  SEGMENTS_MAX_TOOLTIP,
  SELECT_SEGMENT_TOOLTIP,
} from "@reachcx/core/campaign/schema";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { addRefusal, bodyOf, moved, valuesFor } from "./form.ts";
import { campaignListSearch } from "./listSearch.ts";

const campaign = {
  id: "c1",
  name: "Spring Drive",
  skillId: 4100001,
  skillName: "Acme Outbound Collections",
  skillSource: "NiC",
  campaignProfileId: "p1",
  profileName: "Collections",
  segments: [
    { segmentId: "s1", segmentName: "Texas", segmentRatio: 2 },
    { segmentId: "s2", segmentName: "Ohio", segmentRatio: 1 },
  ],
  sort: true,
  static: false,
  status: "Pending",
  expireDate: "2099-01-01T00:00:00.000Z",
  exhaustionAction: "Reset Campaign",
  updatesEmail: "ops@example.com",
} as unknown as Campaign;

describe("campaign dialog values", () => {
  it("a new campaign expires one month ahead and has nothing chosen", () => {
    const now = new Date("2026-01-15T10:00:00.000Z");
    const values = valuesFor("create", undefined, now);
    expect(values.expireDate).toBe(new Date("2026-02-15T10:00:00.000Z").toISOString());
    expect(values).toMatchObject({ name: "", skillId: "", exhaustionAction: "None", segments: [] });
  });

  it("an edit shows the campaign; a clone adds ' - Clone' and passes the form's rules", () => {
    const edit = valuesFor("edit", campaign);
    expect(edit.name).toBe("Spring Drive");
    expect(bodyOf(edit)).toEqual({
      name: "Spring Drive",
      skillId: 4100001,
      skillName: "Acme Outbound Collections",
      skillSource: "NiC",
      campaignProfileId: "p1",
      expireDate: "2099-01-01T00:00:00.000Z",
      exhaustionAction: "Reset Campaign",
      updatesEmail: "ops@example.com",
      static: false,
      sort: true,
      segments: [
        { segmentId: "s1", segmentRatio: 2 },
        { segmentId: "s2", segmentRatio: 1 },
      ],
    });
    const clone = valuesFor("clone", campaign);
    expect(clone.name).toBe("Spring Drive - Clone");
    expect(v.safeParse(CampaignForm, bodyOf(clone)).issues).toBeUndefined();
    // The clone's segments are its own copy.
    clone.segments[0] = { segmentId: "x", segmentName: "x", segmentRatio: 0 };
    expect(campaign.segments[0]?.segmentId).toBe("s1");
  });

  it("no skill chosen is skill 0, refused with the spec's sentence", () => {
    const issues = v.safeParse(CampaignForm, bodyOf(valuesFor("create", undefined))).issues ?? [];
    expect(issues.map((i) => i.message)).toContain("A skill is required");
  });
});

describe("segment picker", () => {
  it("says why Add is disabled with spec 002 §5's tooltips", () => {
    expect(addRefusal(8, "s1", 1)).toBe(SEGMENTS_MAX_TOOLTIP);
    expect(addRefusal(0, null, 1)).toBe(SELECT_SEGMENT_TOOLTIP);
    expect(addRefusal(0, "s1", 0)).toBe(RATIO_INVALID_MESSAGE);
    expect(addRefusal(0, "s1", 101)).toBe(RATIO_INVALID_MESSAGE);
    expect(addRefusal(0, "s1", "")).toBe(RATIO_INVALID_MESSAGE);
    expect(addRefusal(0, "s1", 1.5)).toBe(RATIO_INVALID_MESSAGE);
    expect(addRefusal(7, "s1", 100)).toBeNull();
  });

  it("moves a row to where it is dropped", () => {
    expect(moved(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moved(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b", "c"], 1, 5)).toEqual(["a", "b", "c"]);
  });
});

describe("campaign list search", () => {
  it("keeps a dialog and its id; an edit without an id or an unknown dialog opens nothing", () => {
    expect(campaignListSearch({ dialog: "create" })).toEqual({ dialog: "create" });
    expect(campaignListSearch({ dialog: "edit", id: "c1" })).toEqual({ dialog: "edit", id: "c1" });
    expect(campaignListSearch({ dialog: "clone", id: "c1" })).toEqual({ dialog: "clone", id: "c1" });
    expect(campaignListSearch({ dialog: "edit" })).toEqual({});
    expect(campaignListSearch({ dialog: "delete", id: "c1" })).toEqual({});
  });
});
