import {
  CacheCampaignParam,
  CacheCreateBody,
  CacheSkillParams,
  Campaign,
  CampaignForm,
  CampaignIdParam,
  CampaignListQuery,
  CampaignPage,
  createCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
} from "@reachcx/core/campaign/index";
import {
  CampaignOperationAnswer,
  type ConsoleOperation,
  runCampaignOperation,
} from "@reachcx/core/dialer/operations";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { log } from "../../log.ts";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

const refusals = {
  400: { description: "Invalid input (spec 002 §5 messages)" },
  404: { description: "Not found" },
  409: {
    description:
      "Not allowed in the campaign's status, its skill or segments are in use, or the CXone skill could not be started or stopped (spec 002 §8's message)",
  },
};

/** The client's failures, logged without credentials (the client logs kinds, statuses and call names only). */
const logCxone = (message: string, detail: Record<string, unknown>) => log.warn(message, { cxone: detail });

/** Runs a console operation (core/dialer/operations.ts) and answers the campaign with the skill call's outcome. */
async function operation(campaignId: string, op: ConsoleOperation, skillId?: number) {
  const { campaign, skill } = await runCampaignOperation(campaignId, op, { skillId, log: logCxone });
  if (!campaign) throw new Error(`campaign ${campaignId}: no campaign after ${op}`);
  return { ...campaign, skill };
}

/**
 * The tenant's campaigns (spec 002 §7 campaignsByTenant, createCampaign, updateCampaign, deleteCampaign).
 * A clone is a create of the clone dialog's form (the spec's save input omits the id on clone).
 */
export const campaigns = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Campaigns"],
      summary: "The tenant's campaigns, newest first: ?limit=&cursor= (the list asks 10)",
      responses: { 200: jsonAnswer("A page of campaigns", CampaignPage) },
    }),
    valid("query", CampaignListQuery),
    async (c) => c.json(await listCampaigns(c.req.valid("query")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "Create a Pending campaign: name, skillId, skillName, skillSource, campaignProfileId, expireDate, exhaustionAction, updatesEmail, static, sort, segments [{segmentId, segmentRatio}]",
      responses: { 201: jsonAnswer("The campaign created", Campaign), ...refusals },
    }),
    valid("json", CampaignForm),
    async (c) => c.json(await createCampaign(c.req.valid("json")), 201),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["Campaigns"],
      summary: "One campaign, with the row actions its status enables",
      responses: { 200: jsonAnswer("The campaign", Campaign), 404: { description: "Not found" } },
    }),
    valid("param", CampaignIdParam),
    async (c) => c.json(await getCampaign(c.req.valid("param").id), 200),
  )
  .put(
    "/:id",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "Save the dialog's form over a campaign (not Completed or Expired; an Active or Paused one keeps its skill and segments)",
      responses: { 200: jsonAnswer("The campaign as saved", Campaign), ...refusals },
    }),
    valid("param", CampaignIdParam),
    valid("json", CampaignForm),
    async (c) => c.json(await updateCampaign(c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete(
    "/:id",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "Delete a campaign; an Active one's CXone skill is stopped first, an Active or Paused one releases its skill and segments and its list with it",
      responses: { 204: { description: "Deleted" }, 404: { description: "Not found" } },
    }),
    valid("param", CampaignIdParam),
    async (c) => {
      await runCampaignOperation(c.req.valid("param").id, "delete", { log: logCxone });
      return c.body(null, 204);
    },
  );

/**
 * The dialer's campaign operations (spec 002 §7 REST calls, under /api/cache): each runs spec 002 §4's
 * sequence (core/dialer/operations.ts): the CXone skill stop or start first, then the status change and
 * the list-manager work. The answer is the campaign with the skill call's outcome for the toast.
 */
export const cache = new Hono<AuthVars>()
  .post(
    "/create",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "Start a Pending campaign (Pending -> Active) and build its list: refused if expired or if another Active or Paused campaign holds its skill or a segment; the driver starts the skill at its first feed",
      responses: {
        200: jsonAnswer("The campaign, Active, with the skill call's outcome", CampaignOperationAnswer),
        ...refusals,
      },
    }),
    valid("json", CacheCreateBody),
    async (c) => c.json(await operation(c.req.valid("json").campaignId, "start"), 200),
  )
  .post(
    "/pause/:campaignId/:skillId",
    describeRoute({
      tags: ["Campaigns"],
      summary: "Pause an Active campaign: stop its CXone skill, then Active -> Paused",
      responses: {
        200: jsonAnswer("The campaign, Paused, with the skill call's outcome", CampaignOperationAnswer),
        ...refusals,
      },
    }),
    valid("param", CacheSkillParams),
    async (c) => {
      const { campaignId, skillId } = c.req.valid("param");
      return c.json(await operation(campaignId, "pause", skillId), 200);
    },
  )
  .post(
    "/restart/:campaignId/:skillId",
    describeRoute({
      tags: ["Campaigns"],
      summary: "Restart a Paused campaign: start its CXone skill, then Paused -> Active",
      responses: {
        200: jsonAnswer("The campaign, Active, with the skill call's outcome", CampaignOperationAnswer),
        ...refusals,
      },
    }),
    valid("param", CacheSkillParams),
    async (c) => {
      const { campaignId, skillId } = c.req.valid("param");
      return c.json(await operation(campaignId, "restart", skillId), 200);
    },
  )
  .delete(
    "/delete/:campaignId/:skillId",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "End Campaign (terminate): an Active one's CXone skill is stopped, then an Active or Paused campaign becomes Completed and releases its skill and segments",
      responses: {
        200: jsonAnswer("The campaign, Completed, with the skill call's outcome", CampaignOperationAnswer),
        ...refusals,
      },
    }),
    valid("param", CacheSkillParams),
    async (c) => {
      const { campaignId, skillId } = c.req.valid("param");
      return c.json(await operation(campaignId, "terminate", skillId), 200);
    },
  )
  .post(
    "/reset/:campaignId",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "Reset an Active or Paused campaign's list (its status stays): an Active one's skill is stopped first and the driver starts it again on the rebuilt list",
      responses: {
        200: jsonAnswer("The campaign, with the skill call's outcome", CampaignOperationAnswer),
        ...refusals,
      },
    }),
    valid("param", CacheCampaignParam),
    async (c) => c.json(await operation(c.req.valid("param").campaignId, "reset"), 200),
  );
