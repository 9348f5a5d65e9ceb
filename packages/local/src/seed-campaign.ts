import { withActor } from "@reachcx/core/actor/index";
import { type CampaignForm, createCampaign, defaultExpiry } from "@reachcx/core/campaign/index";
import { useStore } from "@reachcx/core/env";
import { createProfile, newProfile, type ProfileBody } from "@reachcx/core/profile/index";
import { group } from "@reachcx/core/search/ast";
import { createSegment, type SegmentBody } from "@reachcx/core/segment/index";
import { SIMULATED_UNITS } from "./simulators/cxone-data.ts";

/**
 * acme's demo campaign (issue 13 item 9): a dialing profile, two segments over the contacts
 * `npm run generate` loads (their states and time zones: generate/data.ts PLACES), and a Pending campaign
 * on acme's simulated outbound collections skill, ready to start. Fixed ids, each created only when
 * missing, through core's create paths (the campaign's through the profile usage transaction, so the
 * profile's campaign count is right).
 */
export const DEMO_CAMPAIGN = {
  tenant: "acme",
  profileId: "demo-profile-collections",
  segmentIds: { eastern: "demo-segment-eastern", texasCalifornia: "demo-segment-tx-ca" },
  campaignId: "demo-campaign-collections",
  skillId: 4100001,
} as const;

const rule = (field: string, value: string) => ({
  type: "rule" as const,
  field,
  operator: "eq" as const,
  value,
});

/** The page's defaults (newProfile) with the demo's choices. */
const PROFILE: ProfileBody = {
  ...newProfile(),
  name: "Demo Collections",
  // Collections calls: scrub against every do-not-call list, cell phones (TCPA) and duplicate numbers.
  scrubber: { cell: true, natDnc: true, stateDnc: true, orgDnc: true, phoneDup: true, contactDup: false },
  channels: [{ type: "Voice", retryDelay: 60, maxAttempts: 3, maxContacts: 1 }],
};

const SEGMENTS: { id: string; body: SegmentBody; ratio: number }[] = [
  {
    id: DEMO_CAMPAIGN.segmentIds.eastern,
    body: {
      name: "Eastern time zone",
      description: "Demo: contacts in the Eastern time zone (New York, Boston, Atlanta, Miami, Charlotte).",
      query: group("and", [rule("timeZone", "Eastern")]),
      sort: { field: "lastName", direction: "asc" },
    },
    ratio: 2,
  },
  {
    id: DEMO_CAMPAIGN.segmentIds.texasCalifornia,
    body: {
      name: "Texas and California",
      description: "Demo: contacts in Texas or California.",
      query: group("or", [rule("state", "TX"), rule("state", "CA")]),
      sort: null,
    },
    ratio: 1,
  },
];

/** Seeds acme's demo campaign; whatever already exists (a restart, a seed cut short) is left as it is. */
export async function seedDemoCampaign(now = new Date()) {
  const { tenant, profileId, campaignId, skillId } = DEMO_CAMPAIGN;
  const skill = SIMULATED_UNITS[0]?.skills.find((s) => s.skillId === skillId);
  if (!skill) throw new Error(`The CXone simulator has no skill ${skillId} for ${tenant}.`);
  await withActor({ type: "system", tenant }, async () => {
    const { entities } = useStore();
    if (!(await entities.profile.get({ tenant, id: profileId }).go()).data)
      await createProfile(PROFILE, profileId);
    for (const segment of SEGMENTS)
      if (!(await entities.segment.get({ tenant, id: segment.id }).go()).data)
        await createSegment(segment.body, segment.id);
    if ((await entities.campaign.get({ tenant, id: campaignId }).go()).data) return;
    const form: CampaignForm = {
      name: "Demo Collections",
      skillId: skill.skillId,
      skillName: skill.skillName,
      skillSource: "NiC",
      campaignProfileId: profileId,
      expireDate: defaultExpiry(now).toISOString(),
      exhaustionAction: "End Campaign",
      updatesEmail: "",
      static: false,
      sort: false,
      segments: SEGMENTS.map((s) => ({ segmentId: s.id, segmentRatio: s.ratio })),
    };
    await createCampaign(form, campaignId);
  });
}
