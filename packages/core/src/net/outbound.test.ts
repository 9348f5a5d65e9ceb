import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Env, provideEnv } from "../env.ts";
import { checkDestination, closedAddress, outboundRequest } from "./outbound.ts";

/** Only the two fields the policy reads; the other ports are not used by this module. */
function policyEnv(mode: Env["mode"], closedPorts: number[] = []) {
  const partial: Pick<Env, "mode" | "outbound"> = { mode, outbound: { closedPorts: new Set(closedPorts) } };
  provideEnv(partial as Env);
}

let server: Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/ok") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization ?? null }));
    } else if (path === "/echo") {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => res.end(body));
    } else if (path === "/redirect") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    } else if (path === "/flood") {
      // No content-length: the cap has to count what arrives.
      const chunk = Buffer.alloc(64 * 1024, 120);
      let sent = 0;
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    } else if (path === "/declared") {
      res.writeHead(200, { "content-length": String(50 * 1024 * 1024) });
      res.write("x");
    } else if (path === "/hang") {
      // Accepts and never answers.
    } else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});
beforeEach(() => policyEnv("embedded"));

describe("outboundRequest", () => {
  it("sends the method, headers and body and answers status, headers and text", async () => {
    const got = await outboundRequest({
      method: "POST",
      url: `${base}/echo`,
      headers: { "content-type": "text/plain" },
      body: "hello",
    });
    expect(got).toMatchObject({ ok: true, status: 200, text: "hello" });
    const ok = await outboundRequest({
      method: "GET",
      url: `${base}/ok`,
      headers: { authorization: "Bearer t" },
    });
    expect(ok.ok && JSON.parse(ok.text)).toEqual({ method: "GET", auth: "Bearer t" });
    expect(ok.ok && ok.headers["content-type"]).toBe("application/json");
  });

  it("does not follow a redirect", async () => {
    const got = await outboundRequest({ method: "GET", url: `${base}/redirect` });
    expect(got).toMatchObject({ ok: true, status: 302 });
  });

  it("stops reading past the size cap, declared or streamed", async () => {
    for (const path of ["/flood", "/declared"]) {
      const got = await outboundRequest({ method: "GET", url: `${base}${path}`, maxBytes: 1024 * 1024 });
      expect(got.ok === false && got.error.kind, path).toBe("too_large");
    }
  });

  it("gives up on a host that never answers at the deadline", async () => {
    const got = await outboundRequest({ method: "GET", url: `${base}/hang`, timeoutMs: 300 });
    expect(got.ok === false && got.error.kind).toBe("timeout");
  });

  it("answers unreachable for a closed port and an unknown name", async () => {
    const closed = await outboundRequest({ method: "GET", url: "http://127.0.0.1:1/" });
    expect(closed.ok === false && closed.error).toEqual({ kind: "unreachable", detail: "ECONNREFUSED" });
    const unknown = await outboundRequest({ method: "GET", url: "http://no-such-host.invalid/" });
    expect(unknown.ok === false && unknown.error.kind).toBe("unreachable");
  });

  it("refuses the metadata service, URLs with credentials and other schemes before connecting", async () => {
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/latest/meta-data/",
      "http://0.0.0.0:80/",
      `http://user:pw@127.0.0.1:${port}/ok`,
      "file:///etc/passwd",
      "ftp://127.0.0.1/",
      "not a url",
    ]) {
      const got = await outboundRequest({ method: "GET", url, timeoutMs: 2000 });
      expect(got.ok === false && got.error.kind, url).toBe("blocked");
    }
  });

  it("refuses the instance's own ports on every local address", async () => {
    policyEnv("embedded", [port]);
    for (const host of ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]"]) {
      const got = await outboundRequest({ method: "GET", url: `http://${host}:${port}/ok` });
      expect(got.ok === false && got.error.kind, host).toBe("blocked");
    }
  });

  it("on AWS allows only https, and no loopback or private address", async () => {
    policyEnv("aws");
    const plain = await outboundRequest({ method: "GET", url: `${base}/ok` });
    expect(plain.ok === false && plain.error.kind).toBe("blocked");
    for (const host of ["127.0.0.1", "10.0.0.8", "192.168.1.1", "[::1]"]) {
      const got = await outboundRequest({ method: "GET", url: `https://${host}/` });
      expect(got.ok === false && got.error.kind, host).toBe("blocked");
    }
  });
});

describe("checkDestination", () => {
  it("answers the address to connect to, or why not", async () => {
    expect(await checkDestination("127.0.0.1", 22)).toEqual({ ok: true, address: "127.0.0.1", family: 4 });
    expect((await checkDestination("169.254.169.254", 80)).ok).toBe(false);
    policyEnv("embedded", [2222]);
    expect((await checkDestination("localhost", 2222)).ok).toBe(false);
    expect((await checkDestination("localhost", 2223)).ok).toBe(true);
  });
});

describe("closedAddress", () => {
  it("closes link-local everywhere and the private network on AWS", () => {
    for (const a of ["169.254.169.254", "fe80::1", "fd00:ec2::254", "0.0.0.0", "::"])
      expect(closedAddress(a, "embedded"), a).toBe(true);
    expect(closedAddress("127.0.0.1", "embedded")).toBe(false);
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.0.1",
      "172.20.0.1",
      "100.64.0.1",
      "::1",
      "fd12::1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "::ffff:a9fe:a9fe",
      "224.0.0.1",
    ])
      expect(closedAddress(a, "aws"), a).toBe(true);
    for (const a of ["52.1.2.3", "172.32.0.1", "2600:1f18::1"])
      expect(closedAddress(a, "aws"), a).toBe(false);
  });
});
