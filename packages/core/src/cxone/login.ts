import * as v from "valibot";
import { type HttpFailure, requestJson } from "./http.ts";
import { CxoneConfiguration, OpenIdConfiguration, TokenAnswer } from "./schema.ts";

/** Why a platform call gave nothing. `refused`: the platform said no to the credentials (401/403). */
export type CxoneError =
  | HttpFailure
  | { kind: "refused"; status: number }
  | { kind: "status"; status: number }
  | { kind: "not_configured"; detail: string };

export type Result<T> = { ok: true; value: T } | { ok: false; error: CxoneError };

/** What a login yields (spec 000 §4, Platform integration sequence): the base of every later call and its token. */
export interface CxoneSession {
  baseUri: string;
  token: string;
  expiresIn: number | null;
}

/** The legacy form's credentials (spec 000 §2): a token URL answered with basic auth of application@vendor. */
export interface LegacyCredentials {
  product: "Legacy";
  tokenUrl: string;
  userName: string;
  password: string;
  app: string;
  vendor: string;
  businessUnit: string;
}

/** The cloud form's (CXOne and Legacy Global): an access key pair, found through a discovery domain. */
export interface CloudCredentials {
  product: "CXOne" | "Legacy Global";
  businessUnit: string;
  accessKey: string;
  appSecret: string;
  /** A host name or an http(s) URL; OpenID discovery is read under it. */
  discoveryDomain: string;
  /** icAPIOverride: the API base to use instead of the one discovery names. */
  apiOverride: string | null;
}

export type CxoneCredentials = LegacyCredentials | CloudCredentials;

export type Logger = (message: string, detail: Record<string, unknown>) => void;

/** Spec 000 §7, Legacy connection test: `Basic base64(application@vendor:businessUnit)`. */
export function legacyBasicAuth(app: string, vendor: string, businessUnit: string): string {
  return `Basic ${Buffer.from(`${app}@${vendor}:${businessUnit}`, "utf8").toString("base64")}`;
}

/** A discovery domain as the user typed it (a host, or a URL for a simulator or a proxy) to its base URL. */
export function discoveryBase(domain: string): string {
  const trimmed = domain.trim().replace(/\/+$/, "");
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** The platform API lives under `incontactapi/` of the API endpoint (legacy names it in the token answer). */
export function apiBase(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, "");
  return /\/incontactapi$/i.test(base) ? `${base}/` : `${base}/incontactapi/`;
}

/** Logs in; never throws. A failure is logged as the spec's "login failed" (spec 000 §8). */
export async function login(credentials: CxoneCredentials, log?: Logger): Promise<Result<CxoneSession>> {
  const result =
    credentials.product === "Legacy" ? await legacyLogin(credentials) : await cloudLogin(credentials);
  if (!result.ok) log?.("login failed", { product: credentials.product, error: result.error });
  return result;
}

async function legacyLogin(c: LegacyCredentials): Promise<Result<CxoneSession>> {
  const answer = await requestJson({
    method: "POST",
    url: c.tokenUrl,
    headers: {
      authorization: legacyBasicAuth(c.app, c.vendor, c.businessUnit),
      "content-type": "application/json",
    },
    body: JSON.stringify({ grant_type: "password", username: c.userName, password: c.password, scope: "" }),
  });
  const token = tokenOf(answer);
  if (!token.ok) return token;
  if (!token.value.resource_server_base_uri)
    return { ok: false, error: { kind: "garbage", detail: "no resource_server_base_uri" } };
  return {
    ok: true,
    value: {
      baseUri: apiBase(token.value.resource_server_base_uri),
      token: token.value.access_token,
      expiresIn: token.value.expires_in ?? null,
    },
  };
}

async function cloudLogin(c: CloudCredentials): Promise<Result<CxoneSession>> {
  const base = discoveryBase(c.discoveryDomain);
  const discovery = parsed(
    await requestJson({ method: "GET", url: `${base}/.well-known/openid-configuration` }),
    OpenIdConfiguration,
  );
  if (!discovery.ok) return discovery;
  const answer = await requestJson({
    method: "POST",
    url: discovery.value.token_endpoint,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      username: c.accessKey,
      password: c.appSecret,
    }).toString(),
  });
  const token = tokenOf(answer);
  if (!token.ok) return token;
  const bearer = token.value.access_token;
  let endpoint = c.apiOverride;
  if (!endpoint) {
    // The access key names a user of one business unit: the configuration lookup refuses any other one,
    // which is how a key pasted into the wrong tenant's form fails the test.
    const config = parsed(
      await requestJson({
        method: "GET",
        url: `${base}/.well-known/cxone-configuration?businessUnitId=${encodeURIComponent(c.businessUnit)}`,
        headers: { authorization: `Bearer ${bearer}` },
      }),
      CxoneConfiguration,
    );
    if (!config.ok) return config;
    endpoint = config.value.api_endpoint;
  }
  return {
    ok: true,
    value: { baseUri: apiBase(endpoint), token: bearer, expiresIn: token.value.expires_in ?? null },
  };
}

function tokenOf(answer: Awaited<ReturnType<typeof requestJson>>) {
  if (answer.ok && [400, 401, 403].includes(answer.status))
    return { ok: false as const, error: { kind: "refused" as const, status: answer.status } };
  return parsed(answer, TokenAnswer);
}

/** A 2xx answer parsed with its schema; anything else as the failure it is. */
export function parsed<S extends v.GenericSchema>(
  answer: Awaited<ReturnType<typeof requestJson>>,
  schema: S,
): Result<v.InferOutput<S>> {
  if (!answer.ok) return answer;
  if (answer.status === 401 || answer.status === 403)
    return { ok: false, error: { kind: "refused", status: answer.status } };
  if (answer.status < 200 || answer.status > 299)
    return { ok: false, error: { kind: "status", status: answer.status } };
  const result = v.safeParse(schema, answer.body);
  if (!result.success)
    return {
      ok: false,
      error: {
        kind: "garbage",
        // Paths only: an issue's message quotes the value received, which may be a token.
        detail: result.issues.map((i) => v.getDotPath(i) ?? "(root)").join(", "),
      },
    };
  return { ok: true, value: result.output };
}
