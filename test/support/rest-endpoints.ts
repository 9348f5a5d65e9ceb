import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What a REST endpoint of the test received. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A person of the paged endpoints: what a CRM's contact API answers. */
export type Person = Record<string, unknown>;

export interface Endpoints {
  url: string;
  /**
   * The people the paged endpoints answer, two a page: /paged?page=N (page numbers), /linked?offset=N (a
   * `links.next` URL in the body), /link-header?offset=N (an RFC 8288 Link header, the list at
   * `data.people`), /fail-second (page 1, then a 500), /elsewhere (a next link to another site); /wrapped
   * answers them all at once, each under a wrapper (`$.data[*].person`).
   */
  people: Person[];
  /** The requests received, oldest first. */
  all(): Received[];
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
  const people: Person[] = [];
  const json = (res: ServerResponse, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(200, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    req.resume();
    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname;
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const page = Number(url.searchParams.get("page") ?? 1);
    switch (path) {
      case "/paged":
        return json(res, { contacts: people.slice((page - 1) * 2, page * 2) });
      case "/linked":
        return json(res, {
          contacts: people.slice(offset, offset + 2),
          links: { next: offset + 2 < people.length ? `/linked?offset=${offset + 2}` : null },
        });
      case "/link-header": {
        const more = offset + 2 < people.length;
        return json(
          res,
          { data: { people: people.slice(offset, offset + 2) } },
          more ? { link: `</link-header?offset=${offset + 2}>; rel="next"` } : {},
        );
      }
      case "/wrapped":
        return json(res, { data: people.map((person, rank) => ({ rank, person })) });
      case "/fail-second":
        if (offset > 0) {
          res.writeHead(500, { "content-type": "text/plain" });
          return void res.end("page two exploded");
        }
        return json(res, { contacts: people.slice(0, 2), next: "/fail-second?offset=2" });
      case "/elsewhere":
        return json(res, { contacts: people.slice(0, 2), next: "http://other.example/contacts?offset=2" });
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
    people,
    all: () => [...received],
    last: () => received.at(-1),
    count: () => received.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
