import { describe, expect, it } from "vitest";
import { SIMULATED_UNITS } from "../../packages/local/src/simulators/cxone-data.ts";
import { call, newTenant, type Session } from "../support/api.ts";

/**
 * Tenant isolation of GET /api/skills: each tenant reads the skills of its own CXone connection only; a
 * tenant without one gets none, whatever it names in the query.
 */
const [ACME, GLOBEX] = SIMULATED_UNITS as [(typeof SIMULATED_UNITS)[0], (typeof SIMULATED_UNITS)[0]];

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

const names = async (session: Session, query = "") =>
  ((await call(`/api/skills${query}`, { session })).json.items as { skillName: string }[]).map(
    (s) => s.skillName,
  );

describe("tenant isolation: skills", () => {
  it("each tenant lists its own business unit's outbound skills; one without a connection none", async () => {
    const acme = await connectedTenant(ACME);
    const globex = await connectedTenant(GLOBEX);
    const fresh = await newTenant(["ListManager"]);
    // Outbound Personal Connection skills of media type 4 that are active, by name.
    expect(await names(acme)).toEqual(["Acme Outbound Collections", "Acme Payment Reminders"]);
    expect(await names(globex)).toEqual(["Globex Appointment Outreach"]);
    expect(await names(fresh, "?tenant=acme")).toEqual([]);
    const first = (await call("/api/skills", { session: acme })).json.items[0];
    expect(first).toEqual({ skillId: 4100001, skillName: "Acme Outbound Collections", skillSource: "NiC" });
  });
});
