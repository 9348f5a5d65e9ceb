import {
  ConnectionDefaults,
  connectionDefaults,
  loginTenant,
  NicLogin,
  NicTestAnswer,
  NicTestBody,
  testConnection,
} from "@reachcx/core/cxone/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { log } from "../../log.ts";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** The client's failures, logged without credentials (the client logs kinds, statuses and call names only). */
const logCxone = (message: string, detail: Record<string, unknown>) => log.warn(message, { cxone: detail });

export const loginNic = new Hono<AuthVars>()
  .post(
    "/",
    describeRoute({
      tags: ["CXone"],
      summary: "Log the tenant in to CXone with its saved connection: the API base and a bearer token",
      responses: {
        200: jsonAnswer("The platform's API base and token", NicLogin),
        400: { description: "The saved connection is incomplete or the platform refused it" },
      },
    }),
    async (c) => {
      const session = await loginTenant(logCxone);
      return c.json(
        { api_endpoint: session.baseUri, token: session.token, expires_in: session.expiresIn },
        200,
      );
    },
  )
  .post(
    "/test",
    describeRoute({
      tags: ["CXone"],
      summary: "Test a CXone connection as entered (nothing is saved); the mask stands for the saved secret",
      responses: {
        200: jsonAnswer("Whether the platform accepted the credentials, with the toast", NicTestAnswer),
        400: { description: "Invalid field" },
      },
    }),
    valid("json", NicTestBody),
    async (c) => c.json(await testConnection(c.req.valid("json"), logCxone), 200),
  )
  .get(
    "/defaults",
    describeRoute({
      tags: ["CXone"],
      summary: "What the connection forms start with: the legacy token URL and the discovery domain",
      responses: { 200: jsonAnswer("The platform's defaults", ConnectionDefaults) },
    }),
    (c) => c.json(connectionDefaults(), 200),
  );
