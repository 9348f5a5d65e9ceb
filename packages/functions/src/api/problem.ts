import { useActor } from "@reachcx/core/actor/index";
import { type FieldError, statusOf, ThrottledError, VisibleError } from "@reachcx/core/error/index";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { log } from "../log.ts";

/** RFC 9457 problem details, with the field errors the forms show next to their inputs. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors: FieldError[];
  /** How many field errors there were, when more than `errors` lists. */
  errorCount?: number;
  requestId?: string;
}

/** A refusal lists at most this many field errors: a form shows a handful, and the answer stays small. */
const MAX_ERRORS = 20;

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

export function problem(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  detail: string,
  errors: FieldError[] = [],
) {
  const body: Problem = {
    type: `https://reachcx.example/problems/${code}`,
    title: TITLES[status] ?? "Error",
    status,
    detail,
    code,
    errors: errors.slice(0, MAX_ERRORS),
    ...(errors.length > MAX_ERRORS ? { errorCount: errors.length } : {}),
    requestId: c.get("requestId" as never),
  };
  return c.body(JSON.stringify(body), status, { "content-type": "application/problem+json" });
}

/** The one error handler: visible errors become 4xx problems, anything else a logged 500 without details. */
export function onError(err: Error, c: Context) {
  if (err instanceof ThrottledError) c.header("Retry-After", String(err.retryAfterSeconds));
  if (err instanceof VisibleError) return problem(c, statusOf[err.kind], err.code, err.message, err.errors);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status === 400 && /json/i.test(err.message))
      return problem(c, 400, "request.malformed_json", "The request body is not valid JSON.");
    if (status === 413) return problem(c, 413, "request.too_large", "The request body is too large.");
    if (status === 401) return problem(c, 401, "auth.unauthorized", err.message || "Sign in first.");
    return problem(c, status, "request.rejected", err.message || TITLES[status] || "Error");
  }
  const actor = useActor();
  log.error("unhandled error", {
    error: err,
    path: c.req.path,
    method: c.req.method,
    requestId: c.get("requestId" as never),
    tenant: actor.type === "public" ? undefined : actor.tenant,
  });
  return problem(
    c,
    500,
    "server.error",
    "Something went wrong on our side. The request id identifies it in the logs.",
  );
}
