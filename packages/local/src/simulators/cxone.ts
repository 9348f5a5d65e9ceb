import { randomBytes, randomInt } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { type CallOptions, callPlayer } from "./cxone-calls.ts";
import { SIMULATED_UNITS, type SimulatedUnit } from "./cxone-data.ts";

/**
 * The CXone (inContact) platform on 127.0.0.1, speaking the endpoints the client calls (spec 000 §7):
 * OpenID discovery and the access-key token for the cloud products, the legacy token endpoint with basic
 * auth, and the platform API under /incontactapi/services/{version}/. Wrong credentials get the 401 the
 * platform sends; every API call needs a token this simulator issued, and sees only its business unit.
 * A skill dials only while started; a script started on it is played as a call whose result is posted to
 * the console (cxone-calls.ts) when the simulator is given where to post.
 */

export interface StartedContact {
  businessUnitId: number;
  contactId: number;
  scriptId: number;
  skillId: number;
  parameters: string;
}

export interface CxoneSimulator {
  url: string;
  /** Contacts started by scripts, for tests and the campaign driver's embedded mode. */
  started: StartedContact[];
  usage: { businessUnitId: number; productId: number; unitAmount: number; usageDate: string }[];
  stop(): Promise<void>;
}

const TOKEN_SECONDS = 3600;

export function cxoneSimulatorApp(
  url: () => string,
  units: SimulatedUnit[] = structuredClone(SIMULATED_UNITS),
  onStarted?: (contact: StartedContact) => void,
) {
  const tokens = new Map<string, { unit: SimulatedUnit; expires: number }>();
  const started: StartedContact[] = [];
  const usage: CxoneSimulator["usage"] = [];
  const issue = (unit: SimulatedUnit) => {
    const token = randomBytes(24).toString("base64url");
    tokens.set(token, { unit, expires: Date.now() + TOKEN_SECONDS * 1000 });
    return token;
  };
  const unitOf = (c: Context) => {
    const token = c.req.header("authorization")?.match(/^Bearer (.+)$/)?.[1];
    const held = token ? tokens.get(token) : undefined;
    return held && held.expires > Date.now() ? held.unit : undefined;
  };
  const refused = (c: Context) =>
    c.json({ error: "invalid_grant", error_description: "Invalid credentials" }, 401);
  const api = "/incontactapi/services/:version";

  const app = new Hono()
    .get("/.well-known/openid-configuration", (c) =>
      c.json({ issuer: url(), token_endpoint: `${url()}/auth/token`, response_types_supported: ["token"] }),
    )
    .post("/auth/token", async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const unit = units.find((u) => u.accessKey === form.username && u.appSecret === form.password);
      if (form.grant_type !== "password" || !unit) return refused(c);
      return c.json({ access_token: issue(unit), token_type: "Bearer", expires_in: TOKEN_SECONDS });
    })
    .get("/.well-known/cxone-configuration", (c) => {
      const unit = unitOf(c);
      if (!unit) return c.json({ error: "unauthorized" }, 401);
      if (String(unit.businessUnitId) !== c.req.query("businessUnitId"))
        return c.json({ error: "The access key does not belong to this business unit" }, 403);
      return c.json({ area: "sim", domain: "127.0.0.1", api_endpoint: url(), ui_endpoint: url() });
    })
    .post("/InContactAuthorizationServer/Token", async (c) => {
      const basic = c.req.header("authorization")?.match(/^Basic (.+)$/)?.[1];
      const [client, bu] = basic ? Buffer.from(basic, "base64").toString("utf8").split(":") : [];
      const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
      const unit = units.find(
        (u) =>
          `${u.legacy.app}@${u.legacy.vendor}` === client &&
          String(u.businessUnitId) === bu &&
          u.legacy.userName === body.username &&
          u.legacy.password === body.password,
      );
      if (body.grant_type !== "password" || !unit) return refused(c);
      return c.json({
        access_token: issue(unit),
        token_type: "bearer",
        expires_in: TOKEN_SECONDS,
        scope: "RealTimeApi AdminApi AgentApi",
        resource_server_base_uri: `${url()}/incontactapi/`,
        bus_no: unit.businessUnitId,
      });
    })
    .use(`${api}/*`, async (c, next) => {
      if (!unitOf(c)) return c.json({ error: "Invalid token" }, 401);
      await next();
    })
    .get(`${api}/skills`, (c) => {
      const unit = unitOf(c) as SimulatedUnit;
      const q = c.req.query();
      const skills = unit.skills.filter(
        (s) =>
          (q.mediaTypeId === undefined || String(s.mediaTypeId) === q.mediaTypeId) &&
          (q.isActive === undefined || String(s.isActive) === q.isActive) &&
          (q.outboundStrategy === undefined || s.outboundStrategy === q.outboundStrategy),
      );
      const fields = q.fields?.split(",");
      const shown = fields
        ? skills.map((s) => Object.fromEntries(Object.entries(s).filter(([k]) => fields.includes(k))))
        : skills;
      return c.json({ businessUnitId: unit.businessUnitId, totalRecords: shown.length, skills: shown });
    })
    .post(`${api}/skills/:id/:action{start|stop}`, (c) => {
      const unit = unitOf(c) as SimulatedUnit;
      const skill = unit.skills.find((s) => String(s.skillId) === c.req.param("id"));
      if (!skill) return c.json({ error: "Invalid skillID" }, 404);
      const start = c.req.param("action") === "start";
      if (skill.isRunning === start || !skill.isActive)
        return c.json({ error: "Skill is in an invalid state." }, 409);
      skill.isRunning = start;
      return c.body(null, 202);
    })
    .get(`${api}/scripts/search`, (c) => {
      const unit = unitOf(c) as SimulatedUnit;
      const name = c.req.query("scriptName");
      const found = unit.scripts.filter((s) => s.scriptName === name);
      return c.json({ scriptSearchDetails: found });
    })
    .get(`${api}/scripts`, (c) => {
      const unit = unitOf(c) as SimulatedUnit;
      return c.json({ resultSet: { scripts: unit.scripts } });
    })
    .post(`${api}/scripts/:id/start`, async (c) => {
      const unit = unitOf(c) as SimulatedUnit;
      const script = unit.scripts.find((s) => String(s.masterID) === c.req.param("id"));
      if (!script) return c.json({ error: "Invalid scriptId" }, 404);
      const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
      const skill = unit.skills.find((s) => s.skillId === Number(body.skillId));
      if (!skill || typeof body.parameters !== "string")
        return c.json({ error: "Invalid skillId or parameters" }, 400);
      if (!skill.isRunning) return c.json({ error: "Skill is not running" }, 409);
      const contact = {
        businessUnitId: unit.businessUnitId,
        contactId: randomInt(100_000_000, 999_999_999),
        scriptId: script.masterID,
        skillId: skill.skillId,
        parameters: body.parameters,
      };
      started.push(contact);
      onStarted?.(contact);
      return c.json({ contactId: contact.contactId }, 202);
    })
    .get(`${api}/points-of-contact`, (c) => {
      const unit = unitOf(c) as SimulatedUnit;
      return c.json({ pointsOfContact: unit.pointsOfContact });
    })
    .get(`${api}/business-unit`, (c) => {
      const unit = unitOf(c) as SimulatedUnit;
      return c.json({ businessUnits: [{ businessUnitId: unit.businessUnitId, timeZones: unit.timeZones }] });
    })
    .post(`${api}/partners/billing/product-usage`, async (c) => {
      const unit = unitOf(c) as SimulatedUnit;
      const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
      const { productId, unitAmount, usageDate } = body;
      if (
        String(body.businessUnitId) !== String(unit.businessUnitId) ||
        typeof productId !== "number" ||
        typeof unitAmount !== "number" ||
        typeof usageDate !== "string"
      )
        return c.json({ error: "Invalid product usage" }, 400);
      const record = { businessUnitId: unit.businessUnitId, productId, unitAmount, usageDate };
      usage.push(record);
      return c.json({ usage: [record] }, 201);
    })
    .get(`${api}/partners/billing/product-usage/:productId`, (c) => {
      const unit = unitOf(c) as SimulatedUnit;
      const { startDate = "", endDate = "9999" } = c.req.query();
      return c.json({
        usage: usage.filter(
          (u) =>
            u.businessUnitId === unit.businessUnitId &&
            String(u.productId) === c.req.param("productId") &&
            u.usageDate >= startDate &&
            u.usageDate <= endDate,
        ),
      });
    })
    .notFound((c) => c.json({ error: "Not found" }, 404));
  return { app, started, usage };
}

/**
 * Starts the simulator on a free loopback port. With `calls`, every script start is played as a call and
 * its result posted where `calls.resolve` says the business unit's script posts.
 */
export function startCxoneSimulator(options: { calls?: CallOptions } = {}): Promise<CxoneSimulator> {
  let base = "";
  const player = options.calls ? callPlayer(options.calls) : null;
  const { app, started, usage } = cxoneSimulatorApp(
    () => base,
    structuredClone(SIMULATED_UNITS),
    player ? (contact) => player.play(contact) : undefined,
  );
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    server.once("error", reject);
    server.once("listening", () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url: base,
        started,
        usage,
        stop: async () => {
          await player?.stop();
          await new Promise<void>((done) => {
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => done());
          });
        },
      });
    });
  });
}
