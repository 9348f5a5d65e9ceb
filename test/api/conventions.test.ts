import { describe, expect, it } from "vitest";
import { call, DEMO_USERS, expectProblem, signIn } from "../support/api.ts";

describe("API conventions", () => {
  it("GET /api/health needs no token", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", mode: "embedded" });
  });

  it("an unknown route is a 404 problem, a known path with another method a 405 with Allow", async () => {
    expect(expectProblem(await call("/api/nothing-here"), 404).code).toBe("route.not_found");
    const res = await call("/api/health", { method: "DELETE" });
    expectProblem(res, 405);
    expect(res.headers.get("allow")).toContain("GET");
  });

  it("malformed JSON is a 400 problem and a 2 MB body a 413, and the server keeps serving", async () => {
    const session = await signIn(DEMO_USERS.acme);
    const bad = await call("/api/tenant-settings", {
      method: "PATCH",
      raw: '{"icBU": "1234567"',
      headers: { "content-type": "application/json" },
      session,
    });
    expect(expectProblem(bad, 400).detail).toBe("The request body is not valid JSON.");

    const huge = await call("/api/tenant-settings", {
      method: "PATCH",
      raw: JSON.stringify({ company: "x".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
      session,
    });
    expectProblem(huge, 413);
    const settings = await call("/api/tenant-settings", { session });
    expect(settings.json.company).toBe("Acme Collections");
    expect((await call("/api/health")).status).toBe(200);
  });

  it("serves the OpenAPI document and the interactive docs", async () => {
    const doc = await call("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.json.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/auth/sign-in",
        "/api/tenant-settings",
        "/api/admin/tenant",
      ]),
    );
    const page = await call("/api/docs");
    expect(page.text).toContain("SwaggerUIBundle");
    expect((await call("/api/docs/swagger-ui-bundle.js")).status).toBe(200);
  });

  it("describes every refusal in the OpenAPI document as the problem+json the API sends", async () => {
    const doc = (await call("/api/openapi.json")).json;
    expect(doc.components.schemas.Problem.required).toEqual(
      expect.arrayContaining(["type", "title", "status", "detail", "code", "errors"]),
    );
    const refusals = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((ops) =>
      Object.values(ops).flatMap((op) =>
        Object.entries(op.responses as Record<string, any>).filter(([status]) => Number(status) >= 400),
      ),
    );
    expect(refusals.length).toBeGreaterThan(20);
    for (const [status, response] of refusals) {
      expect(Object.keys(response.content ?? {}), status).toEqual(["application/problem+json"]);
      expect(response.content["application/problem+json"].schema).toEqual({
        $ref: "#/components/schemas/Problem",
      });
    }
    const create = doc.paths["/api/contacts"].post.responses;
    expect(Object.keys(create)).toEqual(expect.arrayContaining(["400", "413", "500"]));
  });

  it("every reference in the OpenAPI document resolves", async () => {
    const doc = (await call("/api/openapi.json")).json;
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs).toContain("#/components/schemas/Problem");
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.split("/").pop() as string], ref).toBeDefined();
    }
  });

  it("never answers a stack trace", async () => {
    const res = await call("/api/admin/tenant?cursor=not-a-real-cursor", {
      session: await signIn(DEMO_USERS.provider),
    });
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe("admin routes", () => {
  it("refuses a tenant admin and serves a SuperAdmin, paging with a cursor", async () => {
    const tenantAdmin = await signIn(DEMO_USERS.acme);
    expect(expectProblem(await call("/api/admin/tenant", { session: tenantAdmin }), 403).code).toBe(
      "auth.super_admin_only",
    );
    const provider = await signIn(DEMO_USERS.provider);
    const first = await call("/api/admin/tenant?limit=2", { session: provider });
    expect(first.status).toBe(200);
    expect(first.json.items).toHaveLength(2);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await call(
      `/api/admin/tenant?limit=100&cursor=${encodeURIComponent(first.json.nextCursor)}`,
      {
        session: provider,
      },
    );
    const ids = [...first.json.items, ...second.json.items].map((t: { id: string }) => t.id);
    expect(ids).toEqual(expect.arrayContaining(["provider", "acme", "globex"]));
    expect(new Set(ids).size).toBe(ids.length);
    const acme = [...first.json.items, ...second.json.items].find((t: { id: string }) => t.id === "acme");
    expect(acme.licenses).toEqual(["ListManager", "MaxCIF", "PromptPay"]);
  });

  it("limit outside 1..500 is a 400 problem", async () => {
    const provider = await signIn(DEMO_USERS.provider);
    expectProblem(await call("/api/admin/tenant?limit=0", { session: provider }), 400);
    expectProblem(await call("/api/admin/tenant?limit=abc", { session: provider }), 400);
  });
});
