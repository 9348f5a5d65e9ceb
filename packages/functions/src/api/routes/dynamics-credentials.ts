import { DynamicsCredentials } from "@reachcx/core/dynamics/api";
import { readDynamicsCredentials } from "@reachcx/core/dynamics/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";

/**
 * The Dynamics Credentials view (spec 000 §2), read-only: the wizard (/config/dynamics-configuration) and
 * the consent return are what write these fields.
 */
export const dynamicsCredentials = new Hono<AuthVars>().get(
  "/",
  describeRoute({
    tags: ["Dynamics"],
    summary: "The tenant's Dynamics connection, the app secret masked",
    responses: { 200: jsonAnswer("The six fields and whether a connection is set", DynamicsCredentials) },
  }),
  async (c) => c.json(await readDynamicsCredentials(), 200),
);
