import {
  getMappings,
  listProviders,
  MappingPhoneParam,
  MappingVerified,
  ProviderCheck,
  ProviderCheckInput,
  ProviderList,
  ProviderParam,
  ProviderSaved,
  ProviderSaveInput,
  SmsMappings,
  SmsMappingsInput,
  SmsMappingsSaved,
  SmsPointsOfContact,
  saveMappings,
  saveProvider,
  smsPointsOfContact,
  verifyMapping,
  verifyProvider,
} from "@reachcx/core/messaging/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { log } from "../../log.ts";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** Failures of provider checks and platform calls, logged with a reason or status, never a credential. */
const logMessaging = (message: string, detail: Record<string, unknown>) =>
  log.warn(message, { messaging: detail });

/**
 * Third-party messaging providers (spec 000 §2, §4, §7): one credential row per provider kind, its check
 * and its save. The tenant settings' icSMSProviderCredentials, reached only here.
 */
export const smsProviders = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Messaging"],
      summary: "One row per messaging provider: its stored credentials (secrets masked) and status",
      responses: { 200: jsonAnswer("The five provider rows, in the spec's order", ProviderList) },
    }),
    async (c) => c.json({ items: await listProviders() }, 200),
  )
  .put(
    "/:provider",
    describeRoute({
      tags: ["Messaging"],
      summary:
        "Save a provider's credentials. Saved verified, they are checked again; saved unverified, every verified mapping relying on them becomes unverified",
      responses: {
        200: jsonAnswer("The saved row, with how many mappings are no longer valid", ProviderSaved),
        400: {
          description: "A missing or invalid field, or the provider refused credentials saved as verified",
        },
      },
    }),
    valid("param", ProviderParam),
    valid("json", ProviderSaveInput),
    async (c) =>
      c.json(await saveProvider(c.req.valid("param").provider, c.req.valid("json"), logMessaging), 200),
  )
  .post(
    "/:provider/verify",
    describeRoute({
      tags: ["Messaging"],
      summary:
        "Check credentials as entered (the mask stands for the stored secret); nothing is saved. Twilio kinds: GET /v1/Credentials/PublicKeys with basic auth",
      responses: {
        200: jsonAnswer("Whether the provider accepted them, with the toast", ProviderCheck),
        400: { description: "A missing or invalid field" },
      },
    }),
    valid("param", ProviderParam),
    valid("json", ProviderCheckInput),
    async (c) =>
      c.json(
        await verifyProvider(c.req.valid("param").provider, c.req.valid("json").fields, logMessaging),
        200,
      ),
  );

/** The SMS number mappings (spec 000 §2, §4, §5): the tenant settings' icSMSMapping, reached only here. */
export const smsMappings = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Messaging"],
      summary: "Whether third-party SMS is enabled, and the number mappings (App Keys masked)",
      responses: { 200: jsonAnswer("The mappings", SmsMappings) },
    }),
    async (c) => c.json(await getMappings(), 200),
  )
  .put(
    "/",
    describeRoute({
      tags: ["Messaging"],
      summary:
        "Replace the mappings. A mapping stays verified only if it is saved unchanged and its provider still is",
      responses: {
        200: jsonAnswer("The mappings as saved, with the toast", SmsMappingsSaved),
        400: { description: "A missing field, a duplicate number or point of contact, or enabled with none" },
      },
    }),
    valid("json", SmsMappingsInput),
    async (c) => c.json(await saveMappings(c.req.valid("json")), 200),
  )
  .post(
    "/:phone/verify",
    describeRoute({
      tags: ["Messaging"],
      summary:
        "Verify the stored mapping of this number: its provider's credentials must exist and be verified",
      responses: {
        200: jsonAnswer("The mapping, now verified", MappingVerified),
        400: { description: "The provider's credentials don't exist or haven't been verified" },
        404: { description: "No mapping of this number" },
      },
    }),
    valid("param", MappingPhoneParam),
    async (c) => c.json(await verifyMapping(c.req.valid("param").phone), 200),
  );

/** The CXone points of contact a number can be mapped to (media type 3), for the mapping form. */
export const smsPointsOfContactRoute = new Hono<AuthVars>().get(
  "/",
  describeRoute({
    tags: ["Messaging"],
    summary: "The tenant's CXone SMS points of contact; empty when the platform cannot be reached",
    responses: { 200: jsonAnswer("The SMS points of contact", SmsPointsOfContact) },
  }),
  async (c) => c.json({ items: await smsPointsOfContact(logMessaging) }, 200),
);
