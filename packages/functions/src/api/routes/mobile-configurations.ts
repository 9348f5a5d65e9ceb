import {
  MobileConfiguration,
  MobileConfigurationIdParam,
  MobileConfigurationListQuery,
  MobileConfigurationPage,
} from "@reachcx/core/push/api";
import {
  createMobileConfiguration,
  deleteMobileConfiguration,
  getMobileConfiguration,
  listMobileConfigurations,
  MobileConfigurationInput,
  MobileConfigurationUpdate,
  type PushLog,
  updateMobileConfiguration,
} from "@reachcx/core/push/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { log } from "../../log.ts";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** Platform failures, logged with the call and error name only (core never passes a credential). */
export const logPush: PushLog = (event, detail) => log.warn(event, { push: detail });

const TAGS = ["Mobile applications"];

/**
 * The tenant's mobile applications (spec 001 §7 listMobileConfigurations, getMobileConfiguration,
 * create/update/delete MobileConfiguration). Saving runs the whole flow of spec 001 §4 on the server:
 * the push project, the changed channels, then the record, undone on failure.
 */
export const mobileConfigurations = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: TAGS,
      summary: "The tenant's mobile applications, newest first: ?limit=&cursor=",
      responses: { 200: jsonAnswer("A page of mobile applications", MobileConfigurationPage) },
    }),
    valid("query", MobileConfigurationListQuery),
    async (c) => c.json(await listMobileConfigurations(c.req.valid("query")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: TAGS,
      summary: "Create a mobile application: its push project, the channels given, then the record",
      responses: {
        201: jsonAnswer("The mobile application created", MobileConfiguration),
        400: { description: "Invalid field, or the push platform refused a step (the spec's sentence)" },
      },
    }),
    valid("json", MobileConfigurationInput),
    async (c) => c.json(await createMobileConfiguration(c.req.valid("json"), logPush), 201),
  )
  .get(
    "/:id",
    describeRoute({
      tags: TAGS,
      summary: "One mobile application (credentials answered only as set or not)",
      responses: {
        200: jsonAnswer("The mobile application", MobileConfiguration),
        404: { description: "Not found" },
      },
    }),
    valid("param", MobileConfigurationIdParam),
    async (c) => c.json(await getMobileConfiguration(c.req.valid("param").id), 200),
  )
  .put(
    "/:id",
    describeRoute({
      tags: TAGS,
      summary: "Save a mobile application: changed channels on the platform, then the record",
      responses: {
        200: jsonAnswer("The mobile application as saved", MobileConfiguration),
        400: { description: "Invalid field, or the push platform refused a channel (the spec's sentence)" },
        404: { description: "Not found" },
      },
    }),
    valid("param", MobileConfigurationIdParam),
    valid("json", MobileConfigurationUpdate),
    async (c) =>
      c.json(await updateMobileConfiguration(c.req.valid("param").id, c.req.valid("json"), logPush), 200),
  )
  .delete(
    "/:id",
    describeRoute({
      tags: TAGS,
      summary: "Delete a mobile application and its push project",
      responses: {
        204: { description: "Deleted" },
        400: { description: "Unable to delete Project" },
        404: { description: "Not found" },
      },
    }),
    valid("param", MobileConfigurationIdParam),
    async (c) => {
      await deleteMobileConfiguration(c.req.valid("param").id, logPush);
      return c.body(null, 204);
    },
  );
