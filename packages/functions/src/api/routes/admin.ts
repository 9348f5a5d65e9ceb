import { PageQuery } from "@reachcx/core/paging";
import { adminCreateTenant, adminUpdateTenant, setTenantStatus } from "@reachcx/core/tenant/admin";
import { TenantBody, TenantIdParam } from "@reachcx/core/tenant/admin-schema";
import { TenantListItem, TenantPage } from "@reachcx/core/tenant/api";
import { listTenants } from "@reachcx/core/tenant/index";
import { CreatedUser, CreateUser, createUser } from "@reachcx/core/user/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

const tags = ["Admin"];

/** Provider administration (spec 003 §2.9, §7.2): SuperAdmin only (API_ACCESS "provider"). */
export const admin = new Hono<AuthVars>()
  .get(
    "/tenant",
    describeRoute({
      tags,
      summary: "All tenants with their api key and licences (SuperAdmin only)",
      responses: {
        200: jsonAnswer("A page of tenants", TenantPage),
        403: { description: "Not a SuperAdmin" },
      },
    }),
    valid("query", PageQuery),
    async (c) => c.json(await listTenants(c.req.valid("query")), 200),
  )
  .post(
    "/tenant",
    describeRoute({
      tags,
      summary: "Create a tenant: tenantId, licenses, optional name; its api key is generated",
      responses: {
        201: jsonAnswer("The tenant created", TenantListItem),
        400: { description: "A rule of spec 003 §5 Tenant is broken" },
        409: { description: "A tenant with this id exists already" },
      },
    }),
    valid("json", TenantBody),
    async (c) => c.json(await adminCreateTenant(c.req.valid("json")), 201),
  )
  .put(
    "/tenant",
    describeRoute({
      tags,
      summary: "Edit a tenant: its licences (and name) by tenantId; they apply from its users' next request",
      responses: {
        200: jsonAnswer("The tenant as saved", TenantListItem),
        400: { description: "A rule of spec 003 §5 Tenant is broken" },
        404: { description: "No such tenant" },
      },
    }),
    valid("json", TenantBody),
    async (c) => c.json(await adminUpdateTenant(c.req.valid("json")), 200),
  )
  .post(
    "/tenant/:id/disable",
    describeRoute({
      tags,
      summary: "Disable a tenant: its users cannot sign in, its tokens, api key and schedules stop working",
      responses: {
        200: jsonAnswer("The tenant, now Disabled", TenantListItem),
        400: { description: "The provider tenant cannot be disabled" },
        404: { description: "No such tenant" },
      },
    }),
    valid("param", TenantIdParam),
    async (c) => c.json(await setTenantStatus(c.req.valid("param").id, "Disabled"), 200),
  )
  .post(
    "/tenant/:id/enable",
    describeRoute({
      tags,
      summary: "Enable a disabled tenant again",
      responses: {
        200: jsonAnswer("The tenant, now Active", TenantListItem),
        404: { description: "No such tenant" },
      },
    }),
    valid("param", TenantIdParam),
    async (c) => c.json(await setTenantStatus(c.req.valid("param").id, "Active"), 200),
  )
  .post(
    "/user",
    describeRoute({
      tags,
      summary:
        "Create a user of a tenant with a temporary password; the first sign-in asks for a new one (NEW_PASSWORD_REQUIRED)",
      responses: {
        201: jsonAnswer("The user created", CreatedUser),
        400: { description: "A rule of spec 003 §5 Create User is broken" },
        404: { description: "No such tenant" },
        409: { description: "A user with this email exists already" },
      },
    }),
    valid("json", CreateUser),
    async (c) => c.json(await createUser(c.req.valid("json")), 201),
  );
