import * as v from "valibot";

/** One refused field: where it is in the request (dotted) and the message a form shows beside it. */
export const FieldErrorSchema = v.object({ path: v.string(), message: v.string() });

/**
 * The body of every refusal (RFC 9457 problem details, `application/problem+json`): the API's error
 * handler writes it and the OpenAPI document describes every 4xx and 5xx answer with it.
 */
export const ProblemSchema = v.object({
  type: v.string(),
  title: v.string(),
  status: v.number(),
  detail: v.string(),
  code: v.pipe(v.string(), v.description("A stable dotted code, e.g. contact.not_found")),
  errors: v.pipe(v.array(FieldErrorSchema), v.description("The first 20 refused fields")),
  errorCount: v.optional(
    v.pipe(v.number(), v.description("How many fields were refused, when more than `errors` lists")),
  ),
  requestId: v.optional(v.string()),
});
export type ProblemDocument = v.InferOutput<typeof ProblemSchema>;
