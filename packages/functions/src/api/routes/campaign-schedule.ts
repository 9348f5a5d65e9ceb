import { ScheduleAnswer, ScheduleRequest, scheduleCampaignEvent } from "@reachcx/core/campaign/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/**
 * The Scheduling dialog's call (spec 002 §7 /cache/create-schedule), mounted under /api/cache beside the
 * campaign operations: adds an event (one Scheduler schedule) or, with delete true, removes one.
 */
export const cacheSchedule = new Hono<AuthVars>().post(
  "/create-schedule",
  describeRoute({
    tags: ["Campaigns"],
    summary:
      "Add a scheduled event to a campaign (eventType campaignStatus with an action, or segmentRatio with per-segment ratios; days 0-6, time HH:mm in the event's timeZone), or remove one with delete true",
    responses: {
      200: jsonAnswer("The event's schedule ARN", ScheduleAnswer),
      400: { description: "Invalid input: 'Please fill out all fields', ratios" },
      403: { description: "The body names another tenant" },
      404: { description: "No such campaign or event in the tenant" },
      409: {
        description: "The campaign is Completed, the event id is taken, or the campaign changed meanwhile",
      },
    },
  }),
  valid("json", ScheduleRequest),
  async (c) => c.json(await scheduleCampaignEvent(c.req.valid("json")), 200),
);
