import { describe, expect, it } from "vitest";
import { call, DEMO_USERS, expectProblem, newTenant, signIn } from "../support/api.ts";

/**
 * Vendors are the provider's: a tenant admin (any licences, every right) gets 403 from every
 * /api/cms-onboard operation the OpenAPI document lists, and nothing is written or read.
 */
describe("tenant isolation: merchant onboarding", () => {
  it("refuses every /api/cms-onboard route to tenant admins", async () => {
    const doc = (await call("/api/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/cms-onboard/"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => [method.toUpperCase(), path] as const),
      );
    expect(operations.length).toBeGreaterThanOrEqual(13);

    const provider = await signIn(DEMO_USERS.provider);
    const id = `iso-${Date.now().toString(36)}`;
    const made = await call("/api/cms-onboard/create-vendor", {
      method: "POST",
      body: { id, name: "Isolated" },
      session: provider,
    });
    expect(made.status).toBe(201);

    const acme = await signIn(DEMO_USERS.acme);
    const fresh = await newTenant(["ListManager", "MaxCIF", "PromptPay"]);
    for (const session of [acme, fresh])
      for (const [method, path] of operations) {
        const body =
          method === "GET"
            ? undefined
            : { id, vendorId: id, vendor: id, oldId: id, newId: `${id}-x`, newName: "X", name: "Hacked" };
        const res = await call(path.replace("{id}", id), { method, body, session });
        expect(expectProblem(res, 403).code, `${method} ${path}`).toBe("auth.super_admin_only");
      }
    const after = await call(`/api/cms-onboard/get-vendor/${id}`, { session: provider });
    expect(after.json.name).toBe("Isolated");
  });
});
