import { type SystemActor, type UserActor, withActor } from "@reachcx/core/actor/index";
import { useEnv } from "@reachcx/core/env";
import { ThrottledError, VisibleError } from "@reachcx/core/error/index";
import { actorFrom } from "@reachcx/core/identity/index";
import { type AddressState, addressFailed, waitSeconds } from "@reachcx/core/identity/throttle";
import { constantTimeEqual } from "@reachcx/core/secrets/index";
import { tenantOfApiKey } from "@reachcx/core/tenant/api-key";
import { cachedTenant } from "@reachcx/core/tenant/index";
import type { Context } from "hono";
import { clientAddress } from "./client.ts";

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

/** Wrong API keys an address may send per window before its platform calls wait (per process, as sign-in). */
const PLATFORM_KEY_RULES = {
  freeFailures: 0,
  baseLockSeconds: 0,
  maxLockSeconds: 0,
  forgetAfterSeconds: 0,
  addressFailures: 20,
  addressWindowSeconds: 60,
};
const wrongKeys = new Map<string, AddressState>();

/**
 * A platform's server-to-server call (need `platform`): no token, the tenant's API key in x-api-key names
 * the tenant, whose system actor the call runs as. A missing or unknown key is a 401; an address that sent
 * more than 20 wrong keys within a minute waits out the minute (429), the right key included.
 */
export async function authenticatePlatform(c: Context): Promise<SystemActor> {
  const address = clientAddress(c) ?? "unknown";
  const now = Date.now();
  const wait = waitSeconds(PLATFORM_KEY_RULES, undefined, wrongKeys.get(address), now);
  if (wait > 0)
    throw new ThrottledError(
      "auth.too_many_keys",
      `Too many wrong API keys. Try again in ${wait} second${wait === 1 ? "" : "s"}.`,
      wait,
    );
  const apiKey = c.req.header("x-api-key");
  const tenant = apiKey ? await tenantOfApiKey(apiKey) : null;
  if (!tenant) {
    if (wrongKeys.size > 10_000) wrongKeys.clear();
    wrongKeys.set(address, addressFailed(PLATFORM_KEY_RULES, wrongKeys.get(address), now));
    throw apiKey
      ? new VisibleError("auth", "auth.invalid_api_key", "The api key is not valid.")
      : new VisibleError("auth", "auth.missing_api_key", "The request has no x-api-key header.");
  }
  if (tenant.status !== "Active")
    throw new VisibleError("forbidden", "auth.tenant_disabled", "This tenant has been disabled.");
  return { type: "system", tenant: tenant.id };
}
