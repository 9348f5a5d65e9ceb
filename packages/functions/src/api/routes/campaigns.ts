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
  deleteCampaign,
  getCampaign,
  listCampaigns,
  operateCampaign,
  updateCampaign,
} from "@reachcx/core/campaign/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

const refusals = {
  400: { description: "Invalid input (spec 002 §5 messages)" },
  404: { description: "Not found" },
  409: { description: "Not allowed in the campaign's status, or its skill or segments are in use" },
};

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
      summary: "Delete a campaign; an Active or Paused one releases its skill and segments with it",
      responses: { 204: { description: "Deleted" }, 404: { description: "Not found" } },
    }),
    valid("param", CampaignIdParam),
    async (c) => {
      await deleteCampaign(c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

/**
 * The dialer's campaign operations (spec 002 §7 REST calls, under /api/cache). Each moves the campaign
 * through the state machine and records the list-manager work it asks for; the list-manager engine and
 * the CXone skill start/stop are later slices of issue 13 (docs/decisions.md, Campaigns).
 */
export const cache = new Hono<AuthVars>()
  .post(
    "/create",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "Start a Pending campaign (Pending -> Active): refused if expired or if another Active or Paused campaign holds its skill or a segment",
      responses: { 200: jsonAnswer("The campaign, Active", Campaign), ...refusals },
    }),
    valid("json", CacheCreateBody),
    async (c) => c.json(await operateCampaign(c.req.valid("json").campaignId, "start"), 200),
  )
  .post(
    "/pause/:campaignId/:skillId",
    describeRoute({
      tags: ["Campaigns"],
      summary: "Pause an Active campaign (Active -> Paused)",
      responses: { 200: jsonAnswer("The campaign, Paused", Campaign), ...refusals },
    }),
    valid("param", CacheSkillParams),
    async (c) => {
      const { campaignId, skillId } = c.req.valid("param");
      return c.json(await operateCampaign(campaignId, "pause", { skillId }), 200);
    },
  )
  .post(
    "/restart/:campaignId/:skillId",
    describeRoute({
      tags: ["Campaigns"],
      summary: "Restart a Paused campaign (Paused -> Active)",
      responses: { 200: jsonAnswer("The campaign, Active", Campaign), ...refusals },
    }),
    valid("param", CacheSkillParams),
    async (c) => {
      const { campaignId, skillId } = c.req.valid("param");
      return c.json(await operateCampaign(campaignId, "restart", { skillId }), 200);
    },
  )
  .delete(
    "/delete/:campaignId/:skillId",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "End Campaign (terminate): an Active or Paused campaign becomes Completed and releases its skill and segments",
      responses: { 200: jsonAnswer("The campaign, Completed", Campaign), ...refusals },
    }),
    valid("param", CacheSkillParams),
    async (c) => {
      const { campaignId, skillId } = c.req.valid("param");
      return c.json(await operateCampaign(campaignId, "terminate", { skillId }), 200);
    },
  )
  .post(
    "/reset/:campaignId",
    describeRoute({
      tags: ["Campaigns"],
      summary: "Reset an Active or Paused campaign's list (its status stays)",
      responses: { 200: jsonAnswer("The campaign", Campaign), ...refusals },
    }),
    valid("param", CacheCampaignParam),
    async (c) => c.json(await operateCampaign(c.req.valid("param").campaignId, "reset"), 200),
  );
