import { describe, expect, it } from "vitest";
import { call, DEMO_USERS, expectProblem, newTenant, signIn } from "../support/api.ts";
import { openEvents } from "../support/events.ts";

/**
 * Tenant isolation: the tenant comes from the verified token only. Every endpoint is listed here with
 * what tenant B must not be able to do to tenant A. New endpoints add their cases to this folder.
 */
describe("tenant isolation: tenant settings", () => {
  it("each tenant reads only its own settings", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const globex = await signIn(DEMO_USERS.globex);
    expect((await call("/api/tenant-settings", { session: acme })).json.id).toBe("acme");
    expect((await call("/api/tenant-settings", { session: globex })).json.id).toBe("globex");
  });

  it("a token of tenant A with the api key of tenant B is refused", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const globex = await signIn(DEMO_USERS.globex);
    const res = await call("/api/tenant-settings", { session: { ...acme, apiKey: globex.apiKey } });
    expect(expectProblem(res, 403).code).toBe("auth.api_key_mismatch");
    const patch = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { icCluster: "hijack" },
      session: { ...acme, apiKey: globex.apiKey },
    });
    expectProblem(patch, 403);
    expect((await call("/api/tenant-settings", { session: globex })).json.icCluster).not.toBe("hijack");
    expect((await call("/api/tenant-settings", { session: acme })).json.icCluster).not.toBe("hijack");
  });

  it("naming another tenant in the body or the query changes nothing of theirs", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const globex = await signIn(DEMO_USERS.globex);
    const before = (await call("/api/tenant-settings", { session: globex })).json;
    expectProblem(
      await call("/api/tenant-settings", {
        method: "PATCH",
        body: { tenant: "globex", icCluster: "x1" },
        session: acme,
      }),
      400,
    );
    expectProblem(
      await call("/api/tenant-settings", {
        method: "PATCH",
        body: { id: "globex", icCluster: "x1" },
        session: acme,
      }),
      400,
    );
    const viaQuery = await call("/api/tenant-settings?tenant=globex", { session: acme });
    expect(viaQuery.json.id).toBe("acme");
    const after = (await call("/api/tenant-settings", { session: globex })).json;
    expect(after.icCluster).toEqual(before.icCluster);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("a tenant's event stream carries only its own changes", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const globex = await signIn(DEMO_USERS.globex);
    const acmeStream = await openEvents(acme);
    const globexStream = await openEvents(globex);
    try {
      await call("/api/tenant-settings", {
        method: "PATCH",
        body: { icCluster: `iso${Date.now()}` },
        session: acme,
      });
      expect(await acmeStream.waitFor((e) => e.id === "acme")).toBeDefined();
      // Give the other stream the same chance to (wrongly) receive it.
      await new Promise((r) => setTimeout(r, 500));
      expect(globexStream.events.filter((e) => e.id === "acme")).toEqual([]);
    } finally {
      await acmeStream.close();
      await globexStream.close();
    }
  });

  it("a product form is checked against the caller's own stored settings, never another tenant's", async () => {
    // A: a saved legacy connection. B: none. B's mask stands for no secret, and A's product is not B's.
    const a = await newTenant(["ListManager"]);
    const b = await newTenant(["ListManager"]);
    const legacy = {
      icProduct: "Legacy",
      icUserName: "a.user",
      icPassword: "a-password",
      icBU: "4600123",
      icApp: "App",
      icVendor: "Vendor",
      icGetAuthTokenURL: "https://token.example/Token",
    };
    expect((await call("/api/tenant-settings", { method: "PATCH", body: legacy, session: a })).status).toBe(
      200,
    );
    const masked = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { ...legacy, icPassword: "********" },
      session: b,
    });
    expect(expectProblem(masked, 400).errors).toEqual([
      { path: "icPassword", message: "Please supply a password" },
    ]);
    // A legacy-only field is refused for A, accepted for B (no product yet): each tenant's own product counts.
    expectProblem(
      await call("/api/tenant-settings", { method: "PATCH", body: { icAccessKey: "k" }, session: a }),
      400,
    );
    expect(
      (await call("/api/tenant-settings", { method: "PATCH", body: { icAccessKey: "k" }, session: b }))
        .status,
    ).toBe(200);
    expect((await call("/api/tenant-settings", { session: a })).json).not.toHaveProperty("icAccessKey");
  });

  it("the connection defaults are the platform's, the same for every tenant; another tenant's key is refused", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const globex = await signIn(DEMO_USERS.globex);
    const a = await call("/api/login/nic/defaults", { session: acme });
    expect(a.status).toBe(200);
    expect((await call("/api/login/nic/defaults", { session: globex })).json).toEqual(a.json);
    expectProblem(
      await call("/api/login/nic/defaults", { session: { ...acme, apiKey: globex.apiKey } }),
      403,
    );
  });

  it("admin routes stay closed to every tenant admin", async () => {
    for (const email of [DEMO_USERS.acme, DEMO_USERS.globex]) {
      const session = await signIn(email);
      expectProblem(await call("/api/admin/tenant", { session }), 403);
    }
  });
});
