import * as v from "valibot";
import {
  Campaign,
  type CampaignStatus,
  deleteCampaign,
  getCampaign,
  operateCampaign,
} from "../campaign/index.ts";
import { cxoneClient, type Logger, login, type SkillResult, storedCredentials } from "../cxone/index.ts";
import { type SkillAction, skillResultMessage } from "../cxone/skill-result.ts";
import { VisibleError } from "../error/index.ts";

/**
 * The one function every campaign button (POST /api/cache/*, DELETE /api/campaigns/{id}) and every
 * campaign schedule runs: spec 002 §4's operation sequences, the CXone skill start or stop first, then
 * the status change (operateCampaign / deleteCampaign, which also maintain the driver's registry and the
 * list). Start names no skill start: the driver starts the skill when it first feeds the campaign
 * (docs/decisions.md, Dialer).
 */

export const CONSOLE_OPERATIONS = ["start", "pause", "restart", "terminate", "reset", "delete"] as const;
export type ConsoleOperation = (typeof CONSOLE_OPERATIONS)[number];

/** The skill call an operation made: the platform's status and spec 002 §8's message for the toast. */
export const SkillOutcome = v.strictObject({
  status: v.nullable(v.number()),
  ok: v.boolean(),
  message: v.string(),
});

/** What the /cache routes answer: the campaign as it is now, and the skill call's outcome (or null). */
export const CampaignOperationAnswer = v.strictObject({
  ...Campaign.entries,
  skill: v.nullable(SkillOutcome),
});
export type CampaignOperationAnswer = v.InferOutput<typeof CampaignOperationAnswer>;

/** The skill call each operation makes before its status change, from which status (spec 002 §4). */
const SKILL_STEP: Record<ConsoleOperation, { action: SkillAction; from: CampaignStatus } | null> = {
  start: null,
  pause: { action: "stop", from: "Active" },
  restart: { action: "start", from: "Paused" },
  terminate: { action: "stop", from: "Active" },
  reset: { action: "stop", from: "Active" },
  delete: { action: "stop", from: "Active" },
};

/**
 * Starts or stops a skill with the tenant's own CXone connection. null when the tenant has no connection
 * configured (nothing on a platform to start or stop); a login that fails is the spec's Connection Error.
 */
export async function skillCall(
  action: SkillAction,
  skill: { skillId: number; skillName: string },
  log?: Logger,
): Promise<SkillResult | null> {
  const credentials = await storedCredentials();
  if (!credentials.ok) return null;
  const session = await login(credentials.value, log);
  if (!session.ok) {
    const status = session.error.kind === "refused" ? session.error.status : null;
    return { status, ok: false, message: skillResultMessage(action, skill.skillName, 401) };
  }
  const client = cxoneClient(session.value, log);
  return action === "start"
    ? client.startSkill(skill.skillId, skill.skillName)
    : client.stopSkill(skill.skillId, skill.skillName);
}

/**
 * Whether a skill call lets the operation go on: accepted (202); 409, the skill already in the state
 * asked for (a campaign whose list was still building never had its skill started); for a stop, 404,
 * the platform has no such skill, so nothing of it can be dialing (a campaign whose skill was removed
 * can still be paused, ended or deleted). Any other answer refuses the operation with the spec's
 * message, the campaign left as it was.
 */
export const skillCallPasses = (result: SkillResult | null, action: SkillAction = "start") =>
  result === null || result.ok || result.status === 409 || (action === "stop" && result.status === 404);

/**
 * Runs a console operation on a campaign of the signed-in tenant (or of the schedule's system actor).
 * `skillId`, when the call names one, must be the campaign's. The skill answer is returned for the toast;
 * the campaign is null after a delete.
 */
export async function runCampaignOperation(
  campaignId: string,
  op: ConsoleOperation,
  options: { skillId?: number; now?: Date; log?: Logger } = {},
): Promise<{ campaign: Campaign | null; skill: SkillResult | null }> {
  const current = await getCampaign(campaignId);
  const step = SKILL_STEP[op];
  let skill: SkillResult | null = null;
  if (step && current.status === step.from && current.skillId !== null) {
    if (options.skillId !== undefined && options.skillId !== current.skillId)
      // operateCampaign refuses it with its message; no skill is touched for a wrong id.
      return { campaign: await operate(campaignId, op, options), skill };
    skill = await skillCall(
      step.action,
      { skillId: current.skillId, skillName: current.skillName },
      options.log,
    );
    if (!skillCallPasses(skill, step.action))
      throw new VisibleError("conflict", `campaign.skill_${step.action}_failed`, skill?.message ?? "");
  }
  return { campaign: await operate(campaignId, op, options), skill };
}

async function operate(
  campaignId: string,
  op: ConsoleOperation,
  options: { skillId?: number; now?: Date },
): Promise<Campaign | null> {
  if (op === "delete") {
    await deleteCampaign(campaignId);
    return null;
  }
  return operateCampaign(campaignId, op, { skillId: options.skillId, now: options.now });
}
