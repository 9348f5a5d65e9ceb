import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CxoneSession, cxoneClient, login, orElse } from "../../packages/core/src/cxone/index.ts";
import { type Env, provideEnv } from "../../packages/core/src/env.ts";
import { type CxoneSimulator, startCxoneSimulator } from "../../packages/local/src/simulators/cxone.ts";
import { SIMULATED_UNITS } from "../../packages/local/src/simulators/cxone-data.ts";

/**
 * The CXone client against the simulator, every call of spec 000 §7: both login flows, the three skill
 * lists, script search and start, the scripts list, skill start and stop with spec 002 §8's results,
 * points of contact, time zones and billing usage. The simulator is the client's conformance target.
 */
const [ACME, GLOBEX] = SIMULATED_UNITS as [(typeof SIMULATED_UNITS)[0], (typeof SIMULATED_UNITS)[0]];

let sim: CxoneSimulator;
let session: CxoneSession;
const logged: { message: string; detail: Record<string, unknown> }[] = [];
const log = (message: string, detail: Record<string, unknown>) => logged.push({ message, detail });

const cloud = (overrides: Partial<Parameters<typeof login>[0]> = {}) =>
  ({
    product: "CXOne",
    businessUnit: String(ACME.businessUnitId),
    accessKey: ACME.accessKey,
    appSecret: ACME.appSecret,
    discoveryDomain: sim.url,
    apiOverride: null,
    ...overrides,
  }) as Parameters<typeof login>[0];

beforeAll(async () => {
  // The client's requests go through the outbound policy, which reads the mode from the Env: embedded,
  // as the simulator lives on loopback. Nothing else of the Env is used here.
  const policy: Pick<Env, "mode" | "outbound"> = { mode: "embedded", outbound: { closedPorts: new Set() } };
  provideEnv(policy as Env);
  sim = await startCxoneSimulator();
  const result = await login(cloud(), log);
  if (!result.ok) throw new Error(`login failed: ${JSON.stringify(result.error)}`);
  session = result.value;
});
afterAll(() => sim.stop());

describe("CXone login", () => {
  it("the cloud flow yields the API base and a token", () => {
    expect(session.baseUri).toBe(`${sim.url}/incontactapi/`);
    expect(session.token.length).toBeGreaterThan(10);
    expect(session.expiresIn).toBe(3600);
  });

  it("the legacy flow posts to the token URL with application@vendor basic auth", async () => {
    const legacy = await login({
      product: "Legacy",
      tokenUrl: `${sim.url}/InContactAuthorizationServer/Token`,
      userName: ACME.legacy.userName,
      password: ACME.legacy.password,
      app: ACME.legacy.app,
      vendor: ACME.legacy.vendor,
      businessUnit: String(ACME.businessUnitId),
    });
    expect(legacy.ok && legacy.value.baseUri).toBe(`${sim.url}/incontactapi/`);
    const wrongVendor = await login(
      {
        product: "Legacy",
        tokenUrl: `${sim.url}/InContactAuthorizationServer/Token`,
        userName: ACME.legacy.userName,
        password: ACME.legacy.password,
        app: ACME.legacy.app,
        vendor: GLOBEX.legacy.vendor,
        businessUnit: String(ACME.businessUnitId),
      },
      log,
    );
    expect(wrongVendor).toEqual({ ok: false, error: { kind: "refused", status: 401 } });
  });

  it("a wrong secret, another unit's business unit and an API override are each honoured", async () => {
    logged.length = 0;
    expect(await login(cloud({ appSecret: "wrong" }), log)).toEqual({
      ok: false,
      error: { kind: "refused", status: 401 },
    });
    expect(logged.map((l) => l.message)).toEqual(["login failed"]);
    expect(JSON.stringify(logged)).not.toContain("wrong");
    expect(await login(cloud({ businessUnit: String(GLOBEX.businessUnitId) }))).toEqual({
      ok: false,
      error: { kind: "refused", status: 403 },
    });
    const overridden = await login(cloud({ apiOverride: `${sim.url}/` }));
    expect(overridden.ok && overridden.value.baseUri).toBe(`${sim.url}/incontactapi/`);
  });
});

describe("CXone platform calls", () => {
  const client = () => cxoneClient(session, log);

  it("lists Personal Connection skills of media type 4, active skills and all skills, tagged NiC", async () => {
    const pc = orElse(await client().personalConnectionSkills(), []);
    expect(pc.map((s) => s.skillName)).toEqual(["Acme Outbound Collections", "Acme Payment Reminders"]);
    expect(pc[0]).toEqual({
      skillId: 4100001,
      skillName: "Acme Outbound Collections",
      scriptName: "Acme-Outbound-Main",
      source: "NiC",
    });
    const active = orElse(await client().activeSkills(), []);
    expect(active.map((s) => s.skillId)).toEqual([4100001, 4100002, 4100003, 4100004]);
    expect(active[2]).toMatchObject({ isOutbound: false, isRunning: false, source: "NiC" });
    expect(orElse(await client().activeSkills(3), []).map((s) => s.skillId)).toEqual([4100004]);
    expect(orElse(await client().allSkills(), [])).toHaveLength(5);
  });

  it("finds a script's master id, null for an unknown one, and starts it for a contact on a started skill", async () => {
    expect(orElse(await client().scriptId("Acme-Payment-Reminder"), null)).toBe(7100002);
    expect(orElse(await client().scriptId("No-Such-Script"), null)).toBeNull();
    const input = { skillId: 4100001, parameters: "3035550100|campaign-1|contact-1" };
    // A skill dials only while started.
    expect(await client().startScript(7100001, input)).toMatchObject({
      ok: false,
      error: { kind: "status", status: 409 },
    });
    expect((await client().startSkill(4100001, "Acme Outbound Collections")).ok).toBe(true);
    const started = await client().startScript(7100001, {
      skillId: 4100001,
      parameters: "3035550100|campaign-1|contact-1",
    });
    expect(started.ok).toBe(true);
    expect(sim.started.at(-1)).toMatchObject({
      contactId: started.ok ? started.value : -1,
      scriptId: 7100001,
      skillId: 4100001,
      parameters: "3035550100|campaign-1|contact-1",
    });
    expect(
      orElse(await client().startScript(9999999, { skillId: 4100001, parameters: "x" }), null),
    ).toBeNull();
    expect((await client().stopSkill(4100001, "Acme Outbound Collections")).ok).toBe(true);
  });

  it("lists scripts of media type 4 once per name", async () => {
    const scripts = orElse(await client().scripts(), []);
    expect(scripts.map((s) => s.scriptName)).toEqual(["Acme-Outbound-Main", "Acme-Payment-Reminder"]);
  });

  it("starts and stops a skill with spec 002 §8's messages", async () => {
    expect(await client().startSkill(4100002, "Acme Payment Reminders")).toEqual({
      status: 202,
      ok: true,
      message: "Acme Payment Reminders started successfully",
    });
    expect(await client().startSkill(4100002, "Acme Payment Reminders")).toEqual({
      status: 409,
      ok: false,
      message: "Unable to start Acme Payment Reminders - Skill is in an invalid state.",
    });
    expect((await client().stopSkill(4100002, "Acme Payment Reminders")).message).toBe(
      "Acme Payment Reminders stopped successfully",
    );
    expect((await client().stopSkill(123, "Ghost")).message).toBe("Unable to stop Ghost - Invalid skillID");
  });

  it("lists points of contact, the SMS ones (media type 3) apart", async () => {
    expect(orElse(await client().pointsOfContact(), [])).toHaveLength(3);
    const sms = orElse(await client().smsPointsOfContact(), []);
    expect(sms.map((p) => p.pointOfContactName)).toEqual(["Acme SMS Main", "Acme SMS Payments"]);
  });

  it("reads the business unit's time zones", async () => {
    expect(orElse(await client().timeZones(), []).map((z) => z.name)).toEqual([
      "Eastern",
      "Central",
      "Mountain",
      "Pacific",
    ]);
  });

  it("reports billing product usage and reads it back by product and dates", async () => {
    const usage = {
      businessUnitId: String(ACME.businessUnitId),
      productId: 349,
      unitAmount: 12,
      usageDate: "2026-11-20",
    };
    expect(await client().reportProductUsage(usage)).toEqual({ ok: true, value: true });
    const read = orElse(await client().productUsage(349, "2026-11-01", "2026-11-30"), []);
    expect(read).toEqual([
      { businessUnitId: ACME.businessUnitId, productId: 349, unitAmount: 12, usageDate: "2026-11-20" },
    ]);
    expect(orElse(await client().productUsage(349, "2026-12-01", "2026-12-31"), [])).toEqual([]);
  });

  it("a token of one unit sees only that unit; a bad token answers empty lists, logged", async () => {
    const globex = await login(
      cloud({
        businessUnit: String(GLOBEX.businessUnitId),
        accessKey: GLOBEX.accessKey,
        appSecret: GLOBEX.appSecret,
      }),
    );
    if (!globex.ok) throw new Error("globex login failed");
    const skills = orElse(await cxoneClient(globex.value).allSkills(), []);
    expect(skills.map((s) => s.skillName)).toEqual(["Globex Appointment Outreach"]);
    logged.length = 0;
    const stale = cxoneClient({ ...session, token: "forged" }, log);
    expect(orElse(await stale.allSkills(), [])).toEqual([]);
    expect(orElse(await stale.scriptId("Acme-Outbound-Main"), null)).toBeNull();
    expect(logged.map((l) => l.detail.error)).toEqual([
      { kind: "refused", status: 401 },
      { kind: "refused", status: 401 },
    ]);
    expect(JSON.stringify(logged)).not.toContain(session.token);
  });
});
