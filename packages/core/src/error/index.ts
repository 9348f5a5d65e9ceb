/** A failure the caller may see. `kind` picks the HTTP status; `code` is a dotted, stable identifier. */
export type ErrorKind = "input" | "auth" | "forbidden" | "not_found" | "conflict" | "too_large" | "too_many";

export interface FieldError {
  path: string;
  message: string;
}

export class VisibleError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = "VisibleError";
  }
}

/** Too many attempts: the caller may try again after `retryAfterSeconds` (the Retry-After header). */
export class ThrottledError extends VisibleError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("too_many", code, message);
    this.name = "ThrottledError";
  }
}

export const statusOf: Record<ErrorKind, 400 | 401 | 403 | 404 | 409 | 413 | 429> = {
  input: 400,
  auth: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
};
