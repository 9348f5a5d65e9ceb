import { DownloadIdParam, DownloadLink, DownloadList } from "@reachcx/core/downloads/api";
import { downloadLink, listDownloads } from "@reachcx/core/downloads/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/** The CRM add-on packages (spec 000 §2 Downloads screen, §7 Downloads): the cards, and a fresh link each. */
export const downloads = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Downloads"],
      summary: "The two CRM add-on packages and whether each is available",
      responses: { 200: jsonAnswer("The packages, dialer first", DownloadList) },
    }),
    async (c) => c.json({ items: await listDownloads() }, 200),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["Downloads"],
      summary: "A link that downloads the package for five minutes",
      responses: {
        200: jsonAnswer("The link, and when it stops working", DownloadLink),
        404: { description: "No such package, or not uploaded yet" },
      },
    }),
    valid("param", DownloadIdParam),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await downloadLink(c.req.valid("param").id), 200);
    },
  );
