import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  API_ACCESS,
  describeNeed,
  type Need,
  needOf,
  refusal,
} from "../../packages/core/src/rights/access.ts";
import { LICENSES, RIGHTS, type Right } from "../../packages/core/src/rights/index.ts";
import {
  call,
  DEMO_USERS,
  expectProblem,
  newTenant,
  newUser,
  type Session,
  signIn,
  testStore,
} from "../support/api.ts";

/**
 * Walks /api/openapi.json against API_ACCESS (core/rights/access.ts): every operation has its need in the
 * table, and every caller short of that need (the right's position 0, the tenant without the licence, not
 * provider staff, no token) is refused before the request is validated or acted on. A new endpoint is
 * covered the moment it is in the OpenAPI document, and cannot be served without a row in the table.
 */

interface Operation {
  key: string;
  method: string;
  path: string;
  hasBody: boolean;
}

const doc = (await call("/api/openapi.json")).json as {
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; security?: unknown[]; "x-needs"?: string; description?: string }>
  >;
};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    key: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    hasBody: op.requestBody !== undefined,
  })),
);
const needOfOp = (op: Operation) => needOf(op.method, op.path) as Need;

/** The path with each `{param}` a random id: the refusal must come before any lookup could say 404. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

/** A body no operation accepts: a refusal must come before validation could say 400. */
const GARBAGE = { "not-a-field": ["garbage"] };

const send = (op: Operation, session?: Session) =>
  call(concrete(op.path), {
    method: op.method,
    session,
    ...(op.hasBody ? { body: GARBAGE } : {}),
  });

/** One user per right, lacking exactly that position; all four licences held by their tenant. */
const lacking = {} as Record<Right, Session>;
/** Owners (every right) of tenants holding every licence but the ones a need names, by that licence list. */
const unlicensed = new Map<string, Session>();
let entitled: Session;
let tenantAdmin: Session;

const rightsWithout = (right: Right) => RIGHTS.map((r) => (r === right ? "0" : "1")).join("|");
const licencesKey = (licences: readonly string[]) => [...licences].sort().join(",");

beforeAll(async () => {
  entitled = await newTenant([...LICENSES]);
  for (const right of RIGHTS) lacking[right] = await newUser(entitled, rightsWithout(right));
  const licenceSets = new Map<string, readonly string[]>();
  for (const op of operations) {
    const need = needOfOp(op);
    if (need?.kind === "user" && need.licences) licenceSets.set(licencesKey(need.licences), need.licences);
  }
  for (const [key, licences] of licenceSets)
    unlicensed.set(key, await newTenant(LICENSES.filter((l) => !licences.includes(l))));
  tenantAdmin = await signIn(DEMO_USERS.acme);
  // Each tenant waits out the tenant cache and each user a password hash: more than the default 10 s.
}, 60_000);

describe("the access table and the API", () => {
  it("every operation of the OpenAPI document has its entry in API_ACCESS", () => {
    expect(operations.length).toBeGreaterThan(10);
    const missing = operations.filter((op) => !needOfOp(op)).map((op) => op.key);
    expect(missing).toEqual([]);
  });

  it("the OpenAPI document and docs/api.md say each operation's need as the table does", () => {
    const table = API_ACCESS as Record<string, string>;
    for (const op of operations) {
      const described = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(described?.["x-needs"], op.key).toBe(table[op.key]);
      expect(described?.description, op.key).toContain(`Needs: ${describeNeed(needOfOp(op))}`);
      const kind = needOfOp(op).kind;
      if (kind === "public") expect(described?.security, op.key).toEqual([]);
      else if (kind === "platform") expect(described?.security, op.key).toEqual([{ apiKey: [] }]);
      else expect(described?.security, op.key).toBeUndefined();
    }
    const page = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
    const rows = [...page.matchAll(/^\| ((?:GET|POST|PUT|PATCH|DELETE) \/api\S*)\s*\| `(\w+)`/gm)].map(
      (m) => [m[1], m[2]],
    );
    expect(Object.fromEntries(rows)).toEqual(table);
  });

  it("every entry of API_ACCESS is a route the API serves", async () => {
    const documented = new Set(operations.map((op) => op.key));
    for (const key of Object.keys(API_ACCESS)) {
      if (documented.has(key)) continue;
      // Only the API's own documents are served without being listed in the document they make.
      const [method, path] = key.split(" ") as [string, string];
      const res = await call(path.replace("{asset}", "swagger-ui.css"), { method });
      expect(res.status, key).toBe(200);
      expect(needOf(method, path)?.kind, key).toBe("public");
    }
  });

  it("a caller lacking the operation's right gets 403 with the table's sentence, before validation", async () => {
    const checked: string[] = [];
    for (const op of operations) {
      const need = needOfOp(op);
      if (need.kind !== "user" || !need.right) continue;
      const res = await send(op, lacking[need.right]);
      const body = expectProblem(res, 403);
      expect(body.detail, op.key).toBe(refusal({ ok: false, reason: "rights", right: need.right }));
      expect(body.code, op.key).toBe("auth.missing_right");
      checked.push(op.key);
    }
    expect(checked).toEqual(expect.arrayContaining(["PATCH /api/tenant-settings", "POST /api/contacts"]));
  });

  it("a tenant without the operation's licence gets 403 with the table's sentence, before validation", async () => {
    const checked: string[] = [];
    for (const op of operations) {
      const need = needOfOp(op);
      if (need.kind !== "user" || !need.licences) continue;
      const res = await send(op, unlicensed.get(licencesKey(need.licences)));
      const body = expectProblem(res, 403);
      expect(body.detail, op.key).toBe(refusal({ ok: false, reason: "unlicensed", licences: need.licences }));
      expect(body.code, op.key).toBe("auth.not_licensed");
      checked.push(op.key);
    }
    expect(checked).toEqual(expect.arrayContaining(["GET /api/contacts", "DELETE /api/contacts/{id}"]));
  });

  it("a tenant admin gets 403 from every provider operation", async () => {
    const provider = operations.filter((op) => needOfOp(op).kind === "provider");
    expect(provider.map((op) => op.key)).toContain("GET /api/admin/tenant");
    for (const op of provider) {
      const body = expectProblem(await send(op, tenantAdmin), 403);
      expect(body.detail, op.key).toBe(refusal({ ok: false, reason: "provider" }));
      expect(body.code, op.key).toBe("auth.super_admin_only");
    }
  });

  it("every operation but the public ones answers 401 without a token", async () => {
    for (const op of operations) {
      const res = await send(op);
      const kind = needOfOp(op).kind;
      if (kind === "public") expect([401, 403], op.key).not.toContain(res.status);
      // A platform's call carries no token at all: the key it lacks is what it is refused for.
      else if (kind === "platform") expect(expectProblem(res, 401).code, op.key).toBe("auth.missing_api_key");
      else expect(expectProblem(res, 401).code, op.key).toBe("auth.missing_token");
    }
  });

  it("HEAD is gated as the GET it runs", async () => {
    const settings = { method: "HEAD" };
    expect((await call("/api/tenant-settings", settings)).status).toBe(401);
    expect((await call("/api/tenant-settings", { ...settings, session: lacking.configuration })).status).toBe(
      403,
    );
    expect((await call("/api/tenant-settings", { ...settings, session: entitled })).status).toBe(200);
  });

  it("a caller who meets the need is let through to validation and the handler", async () => {
    const provider = await signIn(DEMO_USERS.provider);
    for (const op of operations) {
      const need = needOfOp(op);
      if (need.kind === "public") continue;
      const res = await send(op, need.kind === "provider" ? provider : entitled);
      // Garbage bodies and random ids now meet the validators and the store: 400, 404 or a 2xx.
      expect([401, 403, 500], `${op.key} answered ${res.status}: ${res.text}`).not.toContain(res.status);
    }
  });

  it("signing in is enough for the user's own context, whatever the rights and licences", async () => {
    const bare = await newUser(unlicensed.values().next().value as Session, "0|0|0|0");
    const me = await call("/api/auth/me", { session: bare });
    expect(me.status).toBe(200);
    expect(me.json.context.rights).toEqual({
      dashboards: false,
      inventory: false,
      listManagement: false,
      configuration: false,
    });
  });
});

describe("tenant settings need the Configuration right", () => {
  it("a PATCH from a user without it changes nothing", async () => {
    const before = (await call("/api/tenant-settings", { session: entitled })).json;
    const refused = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { company: "Taken Over", icScriptName: "Hijacked" },
      session: lacking.configuration,
    });
    expect(expectProblem(refused, 403).detail).toBe("Your security rights do not include Configuration.");
    const after = (await call("/api/tenant-settings", { session: entitled })).json;
    expect(after.company).toBe(before.company);
    expect(after.icScriptName).toBe(before.icScriptName);
    // A user of the same tenant who holds Configuration (and lacks another right) may.
    const allowed = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { icScriptName: "Outbound-Main" },
      session: lacking.inventory,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.json.icScriptName).toBe("Outbound-Main");
  });

  it("the licence is read as the tenant holds it now, not as when the token was issued", async () => {
    const tenant = await newTenant(["ListManager"]);
    expect((await call("/api/contacts", { session: tenant })).status).toBe(200);
    const store = await testStore();
    await store.entities.tenant
      .patch({ id: tenant.tenant })
      .set({ licenses: ["MaxCIF"] })
      .go();
    // The server caches tenant records briefly; the change feed evicts the entry.
    await expect
      .poll(async () => (await call("/api/contacts", { session: tenant })).status, { timeout: 15_000 })
      .toBe(403);
  });
});

describe("a route without an entry", () => {
  it("stops the API from starting, extension routes included", async () => {
    const { createApi } = await import("../../packages/functions/src/api/app.ts");
    expect(() => createApi((app) => app.get("/unlisted", (c) => c.text("open")))).toThrow(
      "API routes without an entry in API_ACCESS (packages/core/src/rights/access.ts): GET /api/unlisted",
    );
  });

  it("cannot be registered for every method, which the gate would take for middleware", async () => {
    const { createApi } = await import("../../packages/functions/src/api/app.ts");
    expect(() => createApi((app) => app.all("/everything", (c) => c.text("open")))).toThrow(
      "API routes registered for every method (name the method instead): /api/everything",
    );
  });

  it("is refused if served all the same, and a host's own routes are left to the host", async () => {
    const { Hono } = await import("hono");
    const { assertAccessTable, enforceAccess } = await import("../../packages/functions/src/api/access.ts");
    const { onError } = await import("../../packages/functions/src/api/problem.ts");
    const api = new Hono().basePath("/api").use(enforceAccess);
    api.get("/unlisted", (c) => c.text("open"));
    api.onError(onError);
    const res = await api.request("/api/unlisted");
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("open");

    const host = new Hono().use(enforceAccess);
    host.get("*", (c) => c.text("console"));
    expect(() => assertAccessTable(host)).not.toThrow();
    expect(await (await host.request("/anything")).text()).toBe("console");
  });
});
