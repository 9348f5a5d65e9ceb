import {
  FieldMapping,
  FieldMappingIdParam,
  FieldMappingListQuery,
  FieldMappingPage,
} from "@reachcx/core/field-mapping/api";
import {
  createFieldMapping,
  deleteFieldMapping,
  FieldMappingInput,
  getFieldMapping,
  listFieldMappings,
  updateFieldMapping,
} from "@reachcx/core/field-mapping/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** The tenant's field mappings (spec 001 §7 tenantMappings, getFieldsMapping, create/update/delete). */
export const fieldMappings = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Field mappings"],
      summary: "The tenant's field mappings, newest first: ?limit=&cursor=",
      responses: { 200: jsonAnswer("A page of field mappings", FieldMappingPage) },
    }),
    valid("query", FieldMappingListQuery),
    async (c) => c.json(await listFieldMappings(c.req.valid("query")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["Field mappings"],
      summary: "Create a field mapping",
      responses: { 201: jsonAnswer("The field mapping created", FieldMapping) },
    }),
    valid("json", FieldMappingInput),
    async (c) => c.json(await createFieldMapping(c.req.valid("json")), 201),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["Field mappings"],
      summary: "One field mapping",
      responses: { 200: jsonAnswer("The field mapping", FieldMapping), 404: { description: "Not found" } },
    }),
    valid("param", FieldMappingIdParam),
    async (c) => c.json(await getFieldMapping(c.req.valid("param").id), 200),
  )
  .put(
    "/:id",
    describeRoute({
      tags: ["Field mappings"],
      summary: "Replace a field mapping's name and rows",
      responses: { 200: jsonAnswer("The field mapping as saved", FieldMapping) },
    }),
    valid("param", FieldMappingIdParam),
    valid("json", FieldMappingInput),
    async (c) => c.json(await updateFieldMapping(c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete(
    "/:id",
    describeRoute({
      tags: ["Field mappings"],
      summary: "Delete a field mapping",
      responses: { 204: { description: "Deleted" } },
    }),
    valid("param", FieldMappingIdParam),
    async (c) => {
      await deleteFieldMapping(c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
