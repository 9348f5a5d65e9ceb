import { DISPOSITIONS, DispositionList } from "@reachcx/core/disposition/index";
import {
  createProfile,
  deleteProfile,
  getProfile,
  listPaymentProfiles,
  listProfiles,
  PaymentProfileList,
  Profile,
  ProfileBody,
  ProfileIdParam,
  ProfileListQuery,
  ProfilePage,
  updateProfile,
} from "@reachcx/core/profile/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** Dialing profiles (spec 002 §7 profileByTenant, getProfile, createProfile, updateProfile, deleteProfile). */
export const profiles = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Dialing profiles"],
      summary: "The tenant's dialing profiles, newest first: ?limit=&cursor= (the list asks 10)",
      responses: { 200: jsonAnswer("A page of dialing profiles", ProfilePage) },
    }),
    valid("query", ProfileListQuery),
    async (c) => c.json(await listProfiles(c.req.valid("query")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["Dialing profiles"],
      summary: "Create a dialing profile (omitted parts take the spec's defaults)",
      responses: { 201: jsonAnswer("The profile created", Profile) },
    }),
    valid("json", ProfileBody),
    async (c) => c.json(await createProfile(c.req.valid("json")), 201),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["Dialing profiles"],
      summary: "One dialing profile",
      responses: { 200: jsonAnswer("The profile", Profile), 404: { description: "Not found" } },
    }),
    valid("param", ProfileIdParam),
    async (c) => c.json(await getProfile(c.req.valid("param").id), 200),
  )
  .put(
    "/:id",
    describeRoute({
      tags: ["Dialing profiles"],
      summary: "Replace a dialing profile",
      responses: { 200: jsonAnswer("The profile as saved", Profile), 404: { description: "Not found" } },
    }),
    valid("param", ProfileIdParam),
    valid("json", ProfileBody),
    async (c) => c.json(await updateProfile(c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete(
    "/:id",
    describeRoute({
      tags: ["Dialing profiles"],
      summary:
        "Delete a dialing profile no campaign uses (409 'Cannot delete the profile. Campaigns are using it.')",
      responses: {
        204: { description: "Deleted" },
        404: { description: "Not found" },
        409: { description: "In use" },
      },
    }),
    valid("param", ProfileIdParam),
    async (c) => {
      await deleteProfile(c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

/** The disposition catalogue (spec 002 §3), for custom retries and reports. */
export const dispositions = new Hono<AuthVars>().get(
  "/",
  describeRoute({
    tags: ["Dialing profiles"],
    summary: "The disposition catalogue: code, name and the class the campaign engine acts on",
    responses: { 200: jsonAnswer("The catalogue", DispositionList) },
  }),
  (c) => c.json({ items: [...DISPOSITIONS] }, 200),
);

/** The tenant's payment profiles a non-voice channel may name (spec 003 §7.1 tenantPayProfiles). */
export const paymentProfiles = new Hono<AuthVars>().get(
  "/",
  describeRoute({
    tags: ["Dialing profiles"],
    summary: "The tenant's payment profiles: {items: [{id, name}]}",
    responses: { 200: jsonAnswer("The payment profiles", PaymentProfileList) },
  }),
  async (c) => c.json(await listPaymentProfiles(), 200),
);
