import type { KeyValueRow, RestAuth, RestMethod } from "./schema.ts";

/** A connection's request parts with its secrets in clear (decrypted, or just typed in the editor). */
export interface RestRequestParts {
  endpoint: string;
  method: RestMethod;
  headers: readonly KeyValueRow[];
  params: readonly KeyValueRow[];
  auth: RestAuth;
}

export interface BuiltRequest {
  method: RestMethod;
  url: string;
  headers: Record<string, string>;
  /** POST sends an empty body (spec 001 §7 "GET or POST (empty body)"). */
  body?: string;
}

/**
 * The HTTP request a connection sends (spec 001 §7 "REST connection Test": the configured headers, query
 * params and auth applied). Pure, so the Test and the imports that pull contacts send the same request.
 *
 * - Params are added to the endpoint's own query string, in order; a key may repeat.
 * - Header names are case-insensitive: a later row replaces an earlier one, and the auth type's header
 *   (Authorization, or the API key's) replaces a configured header of the same name.
 * - SalesForce needs a token exchange first, which the Test does not do (SALESFORCE_TEST_MESSAGE); here it
 *   adds nothing.
 */
export function buildRestRequest(parts: RestRequestParts): BuiltRequest {
  const url = new URL(parts.endpoint);
  for (const param of parts.params) url.searchParams.append(param.key, param.value);
  const headers: Record<string, string> = { accept: "application/json" };
  for (const header of parts.headers) headers[header.key.toLowerCase()] = header.value;

  const auth = parts.auth;
  switch (auth.type) {
    case "API_Key":
      if (auth.info.addTo === "queryParams") url.searchParams.append(auth.info.key, auth.info.value);
      else headers[auth.info.key.toLowerCase()] = auth.info.value;
      break;
    case "Bearer_Token":
      headers.authorization = `Bearer ${auth.info.token}`;
      break;
    case "Basic_Auth":
      headers.authorization = `Basic ${Buffer.from(`${auth.info.username}:${auth.info.password}`, "utf8").toString("base64")}`;
      break;
    case "None":
    case "SalesForce":
      break;
  }
  return {
    method: parts.method,
    url: url.toString(),
    headers,
    ...(parts.method === "POST" ? { body: "" } : {}),
  };
}
