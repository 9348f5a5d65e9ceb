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
