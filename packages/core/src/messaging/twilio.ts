import { useEnv } from "../env.ts";
import { outboundRequest } from "../net/outbound.ts";

/** Twilio's accounts API, where the public-key credentials endpoint lives (spec 000 §7). */
export const TWILIO_ACCOUNTS_URL = "https://accounts.twilio.com";
/** The check's deadline: a provider that hangs is a failed login within this, never a hung request. */
export const CHECK_TIMEOUT_MS = 5000;
const CHECK_MAX_BYTES = 256 * 1024;

export type CheckOutcome = { ok: true } | { ok: false; reason: string };

/**
 * The Twilio-kind credential check (spec 000 §7): GET {accounts}/v1/Credentials/PublicKeys with basic
 * auth account SID : auth token. A 200 whose body is Twilio's list shape passes; a refusal, a timeout, an
 * error status or an answer that is not that list fails. The reason names a status or a kind, never the
 * token.
 */
export async function checkTwilio(accountSid: string, authToken: string): Promise<CheckOutcome> {
  const base = (useEnv().twilio?.accountsUrl ?? TWILIO_ACCOUNTS_URL).replace(/\/+$/, "");
  const answer = await outboundRequest({
    method: "GET",
    url: `${base}/v1/Credentials/PublicKeys?PageSize=1`,
    headers: {
      authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
      accept: "application/json",
    },
    timeoutMs: CHECK_TIMEOUT_MS,
    maxBytes: CHECK_MAX_BYTES,
  });
  if (!answer.ok) return { ok: false, reason: `${answer.error.kind}: ${answer.error.detail}` };
  if (answer.status !== 200) return { ok: false, reason: `status ${answer.status}` };
  return isKeyList(answer.text) ? { ok: true } : { ok: false, reason: "not a public key list" };
}

function isKeyList(text: string): boolean {
  try {
    const body: unknown = JSON.parse(text);
    return (
      typeof body === "object" &&
      body !== null &&
      Array.isArray((body as { credentials?: unknown }).credentials)
    );
  } catch {
    return false;
  }
}
