import { TenantSettings } from "@reachcx/core/tenant/api";
import { readSettings, TenantSettingsPatch, updateSettings } from "@reachcx/core/tenant/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

export const tenantSettings = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Tenant settings"],
      summary: "The signed-in tenant's settings (credentials masked)",
      responses: { 200: jsonAnswer("The settings, credentials masked", TenantSettings) },
    }),
    async (c) => c.json(await readSettings(), 200),
  )
  .patch(
    "/",
    describeRoute({
      tags: ["Tenant settings"],
      summary: "Change some of the tenant's settings; null or empty clears a field, the mask keeps a secret",
      responses: {
        200: jsonAnswer("The settings as changed, credentials masked", TenantSettings),
        400: { description: "Invalid field" },
      },
    }),
    valid("json", TenantSettingsPatch),
    async (c) => c.json(await updateSettings(c.req.valid("json")), 200),
  );
