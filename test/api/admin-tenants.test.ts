import { describe, expect, it } from "vitest";
import {
  LICENSES_AT_LEAST_ONE,
  LICENSES_REQUIRED,
  TENANT_ID_PATTERN_MESSAGE,
  TENANT_ID_REQUIRED,
} from "../../packages/core/src/tenant/admin-schema.ts";
import { adminTenant, adminUser, firstSignIn, provider, uniqueTenantId } from "../support/admin.ts";
import { call, DEMO_USERS, expectProblem, type Session, signIn, testStore } from "../support/api.ts";

/** POST and PUT /api/admin/tenant (spec 003 §2.9, §5 Tenant, §7.2), SuperAdmin only. */

const create = (session: Session, body: unknown) =>
  call("/api/admin/tenant", { method: "POST", body, session });
const edit = (session: Session, body: unknown) => call("/api/admin/tenant", { method: "PUT", body, session });

/** Every tenant, walking the list's pages. */
async function allTenants(session: Session) {
  const items: { id: string; name: string; apiKey: string; licenses: string[]; status: string }[] = [];
  let cursor: string | undefined;
  do {
    const res = await call(
      `/api/admin/tenant?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      {
        session,
      },
    );
    items.push(...res.json.items);
    cursor = res.json.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

describe("admin: create tenant", () => {
  it("creates a tenant with a random api key and settings, listed, whose users work at once", async () => {
    const admin = await provider();
    const tenantId = uniqueTenantId("new");
    const res = await create(admin, { tenantId, licenses: ["ListManager", "MaxCIF"] });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: tenantId,
      name: tenantId,
      licenses: ["ListManager", "MaxCIF"],
      status: "Active",
    });
    expect(res.json.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await create(admin, { tenantId: uniqueTenantId("new"), licenses: ["MaxCIF"] });
    expect(other.json.apiKey).not.toBe(res.json.apiKey);

    const listed = (await allTenants(admin)).find((t) => t.id === tenantId);
    expect(listed).toEqual(res.json);

    // What a tenant needs to work: its settings record (company = name), so its first user's console opens.
    const store = await testStore();
    expect((await store.entities.tenantSettings.get({ tenant: tenantId }).go()).data?.company).toBe(tenantId);
    const user = await firstSignIn(await adminUser(admin, tenantId));
    expect(user.context).toMatchObject({
      tenant: tenantId,
      apiKey: res.json.apiKey,
      licenses: ["ListManager", "MaxCIF"],
    });
    const settings = await call("/api/tenant-settings", { session: user });
    expect(settings.status).toBe(200);
    expect(settings.json).toMatchObject({ id: tenantId, company: tenantId });
    expect((await call("/api/segments", { session: user })).status).toBe(200);
  });

  it("takes a name, trims the id and keeps each licence once", async () => {
    const admin = await provider();
    const tenantId = uniqueTenantId("trim");
    const res = await create(admin, {
      tenantId: `  ${tenantId} `,
      name: "Trim Corp",
      licenses: ["PromptPay", "PromptPay", "USD"],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ id: tenantId, name: "Trim Corp", licenses: ["PromptPay", "USD"] });
  });

  it.each([
    [{ licenses: ["MaxCIF"] }, "tenantId", TENANT_ID_REQUIRED],
    [{ tenantId: "", licenses: ["MaxCIF"] }, "tenantId", TENANT_ID_REQUIRED],
    [{ tenantId: "   ", licenses: ["MaxCIF"] }, "tenantId", TENANT_ID_REQUIRED],
    [{ tenantId: "Acme-Caps", licenses: ["MaxCIF"] }, "tenantId", TENANT_ID_PATTERN_MESSAGE],
    [{ tenantId: "under_score", licenses: ["MaxCIF"] }, "tenantId", TENANT_ID_PATTERN_MESSAGE],
    [{ tenantId: "dot.ted", licenses: ["MaxCIF"] }, "tenantId", TENANT_ID_PATTERN_MESSAGE],
    [
      { tenantId: "x".repeat(64), licenses: ["MaxCIF"] },
      "tenantId",
      "Tenant ID must be 63 characters or less",
    ],
    [{ tenantId: "no-licences" }, "licenses", LICENSES_REQUIRED],
    [{ tenantId: "no-licences", licenses: [] }, "licenses", LICENSES_AT_LEAST_ONE],
    [{ tenantId: "no-licences", licenses: "MaxCIF" }, "licenses", LICENSES_REQUIRED],
  ])("refuses %j with the spec's message on %s", async (body, path, message) => {
    const admin = await provider();
    const problem = expectProblem(await create(admin, body), 400);
    expect(problem.errors).toContainEqual({ path, message });
    // Nothing was written.
    const id = (body as { tenantId?: unknown }).tenantId;
    if (typeof id === "string" && id.trim())
      expect((await (await testStore()).entities.tenant.get({ id: id.trim() }).go()).data).toBeNull();
  });

  it("refuses a licence that is not one of the options, and fields the body does not have", async () => {
    const admin = await provider();
    const bad = expectProblem(await create(admin, { tenantId: uniqueTenantId(), licenses: ["Gold"] }), 400);
    expect(bad.errors[0]?.path).toBe("licenses.0");
    expectProblem(
      await create(admin, { tenantId: uniqueTenantId(), licenses: ["MaxCIF"], apiKey: "mine" }),
      400,
    );
    expectProblem(
      await create(admin, { tenantId: uniqueTenantId(), licenses: ["MaxCIF"], status: "Disabled" }),
      400,
    );
  });

  it("refuses an id already taken with a 409 and changes nothing of the tenant that has it", async () => {
    const admin = await provider();
    const first = await adminTenant(admin, ["MaxCIF"]);
    const again = expectProblem(
      await create(admin, { tenantId: first.id, name: "Usurper", licenses: ["ListManager"] }),
      409,
    );
    expect(again.errors).toContainEqual({ path: "tenantId", message: `Tenant ${first.id} already exists.` });
    const stored = (await allTenants(admin)).find((t) => t.id === first.id);
    expect(stored).toEqual(first);
    // The demo tenants are taken too.
    expectProblem(await create(admin, { tenantId: "acme", licenses: ["MaxCIF"] }), 409);
  });

  it("two creations of one id at once: one 201, one 409, one record", async () => {
    const admin = await provider();
    const tenantId = uniqueTenantId("race");
    const answers = await Promise.all([
      create(admin, { tenantId, licenses: ["MaxCIF"] }),
      create(admin, { tenantId, licenses: ["ListManager"] }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const winner = answers.find((a) => a.status === 201);
    expect((await allTenants(admin)).filter((t) => t.id === tenantId)).toEqual([winner?.json]);
  });
});

describe("admin: edit tenant", () => {
  it("replaces the licences and the name; the id, api key and status stay", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["MaxCIF"]);
    const res = await edit(admin, {
      tenantId: tenant.id,
      name: "Renamed",
      licenses: ["ListManager", "PromptPay"],
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...tenant, name: "Renamed", licenses: ["ListManager", "PromptPay"] });
    // Without a name the name stays.
    const again = await edit(admin, { tenantId: tenant.id, licenses: ["OutReach"] });
    expect(again.json).toMatchObject({ name: "Renamed", licenses: ["OutReach"] });
  });

  it("refuses an unknown tenant with 404 and the rules of create with their messages", async () => {
    const admin = await provider();
    const missing = uniqueTenantId("ghost");
    const problem = expectProblem(await edit(admin, { tenantId: missing, licenses: ["MaxCIF"] }), 404);
    expect(problem.detail).toBe(`Tenant ${missing} does not exist.`);
    expect((await (await testStore()).entities.tenant.get({ id: missing }).go()).data).toBeNull();
    expect(
      expectProblem(await edit(admin, { tenantId: "Acme", licenses: ["MaxCIF"] }), 400).errors,
    ).toContainEqual({
      path: "tenantId",
      message: TENANT_ID_PATTERN_MESSAGE,
    });
    expect(expectProblem(await edit(admin, { tenantId: "acme", licenses: [] }), 400).errors).toContainEqual({
      path: "licenses",
      message: LICENSES_AT_LEAST_ONE,
    });
  });

  it("a licence removed takes effect on the tenant's users' next request, not their next sign-in", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["ListManager", "MaxCIF"]);
    const user = await firstSignIn(await adminUser(admin, tenant.id));
    expect((await call("/api/segments", { session: user })).status).toBe(200);

    await edit(admin, { tenantId: tenant.id, licenses: ["MaxCIF"] });
    const refused = expectProblem(await call("/api/segments", { session: user }), 403);
    expect(refused.code).toBe("auth.not_licensed");
    expect((await call("/api/auth/me", { session: user })).json.context.licenses).toEqual(["MaxCIF"]);

    await edit(admin, { tenantId: tenant.id, licenses: ["MaxCIF", "ListManager"] });
    expect((await call("/api/segments", { session: user })).status).toBe(200);
  });
});

describe("admin: tenant routes are the provider's", () => {
  it("every /api/admin operation of the OpenAPI document answers a tenant admin 403, before validation", async () => {
    const doc = (await call("/api/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin/") || path === "/api/admin")
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
      );
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        "GET /api/admin/tenant",
        "POST /api/admin/tenant",
        "PUT /api/admin/tenant",
        "POST /api/admin/tenant/{id}/disable",
        "POST /api/admin/tenant/{id}/enable",
        "POST /api/admin/user",
      ]),
    );
    const acme = await signIn(DEMO_USERS.acme);
    const globex = await signIn(DEMO_USERS.globex);
    for (const session of [acme, globex])
      for (const op of operations) {
        const res = await call(op.path.replace(/\{[^}]+\}/g, session.tenant), {
          method: op.method,
          session,
          ...(op.method === "GET" ? {} : { body: { tenantId: session.tenant, licenses: ["USD"] } }),
        });
        expect(expectProblem(res, 403).code, `${op.method} ${op.path}`).toBe("auth.super_admin_only");
      }
  });

  it("a tenant admin gets 403 creating, editing, disabling or enabling a tenant, even their own", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    for (const res of [
      await create(acme, { tenantId: uniqueTenantId(), licenses: ["MaxCIF"] }),
      await edit(acme, { tenantId: "acme", licenses: ["ListManager", "MaxCIF", "PromptPay", "USD"] }),
      await call("/api/admin/tenant/globex/disable", { method: "POST", session: acme }),
      await call("/api/admin/tenant/acme/enable", { method: "POST", session: acme }),
    ])
      expect(expectProblem(res, 403).code).toBe("auth.super_admin_only");
    expect((await call("/api/auth/me", { session: acme })).json.context.licenses).toEqual([
      "ListManager",
      "MaxCIF",
      "PromptPay",
    ]);
  });
});
