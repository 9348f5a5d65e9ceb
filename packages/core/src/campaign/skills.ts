import * as v from "valibot";
import { cxoneClient } from "../cxone/client.ts";
import { type Logger, tenantSession } from "../cxone/index.ts";

/** One skill the campaign dialog offers (spec 002 Campaign dialog: shown as source-skillName). */
export const CampaignSkill = v.strictObject({
  skillId: v.number(),
  skillName: v.string(),
  skillSource: v.string(),
});
export type CampaignSkill = v.InferOutput<typeof CampaignSkill>;
export const CampaignSkills = v.strictObject({ items: v.array(CampaignSkill) });

/**
 * GET /api/skills: the signed-in tenant's outbound Personal Connection skills of media type 4, read from
 * its own CXone connection (spec 000 §7, the campaign editor's skill list), tagged NiC (spec 002 §3), in
 * name order. A tenant that cannot log in, or a platform that fails, gets an empty list, logged (spec 000
 * §8 fallback).
 */
export async function campaignSkills(log?: Logger): Promise<CampaignSkill[]> {
  const session = await tenantSession(log);
  if (!session) return [];
  const result = await cxoneClient(session, log).personalConnectionSkills();
  if (!result.ok) return [];
  return result.value
    .map((s) => ({ skillId: s.skillId, skillName: s.skillName, skillSource: s.source }))
    .sort((a, b) => a.skillName.localeCompare(b.skillName));
}
