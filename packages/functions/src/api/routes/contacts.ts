import {
  Activity,
  ActivityPage,
  Contact,
  ContactPage,
  ExternalIdParam,
  IdParam,
  ListQuery,
  QueryBody,
} from "@reachcx/core/contact/api";
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
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** Contacts of the signed-in tenant (spec 003 §7.1 getContact/createContact/updateContact/deleteContact). */
export const contacts = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Contacts"],
      summary:
        'List and search: ?search= (+ AND, | OR, -not, "phrase", prefix*, parentheses)&sort=field:asc|desc&limit=&cursor=',
      responses: {
        200: jsonAnswer("A page of contacts and how many match", ContactPage),
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
      responses: { 200: jsonAnswer("A page of contacts and how many match", ContactPage) },
    }),
    valid("json", QueryBody),
    async (c) => c.json(await searchContacts(c.req.valid("json")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["Contacts"],
      summary: "Create a contact",
      responses: { 201: jsonAnswer("The contact created", Contact) },
    }),
    valid("json", ContactInput),
    async (c) => c.json(await createContact(c.req.valid("json")), 201),
  )
  .put(
    "/external/:externalId",
    describeRoute({
      tags: ["Contacts"],
      summary: "Create or change the contact with this externalId",
      responses: { 200: jsonAnswer("The contact as stored", Contact) },
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
      responses: { 200: jsonAnswer("The contact", Contact), 404: { description: "Not found" } },
    }),
    valid("param", IdParam),
    async (c) => c.json(await getContact(c.req.valid("param").id), 200),
  )
  .patch(
    "/:id",
    describeRoute({
      tags: ["Contacts"],
      summary: "Change a contact; null or empty clears a field",
      responses: { 200: jsonAnswer("The contact as changed", Contact) },
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
      responses: { 200: jsonAnswer("A page of the activity", ActivityPage) },
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
      responses: { 201: jsonAnswer("The Note activity created", Activity) },
    }),
    valid("param", IdParam),
    valid("json", NoteInput),
    async (c) => c.json(await addNote(c.req.valid("param").id, c.req.valid("json")), 201),
  );
