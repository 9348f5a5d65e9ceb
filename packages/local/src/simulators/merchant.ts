import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { basicAuth, json } from "./http.ts";

/**
 * The merchant-services partner on 127.0.0.1, as onboarding uses it (core/src/onboarding/partner.ts):
 * - POST /createAppFromLandingPage (basic auth) opens an application: merchantId, merchantHash, token;
 * - PUT /appDetails/Fees/{merchantId} and /appDetails/AmexFees/{merchantId} set its pricing;
 * - GET /appDetails/{merchantId} answers it with status InProgress or Complete;
 * - GET /app/{merchantHash}?token= is the hosted application page a person fills in; submitting it
 *   (POST) marks the application Complete.
 * Applications are kept in DATA_DIR/merchant-simulator.json, so they survive a restart.
 *
 * Failure modes, chosen by the merchant's contact email when the application is opened (as a payment
 * sandbox's test cards): `partner-down@...` answers 500 to every call for that application,
 * `partner-flaky@...` answers 500 to its first two calls of each kind, `partner-slow@...` never answers.
 * `failNext` injects failures directly (tests holding the simulator).
 */

export const PARTNER_ACCOUNT = { username: "reachcx-provider", password: "partner-demo-2026" };
export const SIMULATOR_FILE = "merchant-simulator.json";

export interface SimulatedApplication {
  merchantId: string;
  merchantHash: string;
  token: string;
  externalId: string;
  dbaName: string;
  email: string;
  status: "InProgress" | "Complete";
  fees: Record<string, unknown> | null;
  amexFees: Record<string, unknown> | null;
  form: Record<string, string> | null;
}

export interface MerchantSimulator {
  url: string;
  applications: Map<string, SimulatedApplication>;
  /** The next `times` calls of `op` answer 500 ("error") or never answer ("hang"). */
  failNext(op: "createApp" | "fees" | "amexFees" | "details", kind: "error" | "hang", times: number): void;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage, max = 256 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > max) throw new Error("too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const FORM_FIELDS = [
  ["legalName", "Legal business name"],
  ["taxId", "Federal tax id"],
  ["address", "Business address"],
  ["ownerName", "Owner name"],
  ["routingNumber", "Bank routing number"],
  ["accountNumber", "Bank account number"],
] as const;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.4rem}button{margin-top:1rem;padding:.5rem 1rem}</style>
</head><body><main>${body}</main></body></html>`;
}

function applicationPage(app: SimulatedApplication, token: string) {
  if (app.status === "Complete")
    return page(
      "Application submitted",
      `<h1>Application submitted</h1><p>Thank you. The application for ${escapeHtml(app.dbaName)} is complete.</p>`,
    );
  const inputs = FORM_FIELDS.map(
    ([name, label]) =>
      `<label for="${name}">${label}</label><input id="${name}" name="${name}" required value="${name === "legalName" ? escapeHtml(app.dbaName) : ""}">`,
  ).join("");
  return page(
    "Merchant application",
    `<h1>Merchant application</h1><p>Merchant ${escapeHtml(app.merchantId)}: ${escapeHtml(app.dbaName)}</p>
<form method="post" action="/app/${encodeURIComponent(app.merchantHash)}?token=${encodeURIComponent(token)}">${inputs}
<button type="submit">Submit application</button></form>`,
  );
}

export function startMerchantSimulator(options: { dataDir?: string } = {}): Promise<MerchantSimulator> {
  const file = options.dataDir ? join(options.dataDir, SIMULATOR_FILE) : null;
  const applications = new Map<string, SimulatedApplication>();
  if (file && existsSync(file))
    for (const app of JSON.parse(readFileSync(file, "utf8")) as SimulatedApplication[])
      applications.set(app.merchantId, app);
  const save = () => {
    if (!file) return;
    writeFileSync(`${file}.tmp`, JSON.stringify([...applications.values()]));
    renameSync(`${file}.tmp`, file);
  };
  const injected: { op: string; kind: "error" | "hang" }[] = [];

  const flaky = new Map<string, number>();
  /** Whether this call fails, and how: injected failures first, then the merchant's email mode. */
  function failure(op: string, email: string): "error" | "hang" | null {
    const i = injected.findIndex((f) => f.op === op);
    if (i >= 0) return (injected.splice(i, 1)[0] as { kind: "error" | "hang" }).kind;
    const mail = email.toLowerCase();
    if (mail.startsWith("partner-down@")) return "error";
    if (mail.startsWith("partner-slow@")) return "hang";
    if (mail.startsWith("partner-flaky@")) {
      const key = `${op}:${mail}`;
      const n = (flaky.get(key) ?? 0) + 1;
      flaky.set(key, n);
      if (n <= 2) return "error";
    }
    return null;
  }
  const fail = (res: ServerResponse, kind: "error" | "hang") => {
    if (kind === "hang") return; // the client's deadline ends it
    json(res, 500, { error: "Internal Server Error" });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 400, { error: "Bad request" });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);

    // The hosted page: no partner credentials, the application's token instead.
    if (parts[0] === "app" && parts[1]) {
      const app = [...applications.values()].find((a) => a.merchantHash === parts[1]);
      const token = url.searchParams.get("token") ?? "";
      if (!app || app.token !== token) {
        res.writeHead(404, { "content-type": "text/html" });
        return res.end(page("Not found", "<h1>This application link is not valid.</h1>"));
      }
      if (req.method === "POST") {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const missing = FORM_FIELDS.filter(([name]) => !form[name]?.trim());
        if (missing.length === 0) {
          app.form = form;
          app.status = "Complete";
          save();
        }
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(applicationPage(app, token));
    }

    const auth = basicAuth(req);
    if (!auth || auth[0] !== PARTNER_ACCOUNT.username || auth[1] !== PARTNER_ACCOUNT.password)
      return json(res, 401, { error: "Unauthorized" });

    if (req.method === "POST" && parts[0] === "createAppFromLandingPage") {
      const body = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
      const email = String(body.email ?? "");
      const mode = failure("createApp", email);
      if (mode) return fail(res, mode);
      if (!body.dbaName || !email) return json(res, 400, { error: "dbaName and email are required" });
      const app: SimulatedApplication = {
        merchantId: String(100000 + applications.size + Math.floor(Math.random() * 800000)),
        merchantHash: randomBytes(12).toString("hex"),
        token: randomBytes(16).toString("base64url"),
        externalId: String(body.externalId ?? ""),
        dbaName: String(body.dbaName),
        email,
        status: "InProgress",
        fees: null,
        amexFees: null,
        form: null,
      };
      applications.set(app.merchantId, app);
      save();
      return json(res, 200, { merchantId: app.merchantId, merchantHash: app.merchantHash, token: app.token });
    }

    if (parts[0] === "appDetails") {
      const id = req.method === "PUT" ? parts[2] : parts[1];
      const app = id ? applications.get(id) : undefined;
      if (!app) return json(res, 404, { error: "No such merchant" });
      if (req.method === "GET" && parts.length === 2) {
        const mode = failure("details", app.email);
        if (mode) return fail(res, mode);
        return json(res, 200, { merchantId: app.merchantId, status: app.status, dbaName: app.dbaName });
      }
      if (req.method === "PUT" && (parts[1] === "Fees" || parts[1] === "AmexFees")) {
        const op = parts[1] === "Fees" ? "fees" : "amexFees";
        const mode = failure(op, app.email);
        if (mode) return fail(res, mode);
        const body = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
        if (op === "fees") app.fees = body;
        else app.amexFees = body;
        save();
        return json(res, 200, { merchantId: app.merchantId, updated: parts[1] });
      }
    }
    json(res, 404, { error: "Not found" });
  }

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        applications,
        failNext(op, kind, times) {
          for (let i = 0; i < times; i++) injected.push({ op, kind });
        },
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
