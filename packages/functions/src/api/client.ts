import { constantTimeEqual } from "@reachcx/core/secrets/index";
import type { Context } from "hono";
import { getConnInfo } from "hono/aws-lambda";
import { originSecret } from "../config.ts";

type Bindings = { incoming?: { socket: { remoteAddress?: string } }; requestContext?: object } | undefined;

/** Set by the CloudFront function in front of the API to the viewer's address (stacks/Web.ts). */
export const VIEWER_ADDRESS_HEADER = "x-viewer-address";
/** Added by CloudFront to what it forwards to the API; its value is the ORIGIN_SECRET the API holds. */
export const ORIGIN_SECRET_HEADER = "x-origin-secret";

/**
 * The address the request came from, as a host the API trusts saw it: the socket's peer under
 * @hono/node-server (the embedded runtime, which sits behind no proxy); on Lambda, the viewer address
 * CloudFront wrote when the request carries CloudFront's origin secret, else API Gateway's sourceIp (a
 * request sent to the execute-api host directly). Never a header a client alone could choose. Undefined
 * when no host is recognised (app.request in tests).
 */
export function clientAddress(c: Context, secret = originSecret()): string | undefined {
  const env = c.env as Bindings;
  if (env?.incoming) return env.incoming.socket.remoteAddress;
  if (!env?.requestContext) return undefined;
  const viewer = c.req.header(VIEWER_ADDRESS_HEADER);
  const proof = c.req.header(ORIGIN_SECRET_HEADER);
  if (viewer && secret && proof && constantTimeEqual(proof, secret)) return viewer;
  return getConnInfo(c as Parameters<typeof getConnInfo>[0]).remote.address;
}
