import { withActor } from "@reachcx/core/actor/index";
import { VisibleError } from "@reachcx/core/error/index";
import { phase } from "@reachcx/core/request/index";
import { type Access, checkAccess, needOf, refusal } from "@reachcx/core/rights/access";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { RouterRoute } from "hono/types";
import { type AuthVars, authenticate, authenticatePlatform } from "./auth.ts";

/** Paths under this prefix are the API's; any other route a host registers (its console catch-all) is not. */
const API_PREFIX = "/api";
const isApiPath = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

/** Middleware are registered for every method ("ALL"); an endpoint is registered for its own method. */
const endpoints = (routes: readonly RouterRoute[]) => routes.filter((r) => r.method !== "ALL");

const CODES: Record<Exclude<Access, { ok: true }>["reason"], string> = {
  signedOut: "auth.missing_token",
  provider: "auth.super_admin_only",
  unlicensed: "auth.not_licensed",
  rights: "auth.missing_right",
};

/**
 * The one gate in front of every API route: it finds the endpoint the request reached, reads its need in
 * API_ACCESS (core/rights/access.ts) and enforces it before any validator or handler runs. A user need is
 * checked against the verified token's rights and the tenant's current licences; a refusal is a 403 with
 * the table's sentence. The route's own handlers then run as the verified actor.
 */
export const enforceAccess = createMiddleware<AuthVars>(async (c, next) => {
  // Hono runs the first endpoint that matched, in registration order; for HEAD that is the GET route.
  const route = endpoints(matchedRoutes(c))[0];
  // No endpoint (404/405), or a host's own route: the not-found handling answers.
  if (!route || !isApiPath(route.path)) return next();
  const need = needOf(route.method, route.path);
  // Fail closed. createApi refuses to start with such a route, so this is only reached if that check is skipped.
  if (!need) throw new Error(`${route.method} ${route.path} has no entry in API_ACCESS`);
  if (need.kind === "public") return next();
  if (need.kind === "platform") return withActor(await authenticatePlatform(c), next);

  const { actor, licenses } = await phase("auth", () => authenticate(c));
  const access = checkAccess({ ...actor, licenses }, need);
  if (!access.ok)
    throw new VisibleError(
      access.reason === "signedOut" ? "auth" : "forbidden",
      CODES[access.reason],
      refusal(access),
    );
  c.set("actor", actor);
  await withActor(actor, next);
});

/**
 * Throws unless every endpoint registered on the app has an entry in API_ACCESS, so a route added without
 * one stops the server at startup (and the test runs) instead of being served open.
 */
export function assertAccessTable(app: { routes: readonly RouterRoute[] }) {
  // `all()` registers an endpoint as "ALL", which enforceAccess takes for middleware and lets through:
  // under /api only a wildcard (a middleware's path) may be registered for every method.
  const everyMethod = app.routes
    .filter((r) => r.method === "ALL" && isApiPath(r.path) && !r.path.endsWith("*"))
    .map((r) => r.path);
  if (everyMethod.length > 0)
    throw new Error(
      `API routes registered for every method (name the method instead): ${everyMethod.join(", ")}`,
    );
  const missing = [
    ...new Set(
      endpoints(app.routes)
        .filter((r) => isApiPath(r.path) && !needOf(r.method, r.path))
        .map((r) => `${r.method} ${r.path}`),
    ),
  ];
  if (missing.length > 0)
    throw new Error(
      `API routes without an entry in API_ACCESS (packages/core/src/rights/access.ts): ${missing.join(", ")}`,
    );
}
