import {
  getOutboxMessage,
  listOutbox,
  OutboxIdParam,
  OutboxListQuery,
  OutboxMessage,
  OutboxPage,
} from "@reachcx/core/mail/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/**
 * The embedded outbox (core/mail): the mail the embedded Mail adapter kept instead of sending, the
 * tenant's own only. On AWS mail goes out through SES and both answer 404 outbox.embedded_only.
 */
export const outbox = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Outbox"],
      summary: "The tenant's kept mail, newest first (embedded mode): ?limit=&cursor=",
      responses: {
        200: jsonAnswer("A page of messages, without their bodies", OutboxPage),
        404: { description: "Not embedded mode: mail is delivered by SES, not kept" },
      },
    }),
    valid("query", OutboxListQuery),
    async (c) => c.json(await listOutbox(c.req.valid("query")), 200),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["Outbox"],
      summary: "One kept message with its text and HTML bodies (embedded mode)",
      responses: { 200: jsonAnswer("The message", OutboxMessage), 404: { description: "Not found" } },
    }),
    valid("param", OutboxIdParam),
    async (c) => c.json(await getOutboxMessage(c.req.valid("param").id), 200),
  );
