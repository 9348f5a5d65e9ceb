import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { basicAuth, json } from "./http.ts";
import { type SimulatedTwilioAccount, TWILIO_ACCOUNTS, TWILIO_FAILURES } from "./twilio-data.ts";

/**
 * Twilio's accounts API on 127.0.0.1, as far as the messaging provider check uses it: GET
 * /v1/Credentials/PublicKeys with basic auth account SID : auth token. A known account gets its key list,
 * anything else Twilio's 401; the SIDs of TWILIO_FAILURES answer 500, hang, garbage or too much.
 */
export interface TwilioSimulator {
  url: string;
  /** How many checks reached the simulator, by account SID (tests prove a refused request never came). */
  checks: Map<string, number>;
  stop(): Promise<void>;
}

export function startTwilioSimulator(
  accounts: SimulatedTwilioAccount[] = TWILIO_ACCOUNTS,
): Promise<TwilioSimulator> {
  const checks = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://simulator");
    if (req.method !== "GET" || url.pathname !== "/v1/Credentials/PublicKeys")
      return json(res, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
    const auth = basicAuth(req);
    if (auth) checks.set(auth[0], (checks.get(auth[0]) ?? 0) + 1);
    switch (auth?.[0]) {
      case TWILIO_FAILURES.error:
        res.writeHead(500, { "content-type": "text/html" });
        return res.end("<html><body>Internal Server Error</body></html>");
      case TWILIO_FAILURES.hang:
        return; // the client's deadline ends it
      case TWILIO_FAILURES.garbage:
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{credentials: not json");
      case TWILIO_FAILURES.huge:
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(`{"credentials":[],"pad":"${"x".repeat(1024 * 1024)}"}`);
    }
    const account = auth && accounts.find((a) => a.accountSid === auth[0] && a.authToken === auth[1]);
    if (!account)
      return json(res, 401, {
        code: 20003,
        message: "Authenticate",
        more_info: "https://www.twilio.com/docs/errors/20003",
        status: 401,
      });
    const pageSize = Math.min(Number(url.searchParams.get("PageSize")) || 50, 1000);
    json(res, 200, {
      credentials: account.publicKeys.slice(0, pageSize).map((k) => ({
        ...k,
        account_sid: account.accountSid,
        date_created: "2026-01-01T00:00:00Z",
        date_updated: "2026-01-01T00:00:00Z",
        url: `/v1/Credentials/PublicKeys/${k.sid}`,
      })),
      meta: { page: 0, page_size: pageSize, key: "credentials" },
    });
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
