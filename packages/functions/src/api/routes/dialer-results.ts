import { getCampaign } from "@reachcx/core/campaign/index";
import { ContactResult, ResultOutcome } from "@reachcx/core/dialer/api";
import { applyResult } from "@reachcx/core/dialer/results";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/**
 * POST /api/dialer/results: the CXone platform's post of one attempt's outcome (docs/dialer.md Results),
 * one result a call as the Studio script makes it at the end of the call. The caller is the platform:
 * the tenant's API key in x-api-key names the tenant (the access gate's `platform` need), never the body;
 * a campaign or contact of another tenant is not found under it. A repeat of an applied attempt answers
 * what the first post did, with `repeated`.
 */
export const dialerResults = new Hono<AuthVars>().post(
  "/",
  describeRoute({
    tags: ["Dialer"],
    summary:
      "The platform posts one attempt's result: campaignId, contactId, attemptKey (the script's value parameter), disposition (a catalogue code), durationSec, agent, callbackAt, platformContactId",
    responses: {
      200: jsonAnswer(
        "What the result did to the contact (repeated: this attempt was applied before)",
        ResultOutcome,
      ),
      400: { description: "Invalid input, or a disposition code the catalogue does not have" },
      401: { description: "No x-api-key, or a key no tenant holds" },
      404: { description: "No such campaign or contact under the key's tenant" },
      409: { description: "The contact was not dispensed under that attempt key" },
      429: { description: "Too many wrong keys from the address; see Retry-After" },
    },
  }),
  valid("json", ContactResult),
  async (c) => {
    const result = c.req.valid("json");
    // The key's tenant must have the campaign: another tenant's is not found (404), as in the console.
    await getCampaign(result.campaignId);
    return c.json(await applyResult(result), 200);
  },
);
