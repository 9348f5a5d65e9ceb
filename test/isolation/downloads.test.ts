import { describe, expect, it } from "vitest";
import { call, expectProblem, newTenant } from "../support/api.ts";
import { connectDynamics } from "../support/dynamics.ts";

/**
 * Tenant isolation for the CRM Configurations and Downloads endpoints: the Dynamics connection and the
 * inventory source are each tenant's own; the add-on packages are the provider's, the same for all.
 */
describe("tenant isolation: Dynamics credentials, inventory source, downloads", () => {
  it("tenant B neither reads A's Dynamics connection nor is changed by A's inventory source", async () => {
    const a = await newTenant([]);
    const b = await newTenant([]);
    await connectDynamics(a, { e2ClientId: "client-of-a", e2DynamTenantId: "dyn-tenant-of-a" });
    expect((await call("/api/dynamics-credentials", { session: a })).json.e2ClientId).toBe("client-of-a");
    const seenByB = await call("/api/dynamics-credentials", { session: b });
    expect(seenByB.json).toMatchObject({ connected: false, e2ClientId: null, e2ClientSecret: null });
    expect(seenByB.text).not.toContain("of-a");

    // A's connection does not let B choose Dynamics 365, and A's choice is not B's.
    expectProblem(
      await call("/api/inventory-source", { method: "PUT", session: b, body: { source: "Dynamics 365" } }),
      400,
    );
    const saved = await call("/api/inventory-source", {
      method: "PUT",
      session: a,
      body: { source: "Dynamics 365" },
    });
    expect(saved.status).toBe(200);
    expect((await call("/api/inventory-source", { session: b })).json.source).toBe("ReachCX");
    // A tenant named in the body is an unknown key, not a way into another tenant.
    expectProblem(
      await call("/api/inventory-source", {
        method: "PUT",
        session: b,
        body: { source: "ReachCX", tenant: a.tenant },
      }),
      400,
    );
    expect((await call("/api/inventory-source", { session: a })).json.source).toBe("Dynamics 365");
  });

  it("download links name no tenant and are the same packages for every tenant", async () => {
    const a = await newTenant([]);
    const b = await newTenant([]);
    const linkA = (await call("/api/downloads/dialer", { session: a })).json.url as string;
    const linkB = (await call("/api/downloads/dialer", { session: b })).json.url as string;
    expect(linkA).not.toContain(a.tenant);
    expect(linkB).not.toContain(b.tenant);
    expect((await call("/api/downloads", { session: a })).json).toEqual(
      (await call("/api/downloads", { session: b })).json,
    );
    // A token of tenant A with the api key of tenant B is refused here as everywhere.
    expectProblem(await call("/api/downloads", { session: { ...a, apiKey: b.apiKey } }), 403);
  });
});
