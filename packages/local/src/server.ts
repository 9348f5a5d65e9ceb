import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { LIVE_PATH } from "@reachcx/core/realtime/index";
import { type ConsolePolicyOptions, consoleHeaders } from "@reachcx/core/web/headers";
import { apiNotFound, createApi } from "@reachcx/functions/api/app";
import { Hono } from "hono";
import { BLOB_PATH, type DirectoryBlobs } from "./blobs.ts";

/**
 * One port: the API under /api, the live feed's WebSocket on LIVE_PATH (its upgrade is taken by
 * attachLive in realtime.ts before this app sees it) and the built console for every other path, the
 * console with the same security headers CloudFront adds on AWS.
 */
export function createServerApp(options: {
  webDist: string;
  policy?: ConsolePolicyOptions;
  blobs?: DirectoryBlobs;
}) {
  const api = createApi();
  const app = new Hono();
  app.route("/", api);
  const { blobs } = options;
  // Download links of the embedded Blobs (blobs.ts): the link is the permission, as a presigned S3 URL is.
  if (blobs)
    app.get(`${BLOB_PATH}/*`, async (c) => {
      const key = c.req.path.slice(BLOB_PATH.length + 1);
      const opened = await blobs.open(key, c.req.query());
      const headers = { "cache-control": "private, no-store" };
      if (!opened.ok)
        return opened.why === "missing"
          ? c.text("This file is no longer available.", 404, headers)
          : c.text("This download link has expired or is not valid.", 403, headers);
      return c.body(opened.body.slice().buffer, 200, {
        ...headers,
        "content-type": key.endsWith(".zip") ? "application/zip" : "application/octet-stream",
        "content-disposition": `attachment; filename="${opened.fileName.replace(/[^A-Za-z0-9_.-]/g, "_")}"`,
        "x-content-type-options": "nosniff",
      });
    });
  // Upload links of the embedded Blobs (an import's CSV): signed like a presigned S3 PUT, size included.
  if (blobs)
    app.put(`${BLOB_PATH}/*`, async (c) => {
      const key = c.req.path.slice(BLOB_PATH.length + 1);
      const body = c.req.raw.body as AsyncIterable<Uint8Array> | null;
      const stored = await blobs.accept(key, c.req.query(), {
        contentType: c.req.header("content-type"),
        body,
      });
      const headers = { "cache-control": "no-store" };
      if (stored.ok) return c.body(null, 200, headers);
      return stored.why === "size"
        ? c.text("The upload is not the size its link was made for.", 400, headers)
        : c.text("This upload link has expired or is not valid.", 403, headers);
    });
  app.get(LIVE_PATH, (c) => c.text("The live feed speaks WebSocket only.", 426, { upgrade: "websocket" }));
  const headers = consoleHeaders(options.policy);
  app.use("*", async (c, next) => {
    await next();
    if (isApi(c.req.path)) return;
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
  const root = relative(process.cwd(), options.webDist) || ".";
  app.use("*", serveStatic({ root }));
  const index = join(options.webDist, "index.html");
  app.get("*", async (c) => {
    if (isApi(c.req.path)) return apiNotFound(c);
    if (!existsSync(index))
      return c.text("The console has not been built: run `npm run build:web` (npm start does it).", 503);
    return c.html(await readFile(index, "utf8"));
  });
  app.notFound((c) => (isApi(c.req.path) ? apiNotFound(c) : c.text("Not found", 404)));
  return app;
}

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");
