import { exportCampaign, exportTargets } from "@reachcx/core/dialer/export";
import { ExportCampaignBody, ExportTargets } from "@reachcx/core/dialer/export-api";
import { Job } from "@reachcx/core/job/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/**
 * The Export dialog's call (spec 002 §7 POST /export/campaign): starts the campaign export job; and what
 * the dialog may offer (ours).
 */
export const exportRoutes = new Hono<AuthVars>()
  .get(
    "/campaign/targets",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "What the Export dialog may offer: SFTP when the tenant's SFTP export target is configured, S3 (a mailed link) when the caller has an email",
      responses: { 200: jsonAnswer("The export options open to the caller", ExportTargets) },
    }),
    async (c) => c.json(await exportTargets()),
  )
  .post(
    "/campaign",
    describeRoute({
      tags: ["Campaigns"],
      summary:
        "Export a campaign's list as CSV: SFTP sends it to the tenant's SFTP export target, S3 mails the caller a secured link (24 h)",
      responses: {
        202: jsonAnswer("The export job, queued; follow it at /api/jobs/{id}", Job),
        400: { description: "Neither option chosen, SFTP export not configured, or no email for the link" },
        404: { description: "No such campaign in the tenant" },
        409: { description: "The campaign is Pending (no list yet)" },
        429: { description: "The tenant already has 5 jobs queued or running" },
      },
    }),
    valid("json", ExportCampaignBody),
    async (c) => c.json(await exportCampaign(c.req.valid("json")), 202),
  );
