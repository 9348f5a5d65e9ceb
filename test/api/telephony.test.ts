import type { AddressInfo } from "node:net";
import { createServer, type Socket, type Server as TcpServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIMULATED_UNITS } from "../../packages/local/src/simulators/cxone-data.ts";
import { call, expectProblem, newTenant, type Session, testStore } from "../support/api.ts";

/**
 * The Telephony settings' server rules (spec 000 §4, §5, §7): PATCH /api/tenant-settings per product, and
 * the legacy connection test through POST /api/login/nic/test against the simulator's legacy token endpoint.
 */
const [ACME] = SIMULATED_UNITS as [(typeof SIMULATED_UNITS)[0]];
const MASK = "********";
const UNSUCCESSFUL = {
  success: false,
  message: "Connection unsuccessful, Please check connection settings.",
};

const cloud = {
  icProduct: "CXOne",
  icBU: String(ACME.businessUnitId),
  icAccessKey: ACME.accessKey,
  icAppSecret: ACME.appSecret,
};
let legacyTokenUrl: string;
const legacy = () => ({
  icProduct: "Legacy",
  icBU: String(ACME.businessUnitId),
  icUserName: ACME.legacy.userName,
  icPassword: ACME.legacy.password,
  icApp: ACME.legacy.app,
  icVendor: ACME.legacy.vendor,
  icGetAuthTokenURL: legacyTokenUrl,
});

const settings = async (session: Session) => (await call("/api/tenant-settings", { session })).json;
const patch = (session: Session, body: Record<string, unknown>) =>
  call("/api/tenant-settings", { method: "PATCH", body, session });

let owner: Session;
const sockets: Socket[] = [];
let hanging: TcpServer;

beforeAll(async () => {
  owner = await newTenant(["ListManager"]);
  const defaults = await call("/api/login/nic/defaults", { session: owner });
  expect(defaults.status).toBe(200);
  legacyTokenUrl = defaults.json.legacyTokenUrl;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  if (hanging) await new Promise((done) => hanging.close(done));
});

describe("GET /api/tenant-settings", () => {
  it("answers no sub-resource that holds credentials of its own", async () => {
    const session = await newTenant(["ListManager"]);
    const store = await testStore();
    await store.entities.tenantSettings
      .patch({ tenant: session.tenant })
      .set({
        icSMSProviderCredentials: [{ provider: "Twilio", data: {}, verified: false }],
        icSMSMapping: { enabled: false, mappings: [] },
        ftpImport: { password: "p" },
        ftpExport: { password: "p" },
      })
      .go();
    const answer = await settings(session);
    for (const key of ["icSMSProviderCredentials", "icSMSMapping", "ftpImport", "ftpExport"])
      expect(answer, key).not.toHaveProperty(key);
  });
});

describe("PATCH /api/tenant-settings: the product rules", () => {
  it("saves the cloud form, then refuses a legacy field while the product is CXOne", async () => {
    const saved = await patch(owner, cloud);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ icProduct: "CXOne", icAccessKey: ACME.accessKey, icAppSecret: MASK });
    const before = await settings(owner);

    for (const body of [{ icPassword: "secret" }, { ...cloud, icUserName: "someone" }]) {
      const problem = expectProblem(await patch(owner, body), 400);
      const field = Object.keys(body).find((k) => k === "icPassword" || k === "icUserName");
      expect(problem.errors).toEqual([
        { path: field, message: "This field belongs to the legacy connection form; the product is CXOne." },
      ]);
    }
    // Clearing one is not setting it.
    expect((await patch(owner, { icVendor: "" })).status).toBe(200);
    expect(await settings(owner)).toMatchObject({ ...before, updatedAt: expect.any(String) });
  });

  it("a form naming the product must be whole; stored values and a stored secret fill it in", async () => {
    const session = await newTenant(["ListManager"]);
    const empty = expectProblem(await patch(session, { icProduct: "CXOne", icAppSecret: MASK }), 400);
    expect(empty.errors).toEqual([
      { path: "icBU", message: "The Business Unit Number is at least 7 Characters Long" },
      { path: "icAccessKey", message: "Please supply a CXOne access key" },
      { path: "icAppSecret", message: "Please supply a CXOne application secret," },
    ]);
    expect((await settings(session)).icProduct).toBeUndefined();

    expect((await patch(session, cloud)).status).toBe(200);
    // The screen sends the form back with the mask: the stored secret stays and fills the form in.
    const again = await patch(session, { ...cloud, icAppSecret: MASK, icProduct: "Legacy Global" });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ icProduct: "Legacy Global", icAppSecret: MASK });
    const login = await call("/api/login/nic", { method: "POST", session });
    expect(login.status).toBe(200);

    const legacyMissing = expectProblem(await patch(session, { icProduct: "Legacy" }), 400);
    expect(legacyMissing.errors.map((e) => `${e.path}: ${e.message}`)).toEqual([
      "icUserName: Please supply an inContact User Name",
      "icPassword: Please supply a password",
      "icApp: Please supply an application name",
      "icVendor: Please supply a vendor name",
      "icGetAuthTokenURL: This field is required",
    ]);
    expect((await settings(session)).icProduct).toBe("Legacy Global");
  });

  it("saving the legacy form removes the cloud fields; the legacy business unit is exactly 7 digits", async () => {
    const session = await newTenant(["ListManager"]);
    expect((await patch(session, { ...cloud, icDiscoveryDomain: "cxone.example.com" })).status).toBe(200);
    const saved = await patch(session, legacy());
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ icProduct: "Legacy", icPassword: MASK, icAppSecret: null });
    expect(saved.json).not.toHaveProperty("icAccessKey");
    expect(saved.json).not.toHaveProperty("icDiscoveryDomain");
    const raw = (await (await testStore()).entities.tenantSettings.get({ tenant: session.tenant }).go()).data;
    expect(raw?.icAppSecret).toBeUndefined();

    const long = expectProblem(await patch(session, { icBU: "460012345" }), 400);
    expect(long.errors).toEqual([{ path: "icBU", message: "The Business Unit Number is 7 Characters Long" }]);
    const letters = expectProblem(await patch(session, { ...legacy(), icBU: "46001a3" }), 400);
    expect(letters.errors).toEqual([{ path: "icBU", message: "Please supply a valid business unit number" }]);
    const url = expectProblem(await patch(session, { ...legacy(), icGetAuthTokenURL: "token" }), 400);
    expect(url.errors).toEqual([
      { path: "icGetAuthTokenURL", message: "Please enter a valid authentication token URL" },
    ]);
    expect((await settings(session)).icBU).toBe(String(ACME.businessUnitId));

    // And back: the cloud form removes the legacy fields.
    const back = await patch(session, cloud);
    expect(back.json).toMatchObject({ icProduct: "CXOne", icPassword: null });
    for (const key of ["icUserName", "icApp", "icVendor", "icGetAuthTokenURL"])
      expect(back.json, key).not.toHaveProperty(key);
  });

  it("empty strings clear, createdAt and updatedAt sent back are ignored", async () => {
    const session = await newTenant(["ListManager"]);
    await patch(session, { ...cloud, icAPIOverride: "https://api.example.com/" });
    const before = await settings(session);
    const saved = await patch(session, {
      ...cloud,
      icAppSecret: MASK,
      icAPIOverride: "",
      createdAt: "2001-01-01T00:00:00.000Z",
      updatedAt: "2001-01-01T00:00:00.000Z",
    });
    expect(saved.status).toBe(200);
    expect(saved.json).not.toHaveProperty("icAPIOverride");
    expect(saved.json.createdAt).toBe(before.createdAt);
    expect(saved.json.updatedAt).not.toBe("2001-01-01T00:00:00.000Z");
  });

  it("an unknown key or a 1 MB string is refused and changes nothing", async () => {
    const session = await newTenant(["ListManager"]);
    await patch(session, cloud);
    const before = await settings(session);
    const unknown = expectProblem(await patch(session, { ...cloud, icSecretBackdoor: "x" }), 400);
    expect(unknown.errors.map((e) => e.path)).toContain("icSecretBackdoor");
    const huge = expectProblem(await patch(session, { ...cloud, icAccessKey: "k".repeat(1_000_000) }), 400);
    expect(huge.errors).toContainEqual({ path: "icAccessKey", message: "Please supply a CXOne access key" });
    expect(await settings(session)).toEqual(before);
  });
});

describe("POST /api/login/nic/test: the legacy form", () => {
  it("the default token URL is the simulator's, and the seeded legacy login succeeds there", async () => {
    expect(legacyTokenUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/InContactAuthorizationServer\/Token$/);
    const ok = await call("/api/login/nic/test", { method: "POST", body: legacy(), session: owner });
    expect(ok.json).toEqual({ success: true, message: "Connection Successful!" });
  });

  it("wrong password, vendor or business unit is unsuccessful", async () => {
    for (const more of [{ icPassword: "not-it" }, { icVendor: "Other" }, { icBU: "4600456" }]) {
      const res = await call("/api/login/nic/test", {
        method: "POST",
        body: { ...legacy(), ...more },
        session: owner,
      });
      expect(res.json, JSON.stringify(more)).toEqual(UNSUCCESSFUL);
    }
  });

  it("the mask stands for the saved password", async () => {
    const session = await newTenant(["ListManager"]);
    const masked = { ...legacy(), icPassword: MASK };
    expect((await call("/api/login/nic/test", { method: "POST", body: masked, session })).json).toEqual(
      UNSUCCESSFUL,
    );
    expect((await patch(session, legacy())).status).toBe(200);
    expect((await call("/api/login/nic/test", { method: "POST", body: masked, session })).json.success).toBe(
      true,
    );
  });

  it("an unreachable, hanging or refused token URL is unsuccessful", { timeout: 60_000 }, async () => {
    hanging = createServer((socket) => sockets.push(socket));
    await new Promise<void>((done) => hanging.listen(0, "127.0.0.1", done));
    const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/Token`;
    for (const url of [
      hangingUrl,
      "http://169.254.169.254/latest/meta-data",
      "http://no-such-host.invalid/t",
    ]) {
      const res = await call("/api/login/nic/test", {
        method: "POST",
        body: { ...legacy(), icGetAuthTokenURL: url },
        session: owner,
      });
      expect(res.json, url).toEqual(UNSUCCESSFUL);
    }
  });

  it("checks the legacy form's rules with the spec's messages", async () => {
    const problem = expectProblem(
      await call("/api/login/nic/test", {
        method: "POST",
        body: { ...legacy(), icBU: "46001", icUserName: "", icGetAuthTokenURL: "" },
        session: owner,
      }),
      400,
    );
    const messages = problem.errors.map((e) => `${e.path}: ${e.message}`);
    expect(messages).toContain("icBU: The Business Unit Number is 7 Characters Long");
    expect(messages).toContain("icUserName: Please supply an inContact User Name");
    expect(messages).toContain("icGetAuthTokenURL: This field is required");
  });
});
