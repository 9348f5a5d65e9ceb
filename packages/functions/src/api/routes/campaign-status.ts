import { campaignStatus, segmentBreakdown } from "@reachcx/core/dialer/status";
import {
  BreakdownAnswer,
  BreakdownBody,
  CampaignStatusAnswer,
  StatusBody,
} from "@reachcx/core/dialer/status-api";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

const refusals = {
  400: { description: "Invalid input" },
  404: { description: "No such campaign (or segment of it) in the tenant" },
};

/**
 * The Campaign Status and Segment breakdown dialogs' reads (spec 002 §7 /cache/status and
 * /cache/status-breakdown), mounted under /api/cache beside the campaign operations.
 */
export const cacheStatus = new Hono<AuthVars>()
  .post(
    "/status",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "A campaign's contacts by segment and state (fresh, inDialer, retry, callBack, alFresh, alRetry, completed), its totals and its rolling 30-day abandon rate",
      responses: { 200: jsonAnswer("The campaign's status", CampaignStatusAnswer), ...refusals },
    }),
    valid("json", StatusBody),
    async (c) => {
      const { campaignId, channel } = c.req.valid("json");
      return c.json(await campaignStatus(campaignId, channel), 200);
    },
  )
  .post(
    "/status-breakdown",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "One segment's retries and callbacks becoming ready in each of the next 24 hours (labelled at utcOffset, minutes east of UTC) and those ready now",
      responses: { 200: jsonAnswer("The segment's breakdown", BreakdownAnswer), ...refusals },
    }),
    valid("json", BreakdownBody),
    async (c) => c.json(await segmentBreakdown(c.req.valid("json")), 200),
  );
