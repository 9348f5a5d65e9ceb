import { boundedArray } from "@reachcx/core/bounds";
import {
  addNote,
  ContactInput,
  ContactPatch,
  contactActivity,
  createContact,
  deleteContact,
  getContact,
  NoteInput,
  updateContact,
  upsertByExternalId,
} from "@reachcx/core/contact/index";
import { searchContacts } from "@reachcx/core/contact/search";
import { PageQuery } from "@reachcx/core/paging";
import { QueryNode, SortParam } from "@reachcx/core/search/schema";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import type { AuthVars } from "../auth.ts";
import { valid } from "../validate.ts";

const ListQuery = v.object({
  ...PageQuery.entries,
  search: v.optional(v.pipe(v.string(), v.maxLength(500, "The search is too long."))),
  sort: v.optional(SortParam),
});

const QueryBody = v.strictObject({
  query: v.nullable(QueryNode),
  sort: v.optional(
    boundedArray(
      v.strictObject({ field: v.pipe(v.string(), v.maxLength(100)), direction: v.picklist(["asc", "desc"]) }),
      5,
      "A query sorts by at most 5 fields.",
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1, "limit must be at least 1."),
      v.maxValue(500, "limit must be at most 500."),
    ),
  ),
  cursor: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2048)))),
});

const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });
const ExternalIdParam = v.object({ externalId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });

/** Contacts of the signed-in tenant (spec 003 §7.1 getContact/createContact/updateContact/deleteContact). */
export const contacts = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Contacts"],
      summary:
        'List and search: ?search= (+ AND, | OR, -not, "phrase", prefix*, parentheses)&sort=field:asc|desc&limit=&cursor=',
      responses: {
        200: { description: "{ items, total, nextCursor }" },
        400: { description: "Invalid search syntax" },
      },
    }),
    valid("query", ListQuery),
    async (c) => {
      const { search, sort, limit, cursor } = c.req.valid("query");
      return c.json(await searchContacts({ search, sort: sort ? [sort] : [], limit, cursor }), 200);
    },
  )
  .post(
    "/query",
    describeRoute({
      tags: ["Contacts"],
      summary: "Search with the typed query model (rule groups), as segments and bulk edit do",
      responses: { 200: { description: "{ items, total, nextCursor }" } },
    }),
    valid("json", QueryBody),
    async (c) => c.json(await searchContacts(c.req.valid("json")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["Contacts"],
      summary: "Create a contact",
      responses: { 201: { description: "Created" } },
    }),
    valid("json", ContactInput),
    async (c) => c.json(await createContact(c.req.valid("json")), 201),
  )
  .put(
    "/external/:externalId",
    describeRoute({
      tags: ["Contacts"],
      summary: "Create or change the contact with this externalId",
      responses: { 200: { description: "Stored" } },
    }),
    valid("param", ExternalIdParam),
    valid("json", ContactInput),
    async (c) => c.json(await upsertByExternalId(c.req.valid("param").externalId, c.req.valid("json")), 200),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["Contacts"],
      summary: "One contact",
      responses: { 200: { description: "Contact" }, 404: { description: "Not found" } },
    }),
    valid("param", IdParam),
    async (c) => c.json(await getContact(c.req.valid("param").id), 200),
  )
  .patch(
    "/:id",
    describeRoute({
      tags: ["Contacts"],
      summary: "Change a contact; null or empty clears a field",
      responses: { 200: { description: "Contact" } },
    }),
    valid("param", IdParam),
    valid("json", ContactPatch),
    async (c) => c.json(await updateContact(c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete(
    "/:id",
    describeRoute({
      tags: ["Contacts"],
      summary: "Delete a contact (records 'Contact Deleted')",
      responses: { 204: { description: "Deleted" } },
    }),
    valid("param", IdParam),
    async (c) => {
      await deleteContact(c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .get(
    "/:id/activity",
    describeRoute({
      tags: ["Contacts"],
      summary: "The contact's activity, newest first (page size 5)",
      responses: { 200: { description: "Activity" } },
    }),
    valid("param", IdParam),
    valid("query", PageQuery),
    async (c) => c.json(await contactActivity(c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .post(
    "/:id/notes",
    describeRoute({
      tags: ["Contacts"],
      summary: "Add a note to the contact's activity",
      responses: { 201: { description: "Note Created" } },
    }),
    valid("param", IdParam),
    valid("json", NoteInput),
    async (c) => c.json(await addNote(c.req.valid("param").id, c.req.valid("json")), 201),
  );
