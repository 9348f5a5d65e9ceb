import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Env, Hono, Schema } from "hono";
import { openAPIRouteHandler } from "hono-openapi";

const require = createRequire(import.meta.url);
const ASSETS = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
} as const;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ReachCX API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/api/docs/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#ui", persistAuthorization: true });</script>
</body></html>`;

/**
 * The OpenAPI document generated from the route schemas (/api/openapi.json) and an interactive page
 * (/api/docs) served from the swagger-ui-dist package, so it works with no internet.
 */
export function docs<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>) {
  app.get(
    "/openapi.json",
    openAPIRouteHandler(app, {
      documentation: {
        info: {
          title: "ReachCX console API",
          version: "1.0.0",
          description:
            "Every route except /api/health and /api/auth/sign-in|sign-up needs `Authorization: Bearer <token>` " +
            "and the tenant's api key in `x-api-key`. Errors are RFC 9457 problem+json with an `errors` list.",
        },
        components: {
          securitySchemes: {
            bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
            apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
          },
        },
        security: [{ bearer: [], apiKey: [] }],
      },
    }),
  );
  app.get("/docs", (c) => c.html(PAGE));
  app.get("/docs/:asset", async (c) => {
    const asset = c.req.param("asset") as keyof typeof ASSETS;
    if (!(asset in ASSETS)) return c.notFound();
    const body = await readFile(require.resolve(`swagger-ui-dist/${asset}`));
    return c.body(body, 200, { "content-type": ASSETS[asset], "cache-control": "public, max-age=86400" });
  });
}
