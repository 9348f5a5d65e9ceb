import { FieldMappingListQuery, FieldMappingPage } from "@reachcx/core/field-mapping/api";
import { listFieldMappings } from "@reachcx/core/field-mapping/index";
import { ImportBody, startImport, UploadUrl, UploadUrlBody, uploadUrl } from "@reachcx/core/import/index";
import { Job } from "@reachcx/core/job/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/**
 * The contact import (spec 003 §2.4, §4, §7.2 POST /contacts/import): the browser asks for an upload link,
 * PUTs the CSV to it (never through the API), then starts the import, which runs as a job.
 */
export const contactImport = new Hono<AuthVars>()
  .get(
    "/mappings",
    describeRoute({
      tags: ["Import"],
      summary:
        "The field mappings an import can use (the /import picker), for Inventory Management users: ?limit=&cursor=",
      responses: { 200: jsonAnswer("A page of field mappings", FieldMappingPage) },
    }),
    valid("query", FieldMappingListQuery),
    async (c) => c.json(await listFieldMappings(c.req.valid("query")), 200),
  )
  .post(
    "/upload-url",
    describeRoute({
      tags: ["Import"],
      summary:
        "A link to PUT a CSV to (contacts/{snake_case name} under the tenant, up to 250 MB, 15 minutes): {fileName, size}",
      responses: {
        200: jsonAnswer("The upload link, and the contactsUrl to start the import with", UploadUrl),
        400: { description: "'File is not of the correct type', an empty or too large file" },
        409: { description: "A file of that name is being imported now" },
      },
    }),
    valid("json", UploadUrlBody),
    async (c) => c.json(await uploadUrl(c.req.valid("json")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["Import"],
      summary:
        "Start importing an uploaded CSV with a field mapping: {contactsUrl, fieldMapping}; answers the job at once",
      responses: {
        202: jsonAnswer("The import job, queued; follow it at /api/jobs/{id} or on /live", Job),
        400: { description: "No uploaded file, an unknown mapping, a mapping naming a deleted custom field" },
        429: { description: "The tenant already has 5 jobs queued or running" },
      },
    }),
    valid("json", ImportBody),
    async (c) => c.json(await startImport(c.req.valid("json")), 202),
  );
