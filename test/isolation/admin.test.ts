import { describe, expect, it } from "vitest";
import { adminTenant, adminUser, firstSignIn, provider } from "../support/admin.ts";
import { call, DEMO_USERS, expectProblem, signIn } from "../support/api.ts";

/**
 * Tenant isolation of the provider's admin routes and of the users they make: only the provider acts on
 * tenants and users; a user made for tenant A works in A only, whatever A's neighbours hold.
 */
describe("tenant isolation: provider admin", () => {
  it("no tenant admin reads, makes or changes tenants or users, their own included", async () => {
    const admin = await provider();
    const target = await adminTenant(admin, ["MaxCIF"]);
    for (const email of [DEMO_USERS.acme, DEMO_USERS.globex]) {
      const session = await signIn(email);
      const attempts = [
        await call("/api/admin/tenant", { session }),
        await call("/api/admin/tenant", {
          method: "PUT",
          body: { tenantId: session.tenant, licenses: ["ListManager", "MaxCIF", "PromptPay", "USD"] },
          session,
        }),
        await call("/api/admin/tenant", {
          method: "PUT",
          body: { tenantId: target.id, licenses: ["USD"] },
          session,
        }),
        await call(`/api/admin/tenant/${target.id}/disable`, { method: "POST", session }),
        await call("/api/admin/user", {
          method: "POST",
          body: {
            email: `sneak-${session.tenant}@x.example`,
            name: "Sneak",
            password: "sneaky-pass-1",
            tenant: session.tenant,
            tenantRole: "SuperAdmin",
            securityRights: "1|1|1|1",
            company: "Sneak",
          },
          session,
        }),
      ];
      for (const res of attempts) expect(expectProblem(res, 403).code).toBe("auth.super_admin_only");
    }
    const after = (await call("/api/admin/tenant?limit=500", { session: admin })).json.items;
    expect(after).toContainEqual(target);
    expectProblem(
      await call("/api/auth/sign-in", {
        method: "POST",
        body: { email: "sneak-acme@x.example", password: "sneaky-pass-1" },
      }),
      401,
    );
  });

  it("a user made for one tenant sees that tenant only, and its token does not go with another's api key", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["ListManager"]);
    const user = await firstSignIn(await adminUser(admin, tenant.id));
    const acme = await signIn(DEMO_USERS.acme);
    expect((await call("/api/tenant-settings", { session: user })).json.id).toBe(tenant.id);
    expect((await call("/api/contacts", { session: user })).json.total).toBe(0);
    expect((await call("/api/tenant-settings?tenant=acme", { session: user })).json.id).toBe(tenant.id);
    expect(
      expectProblem(await call("/api/segments", { session: { ...user, apiKey: acme.apiKey } }), 403).code,
    ).toBe("auth.api_key_mismatch");
    expect(
      expectProblem(await call("/api/segments", { session: { ...acme, apiKey: tenant.apiKey } }), 403).code,
    ).toBe("auth.api_key_mismatch");
  });

  it("a new-password session completes only the challenge of the user it was issued to", async () => {
    const admin = await provider();
    const a = await adminUser(admin, (await adminTenant(admin, ["MaxCIF"])).id);
    const b = await adminUser(admin, (await adminTenant(admin, ["MaxCIF"])).id);
    const challengeA = await call("/api/auth/sign-in", {
      method: "POST",
      body: { email: a.email, password: a.password },
    });
    const crossed = await call("/api/auth/new-password", {
      method: "POST",
      body: { email: b.email, session: challengeA.json.session, newPassword: "takeover-pass-1" },
    });
    expect(expectProblem(crossed, 401).code).toBe("auth.challenge_expired");
    // b still has its temporary password and its own challenge.
    const challengeB = await call("/api/auth/sign-in", {
      method: "POST",
      body: { email: b.email, password: b.password },
    });
    expect(challengeB.json.challenge).toBe("NEW_PASSWORD_REQUIRED");
  });
});
