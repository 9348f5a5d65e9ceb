import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIMULATED_UNITS } from "../../packages/local/src/simulators/cxone-data.ts";
import { call, expectProblem, newTenant, type Session } from "../support/api.ts";

/**
 * POST /api/login/nic and /api/login/nic/test against the runtime's CXone simulator (the demo tenants'
 * platform), and against servers that hang, answer garbage or answer too much.
 */
const [ACME] = SIMULATED_UNITS as [(typeof SIMULATED_UNITS)[0]];
const UNSUCCESSFUL = {
  success: false,
  message: "Connection unsuccessful, Please check connection settings.",
};
const cloudForm = (more: Record<string, unknown> = {}) => ({
  icProduct: "CXOne",
  icBU: String(ACME.businessUnitId),
  icAccessKey: ACME.accessKey,
  icAppSecret: "********",
  ...more,
});

let acme: Session;
/** The simulator's URL, read from where the login points the caller. */
let simulator: string;
const servers: (Server | TcpServer)[] = [];
const sockets: Socket[] = [];

function listen(server: Server | TcpServer): Promise<string> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  // A fresh tenant connected to the simulated acme unit: the demo tenants' settings are changed by other
  // suites running at the same time (the bad-input walk PATCHes them).
  acme = await newTenant(["ListManager"]);
  const saved = await call("/api/tenant-settings", {
    method: "PATCH",
    body: {
      icProduct: "CXOne",
      icBU: String(ACME.businessUnitId),
      icAccessKey: ACME.accessKey,
      icAppSecret: ACME.appSecret,
    },
    session: acme,
  });
  expect(saved.status).toBe(200);
  const login = await call("/api/login/nic", { method: "POST", session: acme });
  simulator = String(login.json?.api_endpoint).replace(/\/incontactapi\/$/, "");
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
});

describe("POST /api/login/nic", () => {
  it("logs the tenant in with its saved connection; the token opens the platform's API", async () => {
    const res = await call("/api/login/nic", { method: "POST", session: acme });
    expect(res.status).toBe(200);
    expect(res.json.api_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/incontactapi\/$/);
    expect(res.json.expires_in).toBe(3600);
    const skills = await fetch(`${res.json.api_endpoint}services/v26.0/skills?fields=skillId,skillName`, {
      headers: { authorization: `Bearer ${res.json.token}` },
    });
    expect((await skills.json()).skills.map((s: { skillName: string }) => s.skillName)).toContain(
      "Acme Outbound Collections",
    );
  });

  it("a tenant without a saved connection is refused with the connection message", async () => {
    const other = await newTenant(["ListManager"]);
    const problem = expectProblem(await call("/api/login/nic", { method: "POST", session: other }), 400);
    expect(problem.code).toBe("cxone.login_failed");
    expect(problem.detail).toBe(UNSUCCESSFUL.message);
  });

  it("needs a token", async () => {
    expectProblem(await call("/api/login/nic", { method: "POST" }), 401);
  });
});

describe("POST /api/login/nic/test", () => {
  it("succeeds with the saved secret (the mask) or the secret typed again, and saves nothing", async () => {
    const before = (await call("/api/tenant-settings", { session: acme })).json;
    for (const body of [
      cloudForm(),
      cloudForm({ icAppSecret: ACME.appSecret, icDiscoveryDomain: simulator }),
    ]) {
      const res = await call("/api/login/nic/test", { method: "POST", body, session: acme });
      expect(res.json).toEqual({ success: true, message: "Connection Successful!" });
    }
    const after = (await call("/api/tenant-settings", { session: acme })).json;
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it("tests the legacy flow against the entered token URL", async () => {
    const legacy = {
      icProduct: "Legacy",
      icBU: String(ACME.businessUnitId),
      icUserName: ACME.legacy.userName,
      icPassword: ACME.legacy.password,
      icApp: ACME.legacy.app,
      icVendor: ACME.legacy.vendor,
      icGetAuthTokenURL: `${simulator}/InContactAuthorizationServer/Token`,
    };
    const ok = await call("/api/login/nic/test", { method: "POST", body: legacy, session: acme });
    expect(ok.json.success).toBe(true);
    const wrong = await call("/api/login/nic/test", {
      method: "POST",
      body: { ...legacy, icPassword: "not-it" },
      session: acme,
    });
    expect(wrong.json).toEqual(UNSUCCESSFUL);
  });

  it("a wrong secret, a wrong access key or a business unit of another account is unsuccessful", async () => {
    for (const body of [
      cloudForm({ icAppSecret: "wrong-secret" }),
      cloudForm({ icAccessKey: "NOT-A-KEY" }),
      cloudForm({ icBU: "4600456" }),
    ]) {
      const res = await call("/api/login/nic/test", { method: "POST", body, session: acme });
      expect(res.status).toBe(200);
      expect(res.json, JSON.stringify(body)).toEqual(UNSUCCESSFUL);
    }
  });

  it("an unreachable or hanging platform is unsuccessful within the call's deadline", async () => {
    const closed = createTcpServer();
    const closedUrl = await listen(closed);
    await new Promise((done) => closed.close(done));
    servers.splice(servers.indexOf(closed), 1);
    const hanging = createTcpServer((socket) => sockets.push(socket));
    const hangingUrl = await listen(hanging);
    for (const domain of [closedUrl, hangingUrl]) {
      const res = await call("/api/login/nic/test", {
        method: "POST",
        body: cloudForm({ icDiscoveryDomain: domain }),
        session: acme,
      });
      expect(res.json, domain).toEqual(UNSUCCESSFUL);
    }
  });

  it("a platform answering garbage or a flood is unsuccessful", async () => {
    const garbage = await listen(
      createServer((_req, res) =>
        res.writeHead(200, { "content-type": "application/json" }).end("<html>oops"),
      ),
    );
    const wrongShape = await listen(
      createServer((_req, res) => res.writeHead(200).end(JSON.stringify({ token_endpoint: 42 }))),
    );
    const flood = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(64 * 1024, 32);
        let sent = 0;
        const more = () => {
          while (sent < 50 * 1024 * 1024 && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", more);
          }
          res.end();
        };
        res.on("error", () => undefined);
        more();
      }),
    );
    for (const domain of [garbage, wrongShape, flood]) {
      const res = await call("/api/login/nic/test", {
        method: "POST",
        body: cloudForm({ icDiscoveryDomain: domain }),
        session: acme,
      });
      expect(res.json, domain).toEqual(UNSUCCESSFUL);
    }
  });

  it("refuses the metadata service before sending anything", async () => {
    const res = await call("/api/login/nic/test", {
      method: "POST",
      body: cloudForm({ icDiscoveryDomain: "http://169.254.169.254" }),
      session: acme,
    });
    expect(res.json).toEqual(UNSUCCESSFUL);
  });

  it("checks the form's rules with the spec's messages", async () => {
    const cloud = expectProblem(
      await call("/api/login/nic/test", {
        method: "POST",
        body: { icProduct: "CXOne", icBU: "12", icAccessKey: "", icAppSecret: "x", icAPIOverride: "nope" },
        session: acme,
      }),
      400,
    );
    expect(cloud.errors.map((e) => e.message)).toEqual([
      "The Business Unit Number is at least 7 Characters Long",
      "Please supply a CXOne access key",
      "Please provide a valid URL",
    ]);
    expectProblem(
      await call("/api/login/nic/test", {
        method: "POST",
        body: { ...cloudForm(), extra: 1 },
        session: acme,
      }),
      400,
    );
  });
});
