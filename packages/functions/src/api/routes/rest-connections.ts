import { Job } from "@reachcx/core/job/index";
import {
  RestConnection,
  RestConnectionIdParam,
  RestConnectionListQuery,
  RestConnectionPage,
  RestTestLog,
} from "@reachcx/core/rest-connection/api";
import {
  createRestConnection,
  deleteRestConnection,
  getRestConnection,
  listRestConnections,
  RestConnectionInput,
  RestTestInput,
  testRestRequest,
  updateRestConnection,
} from "@reachcx/core/rest-connection/index";
import { runRestConnection } from "@reachcx/core/rest-connection/pull";
import {
  getPullSchedule,
  PullSchedule,
  PullScheduleInput,
  setPullSchedule,
} from "@reachcx/core/rest-connection/pull-schedule";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

const tags = ["REST connections"];

/**
 * The tenant's REST connections (spec 001 §7 listRestConnections, getRestConnection, create/update/delete
 * RestConnection) and the Test (spec 001 §7 "Direct calls"), sent from the server under the outbound policy.
 */
export const restConnections = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags,
      summary: "The tenant's REST connections, newest first: ?limit=&cursor=",
      responses: { 200: jsonAnswer("A page of REST connections (list rows)", RestConnectionPage) },
    }),
    valid("query", RestConnectionListQuery),
    async (c) => c.json(await listRestConnections(c.req.valid("query")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags,
      summary: "Create a REST connection",
      responses: { 201: jsonAnswer("The connection created, its secrets masked", RestConnection) },
    }),
    valid("json", RestConnectionInput),
    async (c) => c.json(await createRestConnection(c.req.valid("json")), 201),
  )
  .post(
    "/test",
    describeRoute({
      tags,
      summary:
        "Send a connection's request (saved or as edited; id keeps its masked secrets) and answer the log entry",
      responses: { 200: jsonAnswer("The Test's log entry", RestTestLog) },
    }),
    valid("json", RestTestInput),
    async (c) => c.json(await testRestRequest(c.req.valid("json")), 200),
  )
  .get(
    "/:id",
    describeRoute({
      tags,
      summary: "One REST connection",
      responses: {
        200: jsonAnswer("The connection, its secrets masked", RestConnection),
        404: { description: "Not found" },
      },
    }),
    valid("param", RestConnectionIdParam),
    async (c) => c.json(await getRestConnection(c.req.valid("param").id), 200),
  )
  .put(
    "/:id",
    describeRoute({
      tags,
      summary: "Replace a REST connection (a masked secret sent back keeps the stored one)",
      responses: { 200: jsonAnswer("The connection as saved, its secrets masked", RestConnection) },
    }),
    valid("param", RestConnectionIdParam),
    valid("json", RestConnectionInput),
    async (c) => c.json(await updateRestConnection(c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete(
    "/:id",
    describeRoute({
      tags,
      summary: "Delete a REST connection",
      responses: { 204: { description: "Deleted" } },
    }),
    valid("param", RestConnectionIdParam),
    async (c) => {
      await deleteRestConnection(c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .post(
    "/:id/run",
    describeRoute({
      tags,
      summary: "Run now: pull the connection's contacts (all its pages) as a job",
      responses: {
        202: jsonAnswer("The pull job, queued; follow it at /api/jobs/{id}", Job),
        404: { description: "Not found" },
        409: { description: "The connection is disabled, or a pull of it is already queued or running" },
        429: { description: "The tenant already has 5 jobs queued or running" },
      },
    }),
    valid("param", RestConnectionIdParam),
    async (c) => c.json(await runRestConnection(c.req.valid("param").id), 202),
  )
  .get(
    "/:id/schedule",
    describeRoute({
      tags,
      summary: "How often the connection is pulled on its own (null: only with Run now)",
      responses: { 200: jsonAnswer("The pull schedule", PullSchedule), 404: { description: "Not found" } },
    }),
    valid("param", RestConnectionIdParam),
    async (c) => c.json(await getPullSchedule(c.req.valid("param").id), 200),
  )
  .put(
    "/:id/schedule",
    describeRoute({
      tags,
      summary: "Pull the connection every 15, 30, 60, 120, 240, 360, 720 or 1440 minutes, or never (null)",
      responses: {
        200: jsonAnswer("The pull schedule as set", PullSchedule),
        404: { description: "Not found" },
      },
    }),
    valid("param", RestConnectionIdParam),
    valid("json", PullScheduleInput),
    async (c) => c.json(await setPullSchedule(c.req.valid("param").id, c.req.valid("json")), 200),
  );
