import { VisibleError } from "@reachcx/core/error/index";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";

const pathOf = (issue: StandardSchemaV1.Issue) =>
  (issue.path ?? []).map((p) => (typeof p === "object" && p !== null ? String(p.key) : String(p))).join(".");

/** Validates with a core valibot schema; failures become a 400 problem listing {path, message} per field. */
export function valid<Target extends keyof ValidationTargets, Schema extends StandardSchemaV1>(
  target: Target,
  schema: Schema,
) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error as readonly StandardSchemaV1.Issue[];
      // One message per field: the first rule it broke (an empty name is "required", not also "invalid").
      const errors = [
        ...new Map(issues.map((i) => [short(pathOf(i)), short(i.message)] as const).reverse()).entries(),
      ]
        .reverse()
        .map(([path, message]) => ({ path, message }));
      throw new VisibleError(
        "input",
        "request.invalid",
        errors[0]?.message ?? "The request is not valid.",
        errors,
      );
    }
  });
}

/** valibot's messages quote what they received, and a path may be a key the client made up: a 200 KB
 * string must not come back in the answer. */
const MAX_MESSAGE = 300;
const short = (message: string) =>
  message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
