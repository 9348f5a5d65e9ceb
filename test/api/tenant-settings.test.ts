import { describe, expect, it } from "vitest";
import { call, DEMO_USERS, expectProblem, newTenant, signIn } from "../support/api.ts";
import { openEvents } from "../support/events.ts";

describe("/api/tenant-settings", () => {
  it("GET answers the signed-in tenant's settings with its licences and key", async () => {
    const session = await signIn(DEMO_USERS.acme);
    const res = await call("/api/tenant-settings", { session });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: "acme",
      company: "Acme Collections",
      icBU: "4600123",
      licenses: ["ListManager", "MaxCIF", "PromptPay"],
      apiKey: session.apiKey,
    });
  });

  it("PATCH changes fields, empty strings clear them, and validation uses the spec's messages", async () => {
    // A tenant of its own: the demo tenants' settings are changed by other suites running at the same time.
    const session = await newTenant(["ListManager"]);
    expect(
      (await call("/api/tenant-settings", { method: "PATCH", body: { icBU: "4600456" }, session })).status,
    ).toBe(200);
    const ok = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { icScriptName: "Outbound-Main", icAPIOverride: "https://api.example.com/v26" },
      session,
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      icScriptName: "Outbound-Main",
      icAPIOverride: "https://api.example.com/v26",
    });

    const cleared = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { icScriptName: "" },
      session,
    });
    expect(cleared.json.icScriptName).toBeUndefined();

    const short = expectProblem(
      await call("/api/tenant-settings", { method: "PATCH", body: { icBU: "123" }, session }),
      400,
    );
    expect(short.errors).toContainEqual({
      path: "icBU",
      message: "The Business Unit Number is at least 7 Characters Long",
    });
    const letters = expectProblem(
      await call("/api/tenant-settings", { method: "PATCH", body: { icBU: "12345ab" }, session }),
      400,
    );
    expect(letters.errors[0]?.message).toBe("Please supply a valid CXOne Business Unit");
    const url = expectProblem(
      await call("/api/tenant-settings", { method: "PATCH", body: { icAPIOverride: "not a url" }, session }),
      400,
    );
    expect(url.errors[0]?.message).toBe("Please provide a valid URL");
    expect((await call("/api/tenant-settings", { session })).json.icBU).toBe("4600456");
  });

  it("refuses provider-managed fields, so a tenant cannot grant itself licences", async () => {
    const session = await newTenant(["MaxCIF"]);
    await call("/api/tenant-settings", { method: "PATCH", body: { icBU: "4600456" }, session });
    const problem = expectProblem(
      await call("/api/tenant-settings", {
        method: "PATCH",
        body: { licenses: ["ListManager"], icBU: "7654321" },
        session,
      }),
      400,
    );
    expect(problem.errors.map((e) => e.path)).toContain("licenses");
    const after = (await call("/api/tenant-settings", { session })).json;
    expect(after.licenses).toEqual(["MaxCIF"]);
    expect(after.icBU).toBe("4600456");
  });

  it("stores credentials encrypted and answers them masked; the mask sent back keeps the secret", async () => {
    const session = await newTenant(["ListManager"]);
    const set = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { icAppSecret: "s3cr3t-value" },
      session,
    });
    expect(set.json.icAppSecret).toBe("********");
    expect(set.text).not.toContain("s3cr3t-value");
    const kept = await call("/api/tenant-settings", {
      method: "PATCH",
      body: { icAppSecret: "********", icPassword: null },
      session,
    });
    expect(kept.json.icAppSecret).toBe("********");
    expect(kept.json.icPassword).toBeNull();
  });

  it("a change reaches the tenant's open event streams within 2 s", async () => {
    const session = await signIn(DEMO_USERS.acme);
    const stream = await openEvents(session);
    try {
      await call("/api/tenant-settings", { method: "PATCH", body: { icCluster: `c${Date.now()}` }, session });
      const event = await stream.waitFor((e) => e.entity === "tenantSettings" && e.id === "acme", 2000);
      expect(event).toEqual({ entity: "tenantSettings", op: "upsert", id: "acme" });
    } finally {
      await stream.close();
    }
  });
});
