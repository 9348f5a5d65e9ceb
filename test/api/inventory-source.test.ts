import { beforeEach, describe, expect, it } from "vitest";
import { MASK } from "../../packages/core/src/secrets/index.ts";
import { call, expectProblem, newTenant, type Session } from "../support/api.ts";
import { connectDynamics } from "../support/dynamics.ts";

let admin: Session;
beforeEach(async () => {
  admin = await newTenant([]);
});

describe("GET /api/dynamics-credentials", () => {
  it("answers no connection and every field empty for a new tenant", async () => {
    const res = await call("/api/dynamics-credentials", { session: admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      connected: false,
      onPremAccessUrl: null,
      onPremAuthUrl: null,
      onPremVersion: null,
      e2DynamTenantId: null,
      e2ClientId: null,
      e2ClientSecret: null,
    });
  });

  it("answers the six stored fields with the app secret masked", async () => {
    await connectDynamics(admin);
    const res = await call("/api/dynamics-credentials", { session: admin });
    expect(res.json).toEqual({
      connected: true,
      onPremAccessUrl: "https://crm.contoso.example",
      onPremAuthUrl: "https://adfs.contoso.example/adfs/oauth2/token",
      onPremVersion: "9.1",
      e2DynamTenantId: "72f988bf-86f1-41af-91ab-2d7cd011db47",
      e2ClientId: "0d3f6c1e-5b8a-4e43-9d1a-3b6f0f1a2c44",
      e2ClientSecret: MASK,
    });
    expect(res.text).not.toContain("dyn-secret-value-1");
  });

  it("is read-only and asks for a signed-in user", async () => {
    expectProblem(await call("/api/dynamics-credentials"), 401);
    expect(
      (await call("/api/dynamics-credentials", { method: "PUT", session: admin, body: {} })).status,
    ).toBe(405);
  });
});

describe("/api/inventory-source", () => {
  it("is ReachCX until saved, and Dynamics 365 cannot be chosen without a connection", async () => {
    const first = await call("/api/inventory-source", { session: admin });
    expect(first.json).toEqual({ source: "ReachCX", dynamicsConnected: false, updatedAt: null });
    const refused = expectProblem(
      await call("/api/inventory-source", {
        method: "PUT",
        session: admin,
        body: { source: "Dynamics 365" },
      }),
      400,
    );
    expect(refused.errors).toEqual([
      {
        path: "source",
        message: "Dynamics 365 needs a Dynamics connection first: configure it under Dynamics CRM.",
      },
    ]);
    expect((await call("/api/inventory-source", { session: admin })).json.source).toBe("ReachCX");
  });

  it("saves Dynamics 365 once connected, and ReachCX back", async () => {
    await connectDynamics(admin);
    const saved = await call("/api/inventory-source", {
      method: "PUT",
      session: admin,
      body: { source: "Dynamics 365" },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ source: "Dynamics 365", dynamicsConnected: true });
    expect(Date.parse(saved.json.updatedAt)).not.toBeNaN();
    expect((await call("/api/inventory-source", { session: admin })).json.source).toBe("Dynamics 365");
    const back = await call("/api/inventory-source", {
      method: "PUT",
      session: admin,
      body: { source: "ReachCX" },
    });
    expect(back.json.source).toBe("ReachCX");
  });

  it("refuses anything but one of the two sources", async () => {
    for (const body of [{ source: "Salesforce" }, {}, { source: "ReachCX", tenant: "acme" }, { source: 1 }]) {
      expectProblem(await call("/api/inventory-source", { method: "PUT", session: admin, body }), 400);
    }
    expect((await call("/api/inventory-source", { session: admin })).json.source).toBe("ReachCX");
  });
});
