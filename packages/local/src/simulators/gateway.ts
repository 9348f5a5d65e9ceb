import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The payment gateway ("Nexio") on 127.0.0.1, as onboarding uses it (core/src/onboarding/gateway.ts):
 * GET /user/whoAmI with basic credentials answers the account for a known username and password and 401
 * otherwise. The user `gateway-down` answers 500 whatever its password.
 */

export const GATEWAY_ACCOUNTS = [
  { username: "demo-merchant", password: "nexio-demo-2026", accountId: "acct-1001" },
];

export interface GatewaySimulator {
  url: string;
  /** How many whoAmI calls reached it, by username. */
  checks: Map<string, number>;
  stop(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

function basicAuth(req: IncomingMessage): [string, string] | null {
  const encoded = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
  if (!encoded) return null;
  const plain = Buffer.from(encoded, "base64").toString("utf8");
  const at = plain.indexOf(":");
  return at < 0 ? null : [plain.slice(0, at), plain.slice(at + 1)];
}

export function startGatewaySimulator(accounts = GATEWAY_ACCOUNTS): Promise<GatewaySimulator> {
  const checks = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://simulator");
    if (req.method !== "GET" || url.pathname !== "/user/whoAmI")
      return json(res, 404, { error: "Not found" });
    const auth = basicAuth(req);
    if (auth) checks.set(auth[0], (checks.get(auth[0]) ?? 0) + 1);
    if (auth?.[0] === "gateway-down") return json(res, 500, { error: "Internal Server Error" });
    const account = auth && accounts.find((a) => a.username === auth[0] && a.password === auth[1]);
    if (!account) return json(res, 401, { error: "Unauthorized" });
    json(res, 200, { username: account.username, accountId: account.accountId });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        checks,
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
