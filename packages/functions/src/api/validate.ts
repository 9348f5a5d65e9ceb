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
      const errors = [...new Map(issues.map((i) => [pathOf(i), i.message] as const).reverse()).entries()]
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
