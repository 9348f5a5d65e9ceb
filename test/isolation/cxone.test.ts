import { describe, expect, it } from "vitest";
import { SIMULATED_UNITS } from "../../packages/local/src/simulators/cxone-data.ts";
import { call, DEMO_USERS, expectProblem, newTenant, type Session, signIn } from "../support/api.ts";

/**
 * Tenant isolation of the CXone login: a tenant logs in only with its own saved connection, and the mask
 * in a connection test stands for the caller's own saved secret, never another tenant's.
 */
const [ACME, GLOBEX] = SIMULATED_UNITS as [(typeof SIMULATED_UNITS)[0], (typeof SIMULATED_UNITS)[0]];

const skillsOf = async (login: { api_endpoint: string; token: string }) => {
  const res = await fetch(`${login.api_endpoint}services/v26.0/skills?fields=skillName`, {
    headers: { authorization: `Bearer ${login.token}` },
  });
  return ((await res.json()).skills as { skillName: string }[]).map((s) => s.skillName);
};

/**
 * A fresh tenant whose saved connection is the simulated unit's (the demo tenants' settings are changed by
 * other suites running at the same time).
 */
async function connectedTenant(unit: typeof ACME): Promise<Session> {
  const session = await newTenant(["ListManager"]);
  const saved = await call("/api/tenant-settings", {
    method: "PATCH",
    body: {
      icProduct: "CXOne",
      icBU: String(unit.businessUnitId),
      icAccessKey: unit.accessKey,
      icAppSecret: unit.appSecret,
    },
    session,
  });
  expect(saved.status).toBe(200);
  return session;
}

describe("tenant isolation: CXone login", () => {
  it("each tenant's login reaches only its own business unit", async () => {
    const login = async (session: Session) =>
      (await call("/api/login/nic", { method: "POST", session })).json;
    expect(await skillsOf(await login(await connectedTenant(ACME)))).toContain("Acme Outbound Collections");
    expect(await skillsOf(await login(await connectedTenant(GLOBEX)))).toEqual([
      "Globex Appointment Outreach",
    ]);
  });

  it("naming another tenant in the body or the query changes nothing", async () => {
    const fresh = await newTenant(["ListManager"]);
    const viaBody = await call("/api/login/nic?tenant=acme", {
      method: "POST",
      body: { tenant: "acme", id: "acme" },
      session: fresh,
    });
    expect(expectProblem(viaBody, 400).code).toBe("cxone.login_failed");
  });

  it("the mask never stands for another tenant's saved secret", async () => {
    const globex = await connectedTenant(GLOBEX);
    const fresh = await newTenant(["ListManager"]);
    const acmeWithMask = {
      icProduct: "CXOne",
      icBU: String(ACME.businessUnitId),
      icAccessKey: ACME.accessKey,
      icAppSecret: "********",
    };
    for (const session of [globex, fresh]) {
      const res = await call("/api/login/nic/test", { method: "POST", body: acmeWithMask, session });
      expect(res.json.success, session.tenant).toBe(false);
    }
    // The same form with globex's own key and the mask works for globex: the mask is its own secret.
    const own = await call("/api/login/nic/test", {
      method: "POST",
      body: { ...acmeWithMask, icBU: String(GLOBEX.businessUnitId), icAccessKey: GLOBEX.accessKey },
      session: globex,
    });
    expect(own.json.success).toBe(true);
  });

  it("a token of tenant A with the api key of tenant B is refused", async () => {
    const acme = await signIn(DEMO_USERS.acme);
    const globex = await signIn(DEMO_USERS.globex);
    const session = { ...globex, apiKey: acme.apiKey };
    expectProblem(await call("/api/login/nic", { method: "POST", session }), 403);
    expectProblem(await call("/api/login/nic/test", { method: "POST", body: {}, session }), 403);
  });
});
