import { BulkDeleteBody, BulkEditBody, startBulkDelete, startBulkEdit } from "@reachcx/core/bulk-edit/index";
import { Job } from "@reachcx/core/job/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/**
 * Bulk edit and bulk delete (spec 003 §7.2): the query selects the contacts when the job starts; the
 * answer is the job (GET /api/jobs/{id}, live on /live), whose counters are successful and error.
 */
export const bulkEdit = new Hono<AuthVars>()
  .post(
    "/edit",
    describeRoute({
      tags: ["Bulk edit"],
      summary:
        "Set one field (updateField, a contact field or custom:{name}) to updateValue on every contact the query matches, as a job",
      responses: {
        202: jsonAnswer("The bulk-edit job, queued", Job),
        400: { description: "No rule in the query, no field name, or a value that does not fit the field" },
        429: { description: "The tenant already has its limit of jobs queued or running" },
      },
    }),
    valid("json", BulkEditBody),
    async (c) => c.json(await startBulkEdit(c.req.valid("json")), 202),
  )
  .delete(
    "/delete",
    describeRoute({
      tags: ["Bulk edit"],
      summary: "Delete every contact the query matches, as a job ('Contact Deleted' activity per contact)",
      responses: {
        202: jsonAnswer("The bulk-delete job, queued", Job),
        400: { description: "No rule in the query" },
        429: { description: "The tenant already has its limit of jobs queued or running" },
      },
    }),
    valid("json", BulkDeleteBody),
    async (c) => c.json(await startBulkDelete(c.req.valid("json")), 202),
  );
