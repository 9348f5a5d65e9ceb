import { useEnv } from "../env.ts";
import { outboundRequest } from "../net/outbound.ts";

/**
 * The merchant-services partner (spec 003 §7.4): createAppFromLandingPage opens a merchant application
 * and answers merchantId, merchantHash and token; PUT appDetails/Fees/{merchantId} and
 * appDetails/AmexFees/{merchantId} set its pricing; GET appDetails/{merchantId} says whether the merchant
 * has completed it (docs/decisions.md). Basic auth with the provider's partner account. Requests go
 * through the outbound policy (net/outbound.ts). Embedded mode points it at the simulator
 * (packages/local/src/simulators/merchant.ts).
 *
 * Failures are errors the workflow reads by name: PartnerUnavailable (no answer, a timeout, a 5xx) is
 * retried with backoff in the ASL; PartnerRefused (a 4xx or an answer without the fields) is not.
 */

export const CALL_TIMEOUT_MS = 10_000;

export class PartnerUnavailable extends Error {
  override name = "PartnerUnavailable";
}
export class PartnerRefused extends Error {
  override name = "PartnerRefused";
}

export interface PartnerConfig {
  url: string;
  username: string;
  password: string;
}

export interface MerchantApplication {
  merchantId: string;
  merchantHash: string;
  token: string;
}

function config(): PartnerConfig {
  const c = useEnv().merchantServices;
  if (!c) throw new PartnerRefused("The merchant-services partner is not configured.");
  return c;
}

async function call(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<unknown> {
  const c = config();
  const answer = await outboundRequest({
    method,
    url: `${c.url.replace(/\/$/, "")}/${path}`,
    headers: {
      accept: "application/json",
      authorization: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString("base64")}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs: CALL_TIMEOUT_MS,
  });
  if (!answer.ok) throw new PartnerUnavailable(`${path.split("/")[0]}: ${answer.error.kind}`);
  if (answer.status >= 500 || answer.status === 429)
    throw new PartnerUnavailable(`${path.split("/")[0]} answered ${answer.status}`);
  if (answer.status >= 300) throw new PartnerRefused(`${path.split("/")[0]} answered ${answer.status}`);
  try {
    return answer.text.trim() === "" ? null : JSON.parse(answer.text);
  } catch {
    throw new PartnerRefused(`${path.split("/")[0]} answered something other than JSON`);
  }
}

const text = (o: unknown, key: string) => {
  const value = (o as Record<string, unknown> | null)?.[key];
  return typeof value === "string" && value !== "" ? value : null;
};

/** Opens the merchant's application; "No CMS information returned" when the answer lacks its ids. */
export async function createApplication(merchant: {
  vendorId: string;
  name: string;
  contactName: string;
  contactEmail: string;
}): Promise<MerchantApplication> {
  const answer = await call("POST", "createAppFromLandingPage", {
    externalId: merchant.vendorId,
    dbaName: merchant.name,
    contactName: merchant.contactName,
    email: merchant.contactEmail,
  });
  const merchantId = text(answer, "merchantId");
  const merchantHash = text(answer, "merchantHash");
  const token = text(answer, "token");
  if (!merchantId || !merchantHash || !token) throw new PartnerRefused("No CMS information returned");
  return { merchantId, merchantHash, token };
}

/** The hosted page where the merchant fills the application in. */
export const applicationUrl = (app: { merchantHash: string; token: string }) =>
  `${config().url.replace(/\/$/, "")}/app/${encodeURIComponent(app.merchantHash)}?token=${encodeURIComponent(app.token)}`;

/** Sets the application's Visa/MC/Discover pricing and all-card fees. */
export async function updateFees(merchantId: string, pricing: Record<string, unknown>) {
  await call("PUT", `appDetails/Fees/${encodeURIComponent(merchantId)}`, pricing);
}

/** Sets the application's American Express pricing. */
export async function updateAmexFees(merchantId: string, pricing: Record<string, unknown>) {
  await call("PUT", `appDetails/AmexFees/${encodeURIComponent(merchantId)}`, pricing);
}

/** Whether the merchant has submitted the application. */
export async function applicationComplete(merchantId: string): Promise<boolean> {
  const answer = await call("GET", `appDetails/${encodeURIComponent(merchantId)}`);
  return (answer as { status?: unknown } | null)?.status === "Complete";
}
