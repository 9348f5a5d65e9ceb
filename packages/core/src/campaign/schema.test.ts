import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ALL_RATIOS_ZERO_MESSAGE,
  CampaignForm,
  CLONE_SUFFIX,
  DATE_PAST_MESSAGE,
  DATE_REQUIRED_MESSAGE,
  defaultExpiry,
  exhaustionFlags,
  exhaustionOf,
  NAME_INVALID_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PROFILE_REQUIRED_MESSAGE,
  RATIO_INVALID_MESSAGE,
  SEGMENT_TWICE_MESSAGE,
  SEGMENTS_MAX_MESSAGE,
  SEGMENTS_REQUIRED_MESSAGE,
  SKILL_REQUIRED_MESSAGE,
  shareOf,
} from "./schema.ts";

const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
const good = {
  name: "Spring Collections 2",
  skillId: 4211,
  skillName: "Outbound PC",
  campaignProfileId: "p1",
  expireDate: tomorrow,
  segments: [{ segmentId: "s1" }],
};
const messages = (body: unknown) => (v.safeParse(CampaignForm, body).issues ?? []).map((i) => i.message);

describe("campaign form", () => {
  it("accepts the dialog's form with its defaults", () => {
    const out = v.parse(CampaignForm, good);
    expect(out).toMatchObject({
      skillSource: "NiC",
      exhaustionAction: "None",
      static: false,
      sort: false,
      updatesEmail: "",
      segments: [{ segmentId: "s1", segmentRatio: 1 }],
    });
  });

  it("refuses each missing field with spec 002 §5's sentence", () => {
    expect(messages({})).toEqual(
      expect.arrayContaining([
        NAME_REQUIRED_MESSAGE,
        SKILL_REQUIRED_MESSAGE,
        PROFILE_REQUIRED_MESSAGE,
        DATE_REQUIRED_MESSAGE,
        SEGMENTS_REQUIRED_MESSAGE,
      ]),
    );
    expect(messages({ ...good, name: "Spring!" })).toEqual([NAME_INVALID_MESSAGE]);
    // A clone's name (spec 002 §4) passes the dialog it opens in.
    expect(messages({ ...good, name: `Spring${CLONE_SUFFIX}` })).toEqual([]);
    expect(messages({ ...good, name: "---" })).toEqual([NAME_INVALID_MESSAGE]);
    expect(messages({ ...good, name: "   " })).toEqual([NAME_REQUIRED_MESSAGE]);
    expect(messages({ ...good, expireDate: "2001-01-01T00:00:00Z" })).toEqual([DATE_PAST_MESSAGE]);
    expect(messages({ ...good, expireDate: "soon" })).toEqual([DATE_REQUIRED_MESSAGE]);
  });

  it("holds 1 to 8 segments, each once, ratios 0-100 and not all 0", () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ segmentId: `s${i}` }));
    expect(messages({ ...good, segments: nine })).toEqual([SEGMENTS_MAX_MESSAGE]);
    expect(messages({ ...good, segments: nine.slice(0, 8) })).toEqual([]);
    expect(messages({ ...good, segments: [{ segmentId: "a" }, { segmentId: "a" }] })).toEqual([
      SEGMENT_TWICE_MESSAGE,
    ]);
    expect(messages({ ...good, segments: [{ segmentId: "a", segmentRatio: 101 }] })).toEqual([
      RATIO_INVALID_MESSAGE,
    ]);
    expect(messages({ ...good, segments: [{ segmentId: "a", segmentRatio: -1 }] })).toContain(
      RATIO_INVALID_MESSAGE,
    );
    expect(messages({ ...good, segments: [{ segmentId: "a", segmentRatio: 1.5 }] })).toEqual([
      RATIO_INVALID_MESSAGE,
    ]);
    const zeros = [
      { segmentId: "a", segmentRatio: 0 },
      { segmentId: "b", segmentRatio: 0 },
    ];
    expect(messages({ ...good, segments: zeros })).toEqual([ALL_RATIOS_ZERO_MESSAGE]);
    expect(messages({ ...good, segments: [zeros[0], { segmentId: "b", segmentRatio: 3 }] })).toEqual([]);
  });

  it("maps the exhaustion action to its flags and back; a month's expiry; shares in percent", () => {
    expect(exhaustionFlags("End Campaign")).toEqual({ stopOnCompletion: true, resetOnCompletion: false });
    expect(exhaustionFlags("Reset Campaign")).toEqual({ stopOnCompletion: false, resetOnCompletion: true });
    expect(exhaustionFlags("None")).toEqual({ stopOnCompletion: false, resetOnCompletion: false });
    for (const a of ["None", "End Campaign", "Reset Campaign"] as const)
      expect(exhaustionOf(exhaustionFlags(a))).toBe(a);
    expect(defaultExpiry(new Date("2026-01-15T10:00:00Z")).toISOString()).toBe("2026-02-15T10:00:00.000Z");
    expect(shareOf(1, [1, 3])).toBe(25);
    expect(shareOf(0, [0, 0])).toBe(0);
  });
});
