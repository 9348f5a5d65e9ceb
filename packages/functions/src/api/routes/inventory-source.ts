import { InventorySource, InventorySourceInput } from "@reachcx/core/inventory-source/api";
import { readInventorySource, saveInventorySource } from "@reachcx/core/inventory-source/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** The inventory-control accordion of /config/inventory-source: where campaigns take their records. */
export const inventorySource = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Inventory source"],
      summary: "Where campaigns take the records they dial (ReachCX until saved)",
      responses: { 200: jsonAnswer("The source and whether Dynamics 365 can be chosen", InventorySource) },
    }),
    async (c) => c.json(await readInventorySource(), 200),
  )
  .put(
    "/",
    describeRoute({
      tags: ["Inventory source"],
      summary: "Choose ReachCX or Dynamics 365 (Dynamics 365 needs a Dynamics connection)",
      responses: {
        200: jsonAnswer("The source as saved", InventorySource),
        400: { description: "Not one of the two, or Dynamics 365 without a connection" },
      },
    }),
    valid("json", InventorySourceInput),
    async (c) => c.json(await saveInventorySource(c.req.valid("json")), 200),
  );
