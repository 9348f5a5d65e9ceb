import type { StandardSchemaV1 } from "@standard-schema/spec";
import { resolver } from "hono-openapi";

/**
 * A 2xx answer with its JSON body described by a core schema, so /api/docs and generated clients show the
 * real shape (and the API suite parses real answers with the same schema).
 */
export const jsonAnswer = (description: string, schema: StandardSchemaV1) => ({
  description,
  content: { "application/json": { schema: resolver(schema) } },
});
