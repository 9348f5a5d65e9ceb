import { useUser } from "@reachcx/core/actor/index";
import { streamChunks } from "@reachcx/core/csv/index";
import {
  addOrgDnc,
  checkDnc,
  DncAddBody,
  DncCheckAnswer,
  DncCheckBody,
  DncEntry,
  DncImportAnswer,
  DncListQuery,
  DncPage,
  DncPhoneParam,
  listDnc,
  loadDnc,
  removeOrgDnc,
} from "@reachcx/core/dnc/index";
import { VisibleError } from "@reachcx/core/error/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/**
 * The tenant's do-not-call lists (spec 000 DoNotCall; docs/compliance.md): search, add and remove org
 * numbers, import a CSV of them, and check a batch of numbers against every source.
 */
export const dnc = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Do not call"],
      summary: "The tenant's do-not-call entries in phone order: ?phone=<digits prefix>&limit=&cursor=",
      responses: { 200: jsonAnswer("A page of entries", DncPage) },
    }),
    valid("query", DncListQuery),
    async (c) => c.json(await listDnc(c.req.valid("query")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["Do not call"],
      summary: "Add a number to the org list: {phone, expiresAt?}",
      responses: { 201: jsonAnswer("The entry", DncEntry) },
    }),
    valid("json", DncAddBody),
    async (c) => c.json(await addOrgDnc(c.req.valid("json")), 201),
  )
  .post(
    "/check",
    describeRoute({
      tags: ["Do not call"],
      summary: "Which of up to 10,000 phones are listed, by which sources (expired entries excluded)",
      responses: {
        200: jsonAnswer("The listed phones and those that are not phone numbers", DncCheckAnswer),
      },
    }),
    valid("json", DncCheckBody),
    async (c) => c.json(await checkDnc(c.req.valid("json").phones), 200),
  )
  .post(
    "/import",
    describeRoute({
      tags: ["Do not call"],
      summary: "Import org numbers from a CSV file (text/csv body, the number in the first column)",
      requestBody: { content: { "text/csv": { schema: { type: "string" } } } },
      responses: { 200: jsonAnswer("Added, duplicates in the file, and each rejected row", DncImportAnswer) },
    }),
    async (c) => {
      if (!c.req.header("content-type")?.toLowerCase().startsWith("text/csv"))
        throw new VisibleError("input", "dnc.not_csv", "Send the file as text/csv.");
      const body = c.req.raw.body;
      if (!body) throw new VisibleError("input", "dnc.empty", "The file is empty.");
      const { rejectedCount: _, ...report } = await loadDnc(streamChunks(body), {
        source: "org",
        addedBy: `import:${useUser().email}`,
      });
      return c.json(report, 200);
    },
  )
  .delete(
    "/:phone",
    describeRoute({
      tags: ["Do not call"],
      summary: "Remove a number from the org list (state and national entries are their loaders')",
      responses: { 204: { description: "Removed" }, 404: { description: "Not on the org list" } },
    }),
    valid("param", DncPhoneParam),
    async (c) => {
      await removeOrgDnc(c.req.valid("param").phone);
      return c.body(null, 204);
    },
  );
