import { describe, expect, it } from "vitest";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { runSchedule } from "../../packages/functions/src/schedule/target.ts";
import { adminTenant, adminUser, firstSignIn, provider } from "../support/admin.ts";
import { call, DEMO_USERS, eventually, expectProblem, signIn, testStore } from "../support/api.ts";
import { liveUrl, openEvents, refusedHandshake } from "../support/events.ts";

/**
 * Disable Tenant really disables (docs/decisions.md): sign-in, existing tokens, the api key and the
 * schedule target all refuse a disabled tenant, and Enable undoes it. Each test makes its own tenants: the
 * demo tenants are never disabled.
 */

const disable = async (id: string) =>
  call(`/api/admin/tenant/${id}/disable`, { method: "POST", session: await provider() });
const enable = async (id: string) =>
  call(`/api/admin/tenant/${id}/enable`, { method: "POST", session: await provider() });

/** The schedule target as it runs on AWS, reading the tenant from the run's own table. */
const fireSchedule = async (tenant: string) => {
  const store = await testStore();
  // The campaign operation reads the Store as the target's Env provides it.
  provideEnv({ mode: "embedded", store } as unknown as Env);
  return runSchedule(
    { tenant, campaignId: "c-1", action: "start" },
    async (id) => (await store.entities.tenant.get({ id }).go()).data,
  );
};

describe("admin: disable and enable a tenant", () => {
  it("refuses sign-in, existing tokens and the api key within seconds; Enable restores all of them", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["ListManager", "MaxCIF"]);
    const made = await adminUser(admin, tenant.id);
    const user = await firstSignIn(made);
    expect((await call("/api/segments", { session: user })).status).toBe(200);

    const disabled = await disable(tenant.id);
    expect(disabled.status).toBe(200);
    expect(disabled.json).toMatchObject({ id: tenant.id, status: "Disabled" });

    // The token issued before, with the tenant's api key: refused within seconds (here at once).
    const refused = await eventually(
      () => call("/api/segments", { session: user }),
      (r) => r.status === 403,
      6_000,
    );
    expect(expectProblem(refused, 403).code).toBe("auth.tenant_disabled");
    expect(expectProblem(await call("/api/auth/me", { session: user }), 403).code).toBe(
      "auth.tenant_disabled",
    );

    // Sign-in with the right password says why; a wrong password stays the usual 401.
    const again = expectProblem(
      await call("/api/auth/sign-in", {
        method: "POST",
        body: { email: user.email, password: user.password },
      }),
      403,
    );
    expect(again.code).toBe("auth.tenant_disabled");
    expect(again.detail).toBe(
      "Your organization's access has been disabled. Contact your provider to have it enabled again.",
    );
    expectProblem(
      await call("/api/auth/sign-in", {
        method: "POST",
        body: { email: user.email, password: "wrong-password" },
      }),
      401,
    );
    expect((await call("/api/admin/tenant?limit=500", { session: admin })).json.items).toContainEqual({
      ...tenant,
      status: "Disabled",
    });

    const enabled = await enable(tenant.id);
    expect(enabled.json).toMatchObject({ id: tenant.id, status: "Active", apiKey: tenant.apiKey });
    expect((await call("/api/segments", { session: user })).status).toBe(200);
    const back = await call("/api/auth/sign-in", {
      method: "POST",
      body: { email: user.email, password: user.password },
    });
    expect(back.status).toBe(200);
    expect(back.json.token).toEqual(expect.any(String));
  });

  it("a user with a temporary password cannot finish the first sign-in while the tenant is disabled", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["MaxCIF"]);
    const made = await adminUser(admin, tenant.id);
    const challenge = await call("/api/auth/sign-in", {
      method: "POST",
      body: { email: made.email, password: made.password },
    });
    expect(challenge.json.challenge).toBe("NEW_PASSWORD_REQUIRED");
    await disable(tenant.id);
    const done = await call("/api/auth/new-password", {
      method: "POST",
      body: { email: made.email, session: challenge.json.session, newPassword: "own-password-1" },
    });
    expect(expectProblem(done, 403).code).toBe("auth.tenant_disabled");
    // Nor start it again: the temporary password's sign-in is refused too while disabled.
    const fresh = await adminUser(admin, tenant.id);
    const refused = await call("/api/auth/sign-in", {
      method: "POST",
      body: { email: fresh.email, password: fresh.password },
    });
    expect(expectProblem(refused, 403).code).toBe("auth.tenant_disabled");
    await enable(tenant.id);
    // The password was set; the user signs in with it once enabled.
    expect(
      (
        await call("/api/auth/sign-in", {
          method: "POST",
          body: { email: made.email, password: "own-password-1" },
        })
      ).json.token,
    ).toEqual(expect.any(String));
  });

  it("closes the tenant's open live feeds and refuses new ones while disabled", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["ListManager"]);
    const user = await firstSignIn(await adminUser(admin, tenant.id));
    const live = await openEvents(user);
    const acme = await openEvents(await signIn(DEMO_USERS.acme));
    await disable(tenant.id);
    const closed = await Promise.race([
      live.closed,
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 5_000)),
    ]);
    expect(closed?.code).toBe(4403);
    const refused = await refusedHandshake(liveUrl(user));
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).code).toBe("auth.tenant_disabled");
    // Other tenants' feeds stay open.
    expect(acme.ws.readyState).toBe(acme.ws.OPEN);
    await acme.close();
    await enable(tenant.id);
    const again = await eventually(
      () =>
        openEvents(user).then(
          (e) => e,
          () => undefined,
        ),
      (e) => e !== undefined,
      6_000,
    );
    expect(again).toBeDefined();
    await again?.close();
  });

  it("the schedule target does nothing for a disabled tenant, and acts again once it is enabled", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["ListManager"]);
    // Active: the target goes on to the campaign operation (here of a campaign that does not exist).
    expect(await fireSchedule(tenant.id)).toEqual({ skipped: "gone", tenant: tenant.id });
    await disable(tenant.id);
    expect(await fireSchedule(tenant.id)).toEqual({ skipped: "tenant_disabled", tenant: tenant.id });
    expect(await fireSchedule("no-such-tenant")).toEqual({
      skipped: "tenant_disabled",
      tenant: "no-such-tenant",
    });
    await enable(tenant.id);
    expect(await fireSchedule(tenant.id)).toEqual({ skipped: "gone", tenant: tenant.id });
  });

  it("refuses to disable the provider tenant, and answers 404 for a tenant that does not exist", async () => {
    const admin = await provider();
    const own = expectProblem(await disable("provider"), 400);
    expect(own.detail).toBe("The provider tenant cannot be disabled.");
    expect((await call("/api/auth/me", { session: admin })).status).toBe(200);
    expect(expectProblem(await disable("no-such-tenant-x"), 404).detail).toBe(
      "Tenant no-such-tenant-x does not exist.",
    );
    expect(expectProblem(await enable("no-such-tenant-x"), 404).detail).toBe(
      "Tenant no-such-tenant-x does not exist.",
    );
    expect((await (await testStore()).entities.tenant.get({ id: "no-such-tenant-x" }).go()).data).toBeNull();
    expectProblem(await disable("Not-Lower"), 400);
  });

  it("disabling one tenant leaves the others working", async () => {
    const admin = await provider();
    const tenant = await adminTenant(admin, ["ListManager"]);
    const acme = await signIn(DEMO_USERS.acme);
    await disable(tenant.id);
    expect((await call("/api/segments", { session: acme })).status).toBe(200);
    await enable(tenant.id);
  });
});
