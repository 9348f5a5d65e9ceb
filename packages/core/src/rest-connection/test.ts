import { VisibleError } from "../error/index.ts";
import { type OutboundFailure, outboundRequest } from "../net/outbound.ts";
import { authForTest } from "./connections.ts";
import { readListPath } from "./list-path.ts";
import { EXCERPT_CHARS, type RestTestLog } from "./log.ts";
import { buildRestRequest } from "./request.ts";
import { DEFAULT_LIST_PATH, type RestTestInput, SALESFORCE_TEST_MESSAGE } from "./schema.ts";

/** A Test waits this long for the whole answer, and reads at most this much of it. */
export const TEST_TIMEOUT_MS = 8000;
export const TEST_MAX_BYTES = 1024 * 1024;

/** The sentence a log entry shows for a request that got no answer. Never the URL: it may hold a key. */
function failureText(error: OutboundFailure): string {
  switch (error.kind) {
    case "blocked":
      return `Request not sent: ${error.detail}.`;
    case "unreachable":
      return `Could not reach the endpoint (${error.detail}).`;
    case "timeout":
      return `No answer within ${TEST_TIMEOUT_MS / 1000} s.`;
    case "too_large":
      return `The answer is larger than ${TEST_MAX_BYTES / 1024 / 1024} MB; a Test reads at most that.`;
  }
}

/** What a 2xx answer holds at the list path, so a wrong path or a non-JSON answer shows on the Test. */
function noteOn(text: string, listPath: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "The answer is not JSON.";
  }
  const list = readListPath(body, listPath);
  if (list.ok)
    return `Found ${list.items.length} ${list.items.length === 1 ? "contact" : "contacts"} at ${listPath}.`;
  if (list.reason === "not_a_list") return `The value at ${listPath} is not a list.`;
  if (list.reason === "missing") return `Nothing at ${listPath}.`;
  return `${listPath} is not a path this product reads.`;
}

/**
 * Spec 001 §7 "REST connection Test": sends the connection's request (its headers, params and auth
 * applied) from the server through the outbound policy, and answers the log entry the editor shows.
 * A refused, unreachable, slow or oversized answer is an entry too, within TEST_TIMEOUT_MS.
 */
export async function testRestRequest(input: RestTestInput): Promise<RestTestLog> {
  if (input.auth.type === "SalesForce")
    throw new VisibleError("input", "rest_connection.salesforce_test", SALESFORCE_TEST_MESSAGE);
  const auth = await authForTest(input.auth, input.id);
  const request = buildRestRequest({ ...input, auth });
  const at = new Date().toISOString();
  const answer = await outboundRequest({ ...request, timeoutMs: TEST_TIMEOUT_MS, maxBytes: TEST_MAX_BYTES });
  if (!answer.ok)
    return {
      at,
      method: request.method,
      status: null,
      ms: answer.ms,
      excerpt: "",
      error: failureText(answer.error),
      note: null,
    };
  const ok = answer.status >= 200 && answer.status < 300;
  return {
    at,
    method: request.method,
    status: answer.status,
    ms: answer.ms,
    excerpt: answer.text.slice(0, EXCERPT_CHARS),
    error: null,
    note: ok ? noteOn(answer.text, input.listPath?.trim() || DEFAULT_LIST_PATH) : null,
  };
}
