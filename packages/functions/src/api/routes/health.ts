import { useEnv } from "@reachcx/core/env";
import { Health } from "@reachcx/core/health";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { jsonAnswer } from "../describe.ts";

export const health = new Hono().get(
  "/",
  describeRoute({
    tags: ["System"],
    summary: "Liveness; needs no token",
    responses: { 200: jsonAnswer("Serving", Health) },
  }),
  (c) => c.json({ status: "ok" as const, mode: useEnv().mode, time: new Date().toISOString() }, 200),
);
