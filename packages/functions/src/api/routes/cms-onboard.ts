import {
  CloneVendorBody,
  CreateVendorBody,
  cloneVendor,
  completeApplication,
  createVendor,
  DeleteVendorBody,
  deleteVendor,
  FeesList,
  GatewayCredentialsBody,
  getFees,
  getVendor,
  listVendors,
  ModifyVendorIdBody,
  modifyVendorId,
  SavedFees,
  SaveFeesBody,
  saveFees,
  saveGatewayCredentials,
  startOnboarding,
  UpdateVendorBody,
  updateVendor,
  Vendor,
  VendorHistory,
  VendorIdBody,
  VendorIdParam,
  VendorPage,
  vendorHistory,
} from "@reachcx/core/onboarding/index";
import { PageQuery } from "@reachcx/core/paging";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

const tags = ["Merchant onboarding"];
const refused = { 403: { description: "Not a SuperAdmin" } };
const missing = { 404: { description: "Vendor {id} does not exist." } };
const conflict = {
  409: { description: "The onboarding is not at this step (or the step was already completed)" },
};

/**
 * The onboarding service (spec 003 §7.3) with its paths, SuperAdmin only (API_ACCESS). Vendors are
 * provider records; their onboarding runs as the onboarding workflow (core/src/workflows/onboarding.ts):
 * create-app starts (or resumes) it, save-fees, application-complete, nexio-token and update-vendor with
 * status Approved complete its human steps, history reads its execution.
 */
export const cmsOnboard = new Hono<AuthVars>()
  .get(
    "/get-vendors",
    describeRoute({
      tags,
      summary: "The vendors being onboarded, a page at a time (?limit=&cursor=; the table asks 10)",
      responses: { 200: jsonAnswer("A page of vendors", VendorPage), ...refused },
    }),
    valid("query", PageQuery),
    async (c) => c.json(await listVendors(c.req.valid("query")), 200),
  )
  .get(
    "/get-vendor/:id",
    describeRoute({
      tags,
      summary: "One vendor with its application, gateway username and workflow step",
      responses: { 200: jsonAnswer("The vendor", Vendor), ...refused, ...missing },
    }),
    valid("param", VendorIdParam),
    async (c) => c.json(await getVendor(c.req.valid("param").id), 200),
  )
  .post(
    "/create-vendor",
    describeRoute({
      tags,
      summary: "Create a vendor {id, name, contactName?, contactEmail?, cmsInfo?}; status SignUp",
      responses: {
        201: jsonAnswer("The vendor", Vendor),
        403: { description: "A vendor with that id already exists (or not a SuperAdmin)" },
      },
    }),
    valid("json", CreateVendorBody),
    async (c) => c.json(await createVendor(c.req.valid("json")), 201),
  )
  .put(
    "/modify-vendor-id",
    describeRoute({
      tags,
      summary: "Rename a vendor {oldId, newId, newName} before its onboarding starts",
      responses: {
        200: jsonAnswer("The vendor under its new id", Vendor),
        ...refused,
        ...missing,
        ...conflict,
      },
    }),
    valid("json", ModifyVendorIdBody),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(await modifyVendorId(body.oldId, body.newId, body.newName), 200);
    },
  )
  .put(
    "/update-vendor",
    describeRoute({
      tags,
      summary:
        "Update a vendor's name and contact; status Approved gives the final approval (the workflow sets every other status)",
      responses: { 200: jsonAnswer("The vendor", Vendor), ...refused, ...missing, ...conflict },
    }),
    valid("json", UpdateVendorBody),
    async (c) => c.json(await updateVendor(c.req.valid("json")), 200),
  )
  .put(
    "/delete-vendor",
    describeRoute({
      tags,
      summary: "Delete a vendor {id}: its onboarding is stopped, its pricing removed",
      responses: { 204: { description: "Deleted" }, ...refused, ...missing },
    }),
    valid("json", DeleteVendorBody),
    async (c) => {
      await deleteVendor(c.req.valid("json").id);
      return c.body(null, 204);
    },
  )
  .post(
    "/clone-vendor",
    describeRoute({
      tags,
      summary: "Copy a vendor {vendorId} as {id}-copy with its name, contact and pricing (not started)",
      responses: { 201: jsonAnswer("The copy", Vendor), ...refused, ...missing },
    }),
    valid("json", CloneVendorBody),
    async (c) => c.json(await cloneVendor(c.req.valid("json").vendorId), 201),
  )
  .get(
    "/get-fees/:id",
    describeRoute({
      tags,
      summary: "A vendor's pricing as items[0] (id, type, vmdPricing, amexPricing, fees); 404 while none",
      responses: { 200: jsonAnswer("The pricing", FeesList), ...refused, 404: { description: "No pricing" } },
    }),
    valid("param", VendorIdParam),
    async (c) => c.json(await getFees(c.req.valid("param").id), 200),
  )
  .post(
    "/save-fees",
    describeRoute({
      tags,
      summary:
        "Save a vendor's pricing {vendor, type, vmdPricing, amexPricing|null, fees, internalExempt}: spec minimums, 100 for percentages, two decimals; the workflow then updates the application and emails its link",
      responses: {
        200: jsonAnswer("The pricing row id", SavedFees),
        400: { description: "Please fix the highlighted fields (errors per field)" },
        ...refused,
        ...missing,
        ...conflict,
      },
    }),
    valid("json", SaveFeesBody),
    async (c) => c.json(await saveFees(c.req.valid("json")), 200),
  )
  .post(
    "/create-app",
    describeRoute({
      tags,
      summary:
        "Start the vendor's onboarding workflow {vendorId} (it opens the merchant-services application), or resume a failed one where it stopped",
      responses: {
        200: jsonAnswer("The vendor after the step ran", Vendor),
        ...refused,
        ...missing,
        ...conflict,
      },
    }),
    valid("json", VendorIdBody),
    async (c) => c.json(await startOnboarding(c.req.valid("json").vendorId), 200),
  )
  .post(
    "/application-complete",
    describeRoute({
      tags,
      summary: "Monitor Application: the merchant has submitted the application (checked with the partner)",
      responses: {
        200: jsonAnswer("The vendor", Vendor),
        400: { description: "Application must be completed before continuing" },
        ...refused,
        ...missing,
        ...conflict,
      },
    }),
    valid("json", VendorIdBody),
    async (c) => c.json(await completeApplication(c.req.valid("json").vendorId), 200),
  )
  .post(
    "/nexio-token",
    describeRoute({
      tags,
      summary:
        "Nexio Token {vendorId, username, password}: validated with the gateway's whoAmI and saved sealed (OnBoardComplete)",
      responses: {
        200: jsonAnswer("The vendor", Vendor),
        400: { description: "Invalid nexio credentials." },
        ...refused,
        ...missing,
        ...conflict,
      },
    }),
    valid("json", GatewayCredentialsBody),
    async (c) => c.json(await saveGatewayCredentials(c.req.valid("json")), 200),
  )
  .get(
    "/history/:id",
    describeRoute({
      tags,
      summary: "The vendor's onboarding execution history, oldest first (the preview's timeline)",
      responses: { 200: jsonAnswer("The history", VendorHistory), ...refused, ...missing },
    }),
    valid("param", VendorIdParam),
    async (c) => c.json(await vendorHistory(c.req.valid("param").id), 200),
  );
