import { type UserActor, withActor } from "@reachcx/core/actor/index";
import { useEnv } from "@reachcx/core/env";
import { VisibleError } from "@reachcx/core/error/index";
import { actorFrom } from "@reachcx/core/identity/index";
import { constantTimeEqual } from "@reachcx/core/secrets/index";
import { cachedTenant } from "@reachcx/core/tenant/index";
import type { Context } from "hono";

export type AuthVars = { Variables: { actor: UserActor; requestId: string } };

/** A verified caller: the token's actor and its tenant's licences as they stand now, not as when signed in. */
export interface Verified {
  actor: UserActor;
  licenses: readonly string[];
}

/**
 * Verifies the bearer token, then requires the tenant's api key in x-api-key (spec 000 §7: calls to the
 * product's own backend carry both) and an active tenant. The tenant comes from the token only.
 */
export async function authenticate(c: Context): Promise<Verified> {
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
  return { actor: actorFrom(claims), licenses: tenant.licenses };
}
