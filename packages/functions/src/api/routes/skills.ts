import { CampaignSkills, campaignSkills } from "@reachcx/core/campaign/skills";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { log } from "../../log.ts";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";

/** The client's failures, logged without credentials (the client logs kinds, statuses and call names only). */
const logCxone = (message: string, detail: Record<string, unknown>) => log.warn(message, { cxone: detail });

/** The skills the campaign dialog offers, from the tenant's own CXone connection. */
export const skills = new Hono<AuthVars>().get(
  "/",
  describeRoute({
    tags: ["Campaigns"],
    summary:
      "The tenant's CXone outbound Personal Connection skills (the campaign dialog's Skill select); empty when the platform cannot be reached",
    responses: { 200: jsonAnswer("The skills, by name", CampaignSkills) },
  }),
  async (c) => c.json({ items: await campaignSkills(logCxone) }, 200),
);
