import type { IncomingMessage, ServerResponse } from "node:http";

/** What the node:http simulators (Twilio, the payment gateway, the merchant-services partner) share. */
export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

/** The `user:password` pair of a Basic authorization header, or null when there is none or it is malformed. */
export function basicAuth(req: IncomingMessage): [string, string] | null {
  const encoded = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
  if (!encoded) return null;
  const plain = Buffer.from(encoded, "base64").toString("utf8");
  const at = plain.indexOf(":");
  return at < 0 ? null : [plain.slice(0, at), plain.slice(at + 1)];
}
