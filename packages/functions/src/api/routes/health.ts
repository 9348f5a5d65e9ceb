import { useEnv } from "@reachcx/core/env";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";

export const health = new Hono().get(
  "/",
  describeRoute({
    tags: ["System"],
    summary: "Liveness; needs no token",
    responses: { 200: { description: "Serving" } },
  }),
  (c) => c.json({ status: "ok" as const, mode: useEnv().mode, time: new Date().toISOString() }, 200),
);
