import {
  cancelJob,
  getJob,
  Job,
  JobIdParam,
  JobListQuery,
  JobPage,
  JobReportLink,
  jobReportLink,
  listJobs,
} from "@reachcx/core/job/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/**
 * The tenant's long operations (core/job): imports now; pulls, bulk edits, campaign builds and exports
 * run as the same jobs. Progress also arrives live: every job write is a `{entity: "job"}` event on /live.
 */
export const jobs = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Jobs"],
      summary: "The tenant's jobs, newest first: ?limit=&cursor=",
      responses: { 200: jsonAnswer("A page of jobs", JobPage) },
    }),
    valid("query", JobListQuery),
    async (c) => c.json(await listJobs(c.req.valid("query")), 200),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["Jobs"],
      summary: "One job: state, counters, progress (done of total in its unit), message",
      responses: { 200: jsonAnswer("The job", Job), 404: { description: "Not found" } },
    }),
    valid("param", JobIdParam),
    async (c) => c.json(await getJob(c.req.valid("param").id), 200),
  )
  .post(
    "/:id/cancel",
    describeRoute({
      tags: ["Jobs"],
      summary:
        "Cancel a job: a queued one ends now; a running one stops at its next checkpoint, keeping what it did",
      responses: {
        200: jsonAnswer("The job (cancelled, or running with cancelRequested)", Job),
        404: { description: "Not found" },
        409: { description: "The job has already finished" },
      },
    }),
    valid("param", JobIdParam),
    async (c) => c.json(await cancelJob(c.req.valid("param").id), 200),
  )
  .get(
    "/:id/report",
    describeRoute({
      tags: ["Jobs"],
      summary: "A link that downloads the job's report (an import's rejected rows) for five minutes",
      responses: {
        200: jsonAnswer("The link, and when it stops working", JobReportLink),
        404: { description: "No such job, or it has no report" },
      },
    }),
    valid("param", JobIdParam),
    async (c) => c.json(await jobReportLink(c.req.valid("param").id), 200),
  );
