import { outboundRequest } from "../net/outbound.ts";

/**
 * The one way the CXone client talks HTTP: every call has a deadline and reads at most MAX_ANSWER_BYTES,
 * so a platform that hangs or answers a flood costs a bounded time and memory. Never throws.
 */

/** A call that takes longer than this is abandoned (the platform is then "unreachable"). */
export const CALL_TIMEOUT_MS = 8000;

/** CXone's largest answers (skills, points of contact) are tens of kilobytes; 2 MB is far above. */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export type HttpFailure =
  | { kind: "unreachable"; detail: string }
  | { kind: "too_large" }
  | { kind: "garbage"; detail: string };

export type HttpAnswer = { ok: true; status: number; body: unknown } | { ok: false; error: HttpFailure };

export interface HttpRequest {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
}

/** Sends a request through the outbound policy (net/outbound.ts) and reads its JSON answer (empty reads as null). */
export async function requestJson(request: HttpRequest): Promise<HttpAnswer> {
  const answer = await outboundRequest({
    method: request.method,
    url: request.url,
    headers: { accept: "application/json", ...request.headers },
    body: request.body,
    timeoutMs: request.timeoutMs ?? CALL_TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  if (!answer.ok) {
    const { kind, detail } = answer.error;
    if (kind === "too_large") return { ok: false, error: { kind: "too_large" } };
    return { ok: false, error: { kind: "unreachable", detail: `${kind}: ${detail}` } };
  }
  if (answer.text.trim() === "") return { ok: true, status: answer.status, body: null };
  try {
    return { ok: true, status: answer.status, body: JSON.parse(answer.text) };
  } catch {
    return { ok: false, error: { kind: "garbage", detail: `status ${answer.status}, not JSON` } };
  }
}
