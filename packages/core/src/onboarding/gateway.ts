import { useEnv } from "../env.ts";
import { outboundRequest } from "../net/outbound.ts";
import { PartnerUnavailable } from "./partner.ts";

/**
 * The payment gateway (spec 003 §7.4, "Nexio"): GET whoAmI with the merchant's basic credentials
 * validates them. Through the outbound policy; the simulator in embedded mode
 * (packages/local/src/simulators/gateway.ts).
 */

export const INVALID_NEXIO_CREDENTIALS = "Invalid nexio credentials.";

export class InvalidGatewayCredentials extends Error {
  override name = "InvalidGatewayCredentials";
  constructor() {
    super(INVALID_NEXIO_CREDENTIALS);
  }
}

/** Answers the gateway's account for the credentials; throws InvalidGatewayCredentials or PartnerUnavailable. */
export async function whoAmI(
  username: string,
  password: string,
): Promise<{ username: string; accountId: string }> {
  const c = useEnv().paymentGateway;
  if (!c) throw new PartnerUnavailable("The payment gateway is not configured.");
  const answer = await outboundRequest({
    method: "GET",
    url: `${c.url.replace(/\/$/, "")}/user/whoAmI`,
    headers: {
      accept: "application/json",
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`,
    },
    timeoutMs: 10_000,
  });
  if (!answer.ok) throw new PartnerUnavailable(`whoAmI: ${answer.error.kind}`);
  if (answer.status === 401 || answer.status === 403) throw new InvalidGatewayCredentials();
  if (answer.status !== 200) throw new PartnerUnavailable(`whoAmI answered ${answer.status}`);
  try {
    const body = JSON.parse(answer.text) as { username?: unknown; accountId?: unknown };
    if (typeof body.username !== "string") throw new Error("no username");
    return { username: body.username, accountId: String(body.accountId ?? "") };
  } catch {
    throw new PartnerUnavailable("whoAmI answered something other than its account");
  }
}
