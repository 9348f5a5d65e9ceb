import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SignJWT } from "jose";
import { inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

export interface Session {
  token: string;
  apiKey: string;
  tenant: string;
  context: Record<string, unknown> & { apiKey: string; tenant: string };
}

export const DEMO_USERS = {
  provider: "super@provider.example",
  acme: "admin@acme.example",
  globex: "admin@globex.example",
} as const;

export async function call(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
    session?: Session;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.session) {
    headers.authorization ??= `Bearer ${init.session.token}`;
    headers["x-api-key"] ??= init.session.apiKey;
  }
  let body: string | undefined = init.raw;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${baseUrl()}${path}`, { method: init.method ?? "GET", headers, body });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Polls until the change feed has indexed what was written (the spec's "visible to search within 2 s"). */
export async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 2000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function signIn(email: string, password = inject("demoPassword")): Promise<Session> {
  const res = await call("/api/auth/sign-in", { method: "POST", body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${res.text}`);
  return {
    token: res.json.token,
    apiKey: res.json.context.apiKey,
    tenant: res.json.context.tenant,
    context: res.json.context,
  };
}

/** The embedded runtime's signing key, read from the test DATA_DIR, to mint tokens the server must refuse. */
export function signingKey(): Uint8Array {
  const keys = JSON.parse(readFileSync(join(inject("dataDir"), "keys.json"), "utf8"));
  return Buffer.from(keys.jwt, "base64");
}

export async function mintToken(
  claims: Record<string, unknown>,
  options: { expiresIn?: string | number; key?: Uint8Array } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer("reachcx-embedded")
    .setAudience("reachcx-console")
    .setSubject(String(claims.sub ?? "someone"))
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(options.expiresIn ?? "1h")
    .sign(options.key ?? signingKey());
}

export function expectProblem(res: { status: number; headers: Headers; json: any }, status: number) {
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.json)}`);
  if (!res.headers.get("content-type")?.includes("application/problem+json"))
    throw new Error(`expected problem+json, got ${res.headers.get("content-type")}`);
  if (res.json?.status !== status || typeof res.json?.detail !== "string" || !Array.isArray(res.json?.errors))
    throw new Error(`not a problem document: ${JSON.stringify(res.json)}`);
  return res.json as {
    status: number;
    detail: string;
    code: string;
    errors: { path: string; message: string }[];
  };
}

/**
 * A fresh tenant, signed up through the API, holding these licences, with its owner signed in. Licences are
 * provider-managed; until the admin tenant endpoints exist, the grant is written through the store.
 */
export async function newTenant(licenses: string[]): Promise<Session & { email: string; password: string }> {
  const email = `t-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@other.example`;
  const res = await call("/api/auth/sign-up", {
    method: "POST",
    body: { name: "Other Org", email, password: "other-pass-1" },
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${res.text}`);
  const session = await signIn(email, "other-pass-1");
  const store = await testStore();
  await store.entities.tenant.patch({ id: session.tenant }).set({ licenses }).go();
  // The server caches tenant records for up to 5 s (the change feed drops the entry sooner): wait until its
  // settings answer, read through that cache, shows the licences.
  const wanted = [...licenses].sort().join();
  const shown = (res: { status: number; json: any }) =>
    res.status === 200 &&
    Array.isArray(res.json?.licenses) &&
    [...res.json.licenses].sort().join() === wanted;
  const seen = await eventually(() => call("/api/tenant-settings", { session }), shown, 10_000);
  if (!shown(seen))
    throw new Error(`the server did not see the licences ${wanted}: ${seen.status} ${seen.text}`);
  return { ...session, email, password: "other-pass-1" };
}

/** The Store of the run's embedded runtime, opened with its own DynamoDB Local credentials. */
export async function testStore() {
  const { createDynamoClient } = await import("../../packages/core/src/store/client.ts");
  const { createService } = await import("../../packages/core/src/store/entities.ts");
  return createService(
    createDynamoClient({
      table: "reachcx",
      endpoint: inject("dynamoEndpoint"),
      credentials: inject("dynamoCredentials"),
    }),
    "reachcx",
  );
}

// Access suite (test/api/access.test.ts): users whose rights differ from a tenant owner's.

/**
 * A user of `owner`'s tenant with these security rights (and role), created through the Identity port as
 * sign-up creates an owner, then signed in through the API: the token carries the rights it was given.
 */
export async function newUser(
  owner: Session,
  securityRights: string,
  tenantRole = "User",
): Promise<Session & { email: string }> {
  const { embeddedIdentity } = await import("../../packages/core/src/identity/embedded.ts");
  const identity = embeddedIdentity({ store: await testStore(), key: signingKey() });
  const email = `u-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@other.example`;
  const password = "user-pass-1";
  await identity.createUser({
    email,
    password,
    name: "Limited User",
    tenant: owner.tenant,
    tenantRole,
    securityRights,
    company: String(owner.context.company ?? "Other Org"),
  });
  return { ...(await signIn(email, password)), email };
}
