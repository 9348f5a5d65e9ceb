import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { ProblemSchema } from "@reachcx/core/error/problem";
import { API_ACCESS, describeNeed, type NeedName, needOf } from "@reachcx/core/rights/access";
import { QUERY_DEFINITIONS } from "@reachcx/core/search/schema";
import { addGlobalDefs, toJsonSchema } from "@valibot/to-json-schema";
import type { Env, Hono, Schema } from "hono";
import { generateSpecs } from "hono-openapi";

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
// Recursive schemas are named in components.schemas by these names (the converter numbers them otherwise).
addGlobalDefs(QUERY_DEFINITIONS);

export function docs<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>) {
  let document: Promise<OpenApiDocument> | undefined;
  app.get("/openapi.json", async (c) => {
    document ??= generateSpecs(app, { documentation: DOCUMENTATION })
      .then(withProblems)
      .then(withNeeds)
      .then(withComponentRefs);
    return c.json(await document);
  });
  app.get("/docs", (c) => c.html(PAGE));
  app.get("/docs/:asset", async (c) => {
    const asset = c.req.param("asset") as keyof typeof ASSETS;
    if (!(asset in ASSETS)) return c.notFound();
    const body = await readFile(require.resolve(`swagger-ui-dist/${asset}`));
    return c.body(body, 200, { "content-type": ASSETS[asset], "cache-control": "public, max-age=86400" });
  });
}

const DOCUMENTATION = {
  info: {
    title: "ReachCX console API",
    version: "1.0.0",
    description:
      "Every operation but the public ones needs `Authorization: Bearer <token>` and the tenant's api key in " +
      "`x-api-key`; each operation says what else it needs (a licence of the tenant, a security-rights " +
      "position, provider staff), as the access table in packages/core/src/rights/access.ts declares it. " +
      "A caller short of it gets 403. Errors are RFC 9457 problem+json with an `errors` list.",
  },
  components: {
    securitySchemes: {
      bearer: { type: "http" as const, scheme: "bearer", bearerFormat: "JWT" },
      apiKey: { type: "apiKey" as const, in: "header" as const, name: "x-api-key" },
    },
  },
  security: [{ bearer: [], apiKey: [] }],
};

type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>;
type Responses = Record<string, { description?: string; content?: unknown }>;

const PROBLEM_REF = { $ref: "#/components/schemas/Problem" };

/**
 * Every refusal is problem+json (problem.ts), whatever hono-openapi assumes for validators (its default
 * 400 is `{success, error, data}`, which this API never sends): each 4xx/5xx answer, and the 400 every
 * validated route can give, is described with the Problem schema.
 */
function withProblems(doc: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(operations ?? {})) {
      const { responses, requestBody } = operation as { responses?: Responses; requestBody?: unknown };
      if (!responses || typeof responses !== "object") continue;
      if (requestBody) responses["413"] ??= { description: "The request body is larger than 1 MiB" };
      responses["500"] ??= { description: "A fault on our side; the request id identifies it in the logs" };
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        responses[status] = {
          description: response.description === "Validation Error" ? "Invalid request" : response.description,
          content: { "application/problem+json": { schema: PROBLEM_REF } },
        };
      }
    }
  const { $schema: _, ...problem } = toJsonSchema(ProblemSchema, { definitions: {} });
  const schemas = { ...doc.components?.schemas, Problem: problem };
  return { ...doc, components: { ...doc.components, schemas } } as OpenApiDocument;
}

/**
 * A recursive schema (the query model's groups) is converted with its definitions in `$defs`, which
 * hono-openapi lifts into components.schemas without rewriting the references to them; pointed at the
 * components, they resolve in /api/docs and in generated clients.
 */
function withComponentRefs(doc: OpenApiDocument): OpenApiDocument {
  return JSON.parse(JSON.stringify(doc).replaceAll('"#/$defs/', '"#/components/schemas/')) as OpenApiDocument;
}

/**
 * Each operation says who may call it, from API_ACCESS (the table the API enforces): a line of its
 * description, `x-needs` with the need's name, no security requirement for the public ones and the API
 * key alone for a platform's.
 */
function withNeeds(doc: OpenApiDocument): OpenApiDocument {
  for (const [path, operations] of Object.entries(doc.paths ?? {}))
    for (const [method, operation] of Object.entries(operations ?? {})) {
      const need = needOf(method, path);
      if (!need || typeof operation !== "object" || operation === null) continue;
      const op = operation as { description?: string; security?: unknown[]; "x-needs"?: NeedName };
      const name = (API_ACCESS as Record<string, NeedName>)[`${method.toUpperCase()} ${path}`];
      op.description = [op.description, `Needs: ${describeNeed(need)}`].filter(Boolean).join("\n\n");
      op["x-needs"] = name;
      if (need.kind === "public") op.security = [];
      if (need.kind === "platform") op.security = [{ apiKey: [] }];
    }
  return doc;
}
