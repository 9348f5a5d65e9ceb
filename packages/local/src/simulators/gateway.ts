import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { basicAuth, json } from "./http.ts";

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
