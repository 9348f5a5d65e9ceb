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

/** Sends a request and reads its JSON answer (an empty body reads as null). */
export async function requestJson(request: HttpRequest): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await fetch(request.url, {
      method: request.method,
      headers: { accept: "application/json", ...request.headers },
      body: request.body,
      redirect: "error",
      signal: AbortSignal.timeout(request.timeoutMs ?? CALL_TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: false, error: { kind: "unreachable", detail: describe(err) } };
  }
  const text = await readBounded(res);
  if (text.ok === false) return { ok: false, error: text.error };
  if (text.value.trim() === "") return { ok: true, status: res.status, body: null };
  try {
    return { ok: true, status: res.status, body: JSON.parse(text.value) };
  } catch {
    return { ok: false, error: { kind: "garbage", detail: `status ${res.status}, not JSON` } };
  }
}

async function readBounded(
  res: Response,
): Promise<{ ok: true; value: string } | { ok: false; error: HttpFailure }> {
  if (!res.body) return { ok: true, value: "" };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, error: { kind: "too_large" } };
      }
      chunks.push(value);
    }
  } catch (err) {
    return { ok: false, error: { kind: "unreachable", detail: describe(err) } };
  }
  return { ok: true, value: Buffer.concat(chunks).toString("utf8") };
}

/** The reason of a failed fetch without its URL's query or credentials: name and code only. */
function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: { code?: string } }).cause;
    return cause?.code ? `${err.name}: ${cause.code}` : err.name;
  }
  return "unknown";
}
