/** A failure the caller may see. `kind` picks the HTTP status; `code` is a dotted, stable identifier. */
export type ErrorKind = "input" | "auth" | "forbidden" | "not_found" | "conflict" | "too_large";

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

export const statusOf: Record<ErrorKind, 400 | 401 | 403 | 404 | 409 | 413> = {
  input: 400,
  auth: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
};
