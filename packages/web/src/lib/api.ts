import type { ApiRoutes } from "@reachcx/functions/api/app";
import { hc } from "hono/client";
import { session } from "./session.ts";

export interface FieldError {
  path: string;
  message: string;
}

/** A problem+json answer of the API, thrown by `unwrap`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly errors: FieldError[],
  ) {
    super(message);
  }
}

/** Adds the bearer token and the tenant's api key; a 401 ends the session and asks to sign in again. */
const authFetch: typeof fetch = async (input, init) => {
  const current = session.get();
  const headers = new Headers(init?.headers);
  if (current) {
    headers.set("authorization", `Bearer ${current.token}`);
    headers.set("x-api-key", current.context.apiKey);
  }
  const res = await fetch(input, { ...init, headers });
  if (res.status === 401 && current) {
    session.set(null);
    const here = window.location.pathname + window.location.search;
    window.location.assign(`/sign-in?redirect=${encodeURIComponent(here)}`);
  }
  return res;
};

export const api = hc<ApiRoutes>("/", { fetch: authFetch }).api;

/** Resolves to the body of a 2xx answer, or throws the problem as an ApiError. */
export async function unwrap<T>(
  call: Promise<{ ok: boolean; status: number; json(): Promise<T> }>,
): Promise<T> {
  const res = await call;
  if (res.status === 204) return undefined as T;
  if (res.ok) return res.json();
  let problem: { detail?: string; code?: string; errors?: FieldError[] } = {};
  try {
    problem = (await res.json()) as typeof problem;
  } catch {
    // not JSON: keep the status
  }
  throw new ApiError(
    res.status,
    problem.detail ?? `Request failed (${res.status})`,
    problem.code,
    problem.errors ?? [],
  );
}

/** Field errors keyed by path, for @mantine/form's setErrors. */
export const fieldErrors = (err: unknown): Record<string, string> =>
  err instanceof ApiError ? Object.fromEntries(err.errors.map((e) => [e.path, e.message])) : {};
