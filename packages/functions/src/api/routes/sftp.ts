import { Job } from "@reachcx/core/job/index";
import {
  SftpExport,
  SftpImport,
  SftpImportIdParam,
  SftpImportListQuery,
  SftpImportPage,
  SftpProcessedFiles,
} from "@reachcx/core/sftp/api";
import {
  createSftpImport,
  deleteSftpImport,
  getSftpExport,
  getSftpImport,
  listSftpImports,
  processedFiles,
  SftpExportInput,
  SftpImportInput,
  saveSftpExport,
  updateSftpImport,
} from "@reachcx/core/sftp/index";
import { pollNow } from "@reachcx/core/sftp/poll";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

const tags = ["SFTP"];

/**
 * The tenant's SFTP import connections (spec 001 §7 ftpImportsByTenant, create/update/delete FtpImport),
 * secrets masked in every answer; a MASK sent back keeps the stored secret.
 */
export const sftpImports = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags,
      summary: "The tenant's SFTP import connections, newest first: ?limit=&cursor= (5 by default)",
      responses: { 200: jsonAnswer("A page of SFTP import connections, secrets masked", SftpImportPage) },
    }),
    valid("query", SftpImportListQuery),
    async (c) => c.json(await listSftpImports(c.req.valid("query")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags,
      summary: "Create an SFTP import connection",
      responses: { 201: jsonAnswer("The connection created, its secrets masked", SftpImport) },
    }),
    valid("json", SftpImportInput),
    async (c) => c.json(await createSftpImport(c.req.valid("json")), 201),
  )
  .get(
    "/:id",
    describeRoute({
      tags,
      summary: "One SFTP import connection",
      responses: {
        200: jsonAnswer("The connection, its secrets masked", SftpImport),
        404: { description: "Not found" },
      },
    }),
    valid("param", SftpImportIdParam),
    async (c) => c.json(await getSftpImport(c.req.valid("param").id), 200),
  )
  .put(
    "/:id",
    describeRoute({
      tags,
      summary: "Replace an SFTP import connection (a masked secret sent back keeps the stored one)",
      responses: { 200: jsonAnswer("The connection as saved, its secrets masked", SftpImport) },
    }),
    valid("param", SftpImportIdParam),
    valid("json", SftpImportInput),
    async (c) => c.json(await updateSftpImport(c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete(
    "/:id",
    describeRoute({
      tags,
      summary: "Delete an SFTP import connection",
      responses: { 204: { description: "Deleted" } },
    }),
    valid("param", SftpImportIdParam),
    async (c) => {
      await deleteSftpImport(c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .post(
    "/:id/poll",
    describeRoute({
      tags,
      summary:
        "Poll the import's folder now (as its 15-minute schedule does): new CSV files become import jobs",
      responses: {
        202: jsonAnswer("The poll job, queued; follow it at /api/jobs/{id}", Job),
        404: { description: "Not found" },
        409: { description: "A poll of this import is already queued or running" },
        429: { description: "The tenant already has 5 jobs queued or running" },
      },
    }),
    valid("param", SftpImportIdParam),
    async (c) => c.json(await pollNow(c.req.valid("param").id), 202),
  )
  .get(
    "/:id/files",
    describeRoute({
      tags,
      summary: "The newest 20 files the import took from its server (name, size, time, import job)",
      responses: {
        200: jsonAnswer("The files, newest first", SftpProcessedFiles),
        404: { description: "Not found" },
      },
    }),
    valid("param", SftpImportIdParam),
    async (c) => c.json({ items: await processedFiles(c.req.valid("param").id) }, 200),
  );

/** The tenant's one SFTP export target (spec 001 §3 export values, §5 "SFTP export"). */
export const sftpExport = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags,
      summary: "The SFTP export target (configured false and blank until first saved)",
      responses: { 200: jsonAnswer("The export form, its secrets masked", SftpExport) },
    }),
    async (c) => c.json(await getSftpExport(), 200),
  )
  .put(
    "/",
    describeRoute({
      tags,
      summary: "Save the SFTP export target (a masked secret sent back keeps the stored one)",
      responses: { 200: jsonAnswer("The export form as saved, its secrets masked", SftpExport) },
    }),
    valid("json", SftpExportInput),
    async (c) => c.json(await saveSftpExport(c.req.valid("json")), 200),
  );
