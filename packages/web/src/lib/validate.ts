import * as v from "valibot";

/**
 * A @mantine/form field rule from a shared valibot schema of packages/core: the schema's first message, so
 * the form says what the API would say (the API checks the same schema again).
 */
export const rule =
  <TSchema extends v.GenericSchema>(schema: TSchema) =>
  (value: unknown): string | null => {
    const result = v.safeParse(schema, value);
    return result.success ? null : (result.issues[0]?.message ?? "Invalid value");
  };

/**
 * Issues by dot path (`phone`, `mobileDevices.0.id`), the first message of each: the paths and messages
 * the API puts in a problem's `errors`, so they land on the same inputs. An issue about the whole value has
 * no input to show on and is left to the API's answer.
 */
export function messagesByPath(issues: readonly v.BaseIssue<unknown>[] | undefined): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const path = v.getDotPath(issue);
    if (path !== null && !(path in messages)) messages[path] = issue.message;
  }
  return messages;
}

/** A @mantine/form `validate` function from a shared valibot schema for the whole form. */
export const schemaErrors =
  <TSchema extends v.GenericSchema>(schema: TSchema) =>
  (values: unknown): Record<string, string> =>
    messagesByPath(v.safeParse(schema, values).issues);
