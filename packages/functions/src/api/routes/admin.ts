import { PageQuery } from "@reachcx/core/paging";
import { TenantPage } from "@reachcx/core/tenant/api";
import { listTenants } from "@reachcx/core/tenant/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** Provider administration (spec 003 §7.2): SuperAdmin only (API_ACCESS). */
export const admin = new Hono<AuthVars>().get(
  "/tenant",
  describeRoute({
    tags: ["Admin"],
    summary: "All tenants with their api key and licences (SuperAdmin only)",
    responses: { 200: jsonAnswer("A page of tenants", TenantPage), 403: { description: "Not a SuperAdmin" } },
  }),
  valid("query", PageQuery),
  async (c) => c.json(await listTenants(c.req.valid("query")), 200),
);
