import type { FieldType, Node, Operator, Rule } from "./ast.ts";

/**
 * What the query model's schema cannot know: whether a rule's field exists for the tenant, and whether its
 * operator and value make sense for the field's type. The search box, the query endpoint and segments all
 * refuse such a query with these messages instead of answering an empty or surprising result.
 */

const COMPARISONS: readonly Operator[] = ["lt", "gt", "lte", "gte"];
const TEXT_MATCHES: readonly Operator[] = ["contains", "beginsWith", "endsWith"];

const fieldLabel = (field: string) => (field.startsWith("custom:") ? field.slice(7) : field);

export const unknownFieldMessage = (field: string) =>
  field.startsWith("custom:") ? `Unknown custom field: ${field.slice(7)}` : `Unknown field: ${field}`;

/** Why a rule's operator or value does not fit its field's type, or null. */
export function ruleProblem(rule: Rule, type: FieldType): string | null {
  const { operator, value } = rule;
  const name = fieldLabel(rule.field);
  if (TEXT_MATCHES.includes(operator)) {
    if (type !== "text") return `${name}: ${operator} works on text fields only.`;
    if (typeof value !== "string" || value.length === 0) return `${name}: ${operator} needs some text.`;
    return null;
  }
  if (value === null || value === "") {
    // eq/ne with no value ask "is empty" / "is not empty"; an order needs something to compare with.
    return COMPARISONS.includes(operator) ? `${name}: ${operator} needs a value.` : null;
  }
  switch (type) {
    case "text":
      return typeof value === "string" ? null : `${name}: expects text.`;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : `${name}: expects a number.`;
    case "boolean":
      if (typeof value !== "boolean") return `${name}: expects true or false.`;
      return COMPARISONS.includes(operator) ? `${name}: ${operator} does not apply to true/false.` : null;
    case "date": {
      const ok =
        (typeof value === "number" && Number.isFinite(value)) ||
        (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) && Number.isFinite(Date.parse(value)));
      return ok ? null : `${name}: expects a date (YYYY-MM-DD or an ISO timestamp).`;
    }
  }
}

/** Every problem of a query's rules, in the order they appear; unknown fields first for each rule. */
export function queryProblems(node: Node, types: Record<string, FieldType>): string[] {
  const problems: string[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as Node;
    if (n.type === "group") stack.push(...[...n.rules].reverse());
    else if (n.type === "rule") {
      const type = types[n.field];
      const problem = type ? ruleProblem(n, type) : unknownFieldMessage(n.field);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
