import { CustomFieldDef, CustomFieldList, CustomFieldNameParam } from "@reachcx/core/tenant/custom-field-api";
import { CustomFieldInput } from "@reachcx/core/tenant/custom-field-rules";
import { addCustomField, deleteCustomField, listCustomFields } from "@reachcx/core/tenant/custom-fields";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** The tenant's custom contact fields (spec 001 §2.2, §4, §5): list, add, delete. */
export const customFields = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Custom fields"],
      summary: "The tenant's custom contact fields",
      responses: { 200: jsonAnswer("The custom fields, in the order they were added", CustomFieldList) },
    }),
    async (c) => c.json({ items: await listCustomFields() }, 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["Custom fields"],
      summary: "Add a field: the name is the display name lower-cased, at least 3 characters and unique",
      responses: {
        201: jsonAnswer("The field added", CustomFieldDef),
        400: { description: "Too short, not unique, or an unknown type" },
      },
    }),
    valid("json", CustomFieldInput),
    async (c) => c.json(await addCustomField(c.req.valid("json")), 201),
  )
  .delete(
    "/:name",
    describeRoute({
      tags: ["Custom fields"],
      summary: "Remove a field; contacts keep their values",
      responses: { 204: { description: "Removed" }, 404: { description: "No such field" } },
    }),
    valid("param", CustomFieldNameParam),
    async (c) => {
      await deleteCustomField(c.req.valid("param").name);
      return c.body(null, 204);
    },
  );
