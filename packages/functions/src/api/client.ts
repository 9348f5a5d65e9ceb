import type { Context } from "hono";
import { getConnInfo } from "hono/aws-lambda";

type Bindings = { incoming?: { socket: { remoteAddress?: string } }; requestContext?: object } | undefined;

/**
 * The address the request came from, as the host saw it: the socket's peer under @hono/node-server (the
 * embedded runtime, which sits behind no proxy), API Gateway's sourceIp on Lambda. Never a request header
 * the client could choose. Undefined when neither host is recognised (app.request in tests).
 */
export function clientAddress(c: Context): string | undefined {
  const env = c.env as Bindings;
  if (env?.incoming) return env.incoming.socket.remoteAddress;
  if (env?.requestContext) return getConnInfo(c as Parameters<typeof getConnInfo>[0]).remote.address;
  return undefined;
}
