import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What a REST endpoint of the test received. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Endpoints {
  url: string;
  /** The last request received, and how many came in all. */
  last(): Received | undefined;
  count(): number;
  close(): Promise<void>;
}

export const CONTACTS = [
  { firstName: "Ada", lastName: "Lovelace", phone: "3035550100" },
  { firstName: "Alan", lastName: "Turing", phone: "3035550101" },
];

/** Writes 64 KB chunks until `total` bytes are out or the reader hangs up. */
function stream(res: ServerResponse, total: number) {
  const chunk = Buffer.alloc(64 * 1024, "x");
  let sent = 0;
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.byteLength;
      if (!res.write(chunk)) return void res.once("drain", more);
    }
    res.end();
  };
  res.writeHead(200, { "content-type": "application/json" });
  more();
}

/**
 * A stand-in for the outside REST APIs a tenant connects to, on 127.0.0.1 (open to the Test in embedded
 * mode): /ok answers contacts as JSON, /fail a 500, /garbage text that is not JSON, /huge streams 50 MB
 * with no length declared, /hang never answers, /redirect points at the metadata service.
 */
export async function startEndpoints(): Promise<Endpoints> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    req.resume();
    const path = new URL(req.url ?? "/", "http://x").pathname;
    switch (path) {
      case "/ok":
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ contacts: CONTACTS, next: null }));
      case "/fail":
        res.writeHead(500, { "content-type": "text/plain" });
        return void res.end("upstream exploded");
      case "/garbage":
        res.writeHead(200, { "content-type": "text/html" });
        return void res.end(`<html>${"<p>not json</p>".repeat(500)}</html>`);
      case "/huge":
        return stream(res, 50 * 1024 * 1024);
      case "/hang":
        return;
      case "/redirect":
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        return void res.end();
      default:
        res.writeHead(404);
        return void res.end("no such endpoint");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    last: () => received.at(-1),
    count: () => received.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
