import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { networkInterfaces } from "node:os";
import { useEnv } from "../env.ts";

/**
 * The one way the server sends a request to a URL a tenant typed (a REST connection's Test, a messaging
 * provider check, a legacy token URL, the CXone platform) — docs/decisions.md, "Outbound requests".
 *
 * - The destination is resolved once, every address checked against the policy (closedAddress), and the
 *   connection made to the address that was checked: a name that answers differently the second time
 *   (DNS rebinding) cannot slip past.
 * - Every request has a deadline covering connect, headers and body, and reads at most maxBytes.
 * - Redirects are not followed (the answer is the 3xx): a public URL cannot bounce the request inward.
 * - It never throws, and its failure details name a kind and a code, never the URL or a header, so a
 *   caller may log them without leaking a credential.
 */

export const DEFAULT_TIMEOUT_MS = 8000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export interface OutboundRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
}

export type OutboundFailure = {
  kind: "blocked" | "unreachable" | "timeout" | "too_large";
  detail: string;
};

export type OutboundAnswer =
  | { ok: true; status: number; headers: Record<string, string>; text: string; ms: number }
  | { ok: false; error: OutboundFailure; ms: number };

export type Destination = { ok: true; address: string; family: 4 | 6 } | { ok: false; detail: string };

/**
 * Whether the server may connect to host:port, and the address to connect to. SFTP checks use it
 * before opening their socket; outboundRequest uses it for every request.
 */
export async function checkDestination(hostname: string, port: number): Promise<Destination> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (host === "") return { ok: false, detail: "no host" };
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true });
  } catch (err) {
    return { ok: false, detail: `unknown host (${codeOf(err)})` };
  }
  if (addresses.length === 0) return { ok: false, detail: "unknown host" };
  const policy = outboundPolicy();
  // Every address must pass: a name listing one public and one internal address is refused outright,
  // rather than trusting the order the resolver gives.
  for (const { address } of addresses)
    if (closedAddress(address, policy.mode) || closedPort(address, port, policy.closedPorts))
      return { ok: false, detail: "destination refused by the outbound policy" };
  const first = addresses[0] as { address: string; family: number };
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Sends the request under the policy; see the module comment. */
export async function outboundRequest(req: OutboundRequest): Promise<OutboundAnswer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const fail = (kind: OutboundFailure["kind"], detail: string): OutboundAnswer => ({
    ok: false,
    error: { kind, detail },
    ms: ms(),
  });
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return fail("blocked", "not a URL");
  }
  const policy = outboundPolicy();
  const secure = url.protocol === "https:";
  if (!secure && !(url.protocol === "http:" && policy.mode === "embedded"))
    return fail("blocked", `${url.protocol.replace(":", "")} is not allowed; use https`);
  if (url.username || url.password) return fail("blocked", "credentials in the URL are not allowed");
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;

  const deadline = AbortSignal.timeout(timeoutMs);
  const destination = await Promise.race([
    checkDestination(url.hostname, port),
    new Promise<null>((resolve) => deadline.addEventListener("abort", () => resolve(null))),
  ]);
  if (destination === null) return fail("timeout", `no answer within ${timeoutMs} ms`);
  if (!destination.ok)
    return fail(destination.detail.startsWith("unknown") ? "unreachable" : "blocked", destination.detail);

  // The socket goes to the address checked above, whatever the resolver would say now; TLS still
  // verifies the certificate against the URL's host name (servername).
  const pinned: LookupFunction = (_host, options, done) => {
    if (options.all) done(null, [{ address: destination.address, family: destination.family }]);
    else done(null, destination.address, destination.family);
  };
  const headers: Record<string, string> = { "accept-encoding": "identity", ...req.headers };
  if (req.body !== undefined) headers["content-length"] = String(Buffer.byteLength(req.body));

  return new Promise<OutboundAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: OutboundAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const send = secure ? httpsRequest : httpRequest;
    const outgoing = send(url, {
      method: req.method,
      headers,
      lookup: pinned,
      signal: deadline,
      ...(secure && !isIP(url.hostname) ? { servername: url.hostname } : {}),
    });
    outgoing.on("error", (err) => {
      if (deadline.aborted) finish(fail("timeout", `no answer within ${timeoutMs} ms`));
      else finish(fail("unreachable", codeOf(err)));
    });
    outgoing.on("response", (res) => {
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        outgoing.destroy();
        finish(fail("too_large", `answer larger than ${maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) {
          res.destroy();
          outgoing.destroy();
          finish(fail("too_large", `answer larger than ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () =>
        finish({
          ok: true,
          status: res.statusCode ?? 0,
          headers: flatHeaders(res.headers),
          text: Buffer.concat(chunks).toString("utf8"),
          ms: ms(),
        }),
      );
      res.on("error", (err) => {
        if (deadline.aborted) finish(fail("timeout", `no answer within ${timeoutMs} ms`));
        else finish(fail("unreachable", codeOf(err)));
      });
    });
    outgoing.end(req.body);
  });
}

/**
 * Addresses no tenant-configured request may reach. Everywhere: link-local (169.254.0.0/16 with the
 * instance metadata service, fe80::/10, the EC2 IPv6 metadata address) and the unspecified address. On
 * AWS also loopback (the Lambda runtime API), private, shared and unique-local ranges: the platforms a
 * tenant connects to are on the internet. Embedded mode runs the simulators on loopback, so loopback and
 * private ranges stay open there, except the instance's own ports (closedPort).
 */
export function closedAddress(address: string, mode: "aws" | "embedded"): boolean {
  const a = plainAddress(address);
  const everywhere =
    /^169\.254\./.test(a) || /^fe[89ab]/.test(a) || a === "fd00:ec2::254" || /^0\./.test(a) || a === "::";
  if (everywhere) return true;
  if (mode === "embedded") return false;
  return (
    /^127\./.test(a) ||
    /^10\./.test(a) ||
    /^192\.168\./.test(a) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(a) ||
    /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./.test(a) ||
    /^(22[4-9]|2[3-5]\d)\./.test(a) ||
    a === "::1" ||
    /^f[cd]/.test(a)
  );
}

/** The instance's own listeners (the API with its admin routes, DynamoDB Local) on a local address. */
function closedPort(address: string, port: number, closedPorts: ReadonlySet<number>): boolean {
  if (!closedPorts.has(port)) return false;
  const a = plainAddress(address);
  return /^127\./.test(a) || a === "::1" || localAddresses().has(a);
}

/**
 * An address in one spelling: lower case, and an IPv4-mapped IPv6 address as its IPv4 address, in
 * either form (::ffff:127.0.0.1, or ::ffff:7f00:1 as URL normalises it).
 */
function plainAddress(address: string): string {
  const a = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(a);
  if (hex?.[1] && hex[2]) {
    const hi = Number.parseInt(hex[1], 16);
    const lo = Number.parseInt(hex[2], 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return a;
}

let locals: Set<string> | undefined;
/** This machine's interface addresses: the API listens on them too when bound to 0.0.0.0. */
function localAddresses(): Set<string> {
  if (!locals) {
    locals = new Set<string>();
    for (const list of Object.values(networkInterfaces()))
      for (const i of list ?? []) locals.add(i.address.toLowerCase());
  }
  return locals;
}

function outboundPolicy(): { mode: "aws" | "embedded"; closedPorts: ReadonlySet<number> } {
  const env = useEnv();
  return { mode: env.mode, closedPorts: env.outbound?.closedPorts ?? new Set() };
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

/** A failure's code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED...) without its message, which may hold the URL. */
function codeOf(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  if (typeof code === "string") return code;
  return err instanceof Error ? err.name : "error";
}
