import { assertSuperAdmin, type UserActor, withActor } from "@reachcx/core/actor/index";
import { useEnv } from "@reachcx/core/env";
import { VisibleError } from "@reachcx/core/error/index";
import { actorFrom } from "@reachcx/core/identity/index";
import { hasRight, type Right } from "@reachcx/core/rights/index";
import { constantTimeEqual } from "@reachcx/core/secrets/index";
import { cachedTenant } from "@reachcx/core/tenant/index";
import { createMiddleware } from "hono/factory";

export type AuthVars = { Variables: { actor: UserActor; requestId: string } };

/**
 * Verifies the bearer token, then requires the tenant's api key in x-api-key (spec 000 §7: calls to the
 * product's own backend carry both). The tenant comes from the token only; the request runs as that actor.
 */
export const requireUser = createMiddleware<AuthVars>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match)
    throw new VisibleError("auth", "auth.missing_token", "Sign in first: the request has no bearer token.");
  const claims = await useEnv().identity.verify(match[1] as string);

  const apiKey = c.req.header("x-api-key");
  if (!apiKey) throw new VisibleError("auth", "auth.missing_api_key", "The request has no x-api-key header.");
  const tenant = await withActor({ type: "system", tenant: claims.tenant }, () =>
    cachedTenant(claims.tenant),
  );
  if (!constantTimeEqual(apiKey, tenant?.apiKey ?? ""))
    throw new VisibleError(
      "forbidden",
      "auth.api_key_mismatch",
      "The api key does not belong to your tenant.",
    );
  if (tenant?.status !== "Active")
    throw new VisibleError("forbidden", "auth.tenant_disabled", "This tenant has been disabled.");

  const actor = actorFrom(claims);
  c.set("actor", actor);
  await withActor(actor, next);
});

/** Provider-only routes (/api/admin/*): SuperAdmin on top of a verified user. */
export const requireSuperAdmin = createMiddleware<AuthVars>(async (_c, next) => {
  assertSuperAdmin();
  await next();
});

/** A rights position the user must hold (spec 003 §6), enforced here as well as in the console. */
export const requireRight = (right: Right) =>
  createMiddleware<AuthVars>(async (c, next) => {
    if (!hasRight(c.get("actor").securityRights, right))
      throw new VisibleError(
        "forbidden",
        "auth.missing_right",
        `Your security rights do not include ${RIGHT_LABEL[right]}.`,
      );
    await next();
  });

const RIGHT_LABEL: Record<Right, string> = {
  dashboards: "Dashboards",
  inventory: "Inventory Management",
  listManagement: "List Management",
  configuration: "Configuration",
};

/** One of these licences must be held by the tenant (module gating, spec 003 §6). */
export const requireLicence = (...licences: string[]) =>
  createMiddleware<AuthVars>(async (c, next) => {
    const tenant = await cachedTenant(c.get("actor").tenant);
    if (!tenant?.licenses.some((l) => licences.includes(l)))
      throw new VisibleError(
        "forbidden",
        "auth.not_licensed",
        `Your organization is not licensed for this (${licences.join(" or ")}).`,
      );
    await next();
  });
