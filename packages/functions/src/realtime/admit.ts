import { VisibleError } from "@reachcx/core/error/index";
import type { Identity } from "@reachcx/core/identity/index";
import { constantTimeEqual } from "@reachcx/core/secrets/index";

/** What the handshake carries: browsers cannot set headers on a WebSocket, so both come as query parameters. */
export interface LiveCredentials {
  token?: string | null;
  apiKey?: string | null;
}

export interface LiveTenant {
  apiKey: string;
  status: string;
}

/** A refused handshake: answered with this status and problem+json body, never upgraded. */
export interface Refusal {
  ok: false;
  status: 401 | 403 | 429;
  code: string;
  detail: string;
}

export type Admission = { ok: true; tenant: string } | Refusal;

/**
 * The live feed's door, shared by the AWS $connect handler and the embedded server so both modes refuse
 * the same handshakes with the same answers as the HTTP API (packages/functions/src/api/auth.ts): a
 * verified token, the tenant's own api key, an active tenant. The tenant comes from the token only.
 */
export async function admit(
  credentials: LiveCredentials,
  deps: { identity: Pick<Identity, "verify">; tenant(id: string): Promise<LiveTenant | null | undefined> },
): Promise<Admission> {
  const { token, apiKey } = credentials;
  if (!token) return refuse(401, "auth.missing_token", "Sign in first: the request has no token.");
  let tenantId: string;
  try {
    tenantId = (await deps.identity.verify(token)).tenant;
  } catch (err) {
    if (err instanceof VisibleError && err.kind === "auth") return refuse(401, err.code, err.message);
    throw err;
  }
  if (!apiKey) return refuse(401, "auth.missing_api_key", "The request has no apiKey parameter.");
  const tenant = await deps.tenant(tenantId);
  if (!constantTimeEqual(apiKey, tenant?.apiKey ?? ""))
    return refuse(403, "auth.api_key_mismatch", "The api key does not belong to your tenant.");
  if (tenant?.status !== "Active")
    return refuse(403, "auth.tenant_disabled", "This tenant has been disabled.");
  return { ok: true, tenant: tenantId };
}

export const refuse = (status: Refusal["status"], code: string, detail: string): Refusal => ({
  ok: false,
  status,
  code,
  detail,
});

export const REFUSAL_TITLES: Record<Refusal["status"], string> = {
  401: "Unauthorized",
  403: "Forbidden",
  429: "Too Many Requests",
};

/** The refusal as RFC 9457 problem details, shaped as the HTTP API's (api/problem.ts). */
export const refusalBody = ({ status, code, detail }: Refusal) =>
  JSON.stringify({
    type: `https://reachcx.example/problems/${code}`,
    title: REFUSAL_TITLES[status],
    status,
    detail,
    code,
    errors: [],
  });
