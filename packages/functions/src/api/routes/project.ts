import {
  ProjectChannelBody,
  ProjectChannelUpdated,
  ProjectCreateBody,
  ProjectCreated,
  ProjectDeleteBody,
  ProjectMessage,
} from "@reachcx/core/push/api";
import {
  createProject,
  deleteProject,
  PROJECT_DELETED,
  updateProjectChannel,
} from "@reachcx/core/push/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";
import { logPush } from "./mobile-configurations.ts";

const TAGS = ["Mobile applications"];

/**
 * The push project calls of spec 001 §7, with its paths and field names. A project is the tenant's once
 * created here (or by a new mobile application); another tenant's project id answers 404.
 */
export const project = new Hono<AuthVars>()
  .post(
    "/create",
    describeRoute({
      tags: TAGS,
      summary: "Create a push project: { name } -> { projectId }",
      responses: {
        200: jsonAnswer("The platform's project id", ProjectCreated),
        400: { description: "Invalid name, or 'Project could not be created'" },
      },
    }),
    valid("json", ProjectCreateBody),
    async (c) => c.json(await createProject(c.req.valid("json").name, logPush), 200),
  )
  .post(
    "/updateChannel",
    describeRoute({
      tags: TAGS,
      summary: "Set a project's Android (apiKey) or iOS (certificate, privateKey) channel",
      responses: {
        200: jsonAnswer("The channel as set", ProjectChannelUpdated),
        400: { description: "Invalid field, or the channel's 'could not be updated' sentence" },
        404: { description: "No such project of this tenant" },
      },
    }),
    valid("json", ProjectChannelBody),
    async (c) => c.json(await updateProjectChannel(c.req.valid("json"), logPush), 200),
  )
  .delete(
    "/delete",
    describeRoute({
      tags: TAGS,
      summary: "Delete a push project: { ApplicationId }",
      responses: {
        200: jsonAnswer("'Project Deleted'", ProjectMessage),
        400: { description: "'Unable to delete Project'" },
        404: { description: "No such project of this tenant" },
      },
    }),
    valid("json", ProjectDeleteBody),
    async (c) => {
      await deleteProject(c.req.valid("json").ApplicationId, logPush);
      return c.json({ message: PROJECT_DELETED }, 200);
    },
  );
