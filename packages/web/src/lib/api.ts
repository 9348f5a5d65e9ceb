import type { ApiRoutes } from "@reachcx/functions/api/app";
import { hc } from "hono/client";
import { session } from "./session.ts";

export interface FieldError {
  path: string;
  message: string;
}

/** An RFC 9457 problem answered by the API (status >= 400), thrown by every call of `api`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    readonly code?: string,
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

/** The headers every call but sign-in, sign-up and health carries. */
export function authHeaders(): Record<string, string> {
  const current = session.get();
  return current ? { authorization: `Bearer ${current.token}`, "x-api-key": current.context.apiKey } : {};
}

/**
 * The session was refused (401): end it and sign in again, coming back here afterwards. A full page load,
 * so no cached data of the old session survives.
 */
export function sessionExpired() {
  session.set(null);
  const here = window.location.pathname + window.location.search;
  if (!window.location.pathname.startsWith("/sign-"))
    window.location.assign(`/sign-in?redirect=${encodeURIComponent(here)}`);
}

async function toApiError(res: Response): Promise<ApiError> {
  let problem: { title?: string; detail?: string; code?: string; errors?: FieldError[] } = {};
  try {
    problem = (await res.json()) as typeof problem;
  } catch {
    // not JSON (a proxy's error page): the status says enough
  }
  return new ApiError(
    res.status,
    problem.detail ?? problem.title ?? `Request failed (${res.status})`,
    problem.errors ?? [],
    problem.code,
  );
}

const AUTH_CALLS = /^\/api\/auth\/(sign-in|sign-up|new-password)$/;

/**
 * Adds the bearer token and the tenant's api key, throws a problem answer as an ApiError, and on a 401 of a
 * signed-in call ends the session (a wrong password on sign-in is just an error to show); so does a 403
 * saying the tenant was disabled, whose sign-in then says why.
 */
const apiFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(authHeaders())) headers.set(name, value);
  const res = await fetch(input, { ...init, headers });
  if (res.ok) return res;
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
  if (res.status === 401 && session.get() && !AUTH_CALLS.test(url.pathname)) sessionExpired();
  const error = await toApiError(res);
  if (error.code === "auth.tenant_disabled" && session.get() && !AUTH_CALLS.test(url.pathname))
    sessionExpired();
  throw error;
};

/** The typed client of the API (types from packages/functions, so a changed route breaks the build here). */
export const api = hc<ApiRoutes>("/", { fetch: apiFetch }).api;

/** Resolves to the JSON body of a successful call (undefined for 204); failures were already thrown. */
export async function unwrap<T>(
  call: Promise<{ ok: boolean; status: number; json(): Promise<T> }>,
): Promise<T> {
  const res = await call;
  return res.status === 204 ? (undefined as T) : res.json();
}

/**
 * A POST whose body is a file (a CSV upload), with the session's headers and the API's error handling; the
 * typed client sends JSON only.
 */
export async function postFile<T>(path: `/api/${string}`, body: Blob, contentType: string): Promise<T> {
  const res = await apiFetch(path, { method: "POST", body, headers: { "content-type": contentType } });
  return (await res.json()) as T;
}

/** Field errors keyed by path, for @mantine/form's setErrors. */
export const fieldErrors = (err: unknown): Record<string, string> =>
  err instanceof ApiError ? Object.fromEntries(err.errors.map((e) => [e.path, e.message])) : {};
