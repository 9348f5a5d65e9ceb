import { PageQuery } from "@reachcx/core/paging";
import { listTenants } from "@reachcx/core/tenant/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { valid } from "../validate.ts";

/** Provider administration (spec 003 §7.2). Mounted behind requireUser + requireSuperAdmin. */
export const admin = new Hono<AuthVars>().get(
  "/tenant",
  describeRoute({
    tags: ["Admin"],
    summary: "All tenants with their api key and licences (SuperAdmin only)",
    responses: { 200: { description: "Tenants" }, 403: { description: "Not a SuperAdmin" } },
  }),
  valid("query", PageQuery),
  async (c) => c.json(await listTenants(c.req.valid("query")), 200),
);
