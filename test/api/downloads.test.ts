import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ADD_ON_PACKAGES, LINK_TTL_SECONDS } from "../../packages/core/src/downloads/packages.ts";
import { baseUrl, call, expectProblem, newTenant, type Session } from "../support/api.ts";
import { tempDirs } from "../support/temp.ts";

const tempDir = tempDirs();

let admin: Session;
beforeAll(async () => {
  admin = await newTenant([]);
});

const linkOf = async (id: string) => {
  const res = await call(`/api/downloads/${id}`, { session: admin });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: string; fileName: string; url: string; expiresAt: string };
};

/** A link as the browser follows it: relative to the console in embedded mode. */
const follow = (url: string) => fetch(new URL(url, baseUrl()), { redirect: "manual" });

describe("GET /api/downloads", () => {
  it("lists the two add-on packages, dialer first, both seeded", async () => {
    const res = await call("/api/downloads", { session: admin });
    expect(res.status).toBe(200);
    expect(res.json.items.map((i: { id: string; available: boolean }) => [i.id, i.available])).toEqual([
      ["dialer", true],
      ["agent-desktop", true],
    ]);
  });

  it("asks for a signed-in user with the Configuration right", async () => {
    expectProblem(await call("/api/downloads"), 401);
    expectProblem(await call("/api/downloads/dialer"), 401);
  });
});

describe("GET /api/downloads/{id}", () => {
  it("answers a fresh link that downloads a real zip with a README, for five minutes", async () => {
    for (const pkg of ADD_ON_PACKAGES) {
      const before = Date.now();
      const link = await linkOf(pkg.id);
      expect(link.fileName).toBe(pkg.fileName);
      const ttl = Date.parse(link.expiresAt) - before;
      expect(ttl).toBeGreaterThan((LINK_TTL_SECONDS - 5) * 1000);
      expect(ttl).toBeLessThanOrEqual((LINK_TTL_SECONDS + 5) * 1000);

      const res = await follow(link.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${pkg.fileName}"`);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const file = join(tempDir("download-"), pkg.fileName);
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      execFileSync("unzip", ["-tq", file]);
      expect(execFileSync("unzip", ["-p", file, "README.txt"], { encoding: "utf8" })).toContain(pkg.title);
    }
  });

  it("is never cached: each click asks for a link of its own", async () => {
    const res = await call("/api/downloads/dialer", { session: admin });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 404 for a package that does not exist", async () => {
    const problem = expectProblem(await call("/api/downloads/crm-solution", { session: admin }), 404);
    expect(problem.code).toBe("download.not_found");
    expectProblem(await call(`/api/downloads/${"x".repeat(65)}`, { session: admin }), 400);
  });
});

describe("embedded download links", () => {
  it("refuse a changed signature, expiry, file name or key with 403", async () => {
    const url = new URL((await linkOf("dialer")).url, baseUrl());
    const changed = (edit: (u: URL) => void) => {
      const copy = new URL(url);
      edit(copy);
      return copy.toString();
    };
    const sig = url.searchParams.get("sig") ?? "";
    const attempts = [
      // Its first character changed: the last ones could already be "AA".
      changed((u) => u.searchParams.set("sig", `${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`)),
      changed((u) => u.searchParams.set("exp", String(Number(u.searchParams.get("exp")) + 86_400))),
      changed((u) => u.searchParams.set("name", "setup.exe")),
      changed((u) => u.searchParams.delete("sig")),
      changed((u) => {
        u.pathname = u.pathname.replace("dialer", "agent-desktop");
      }),
    ];
    for (const attempt of attempts) {
      const res = await follow(attempt);
      expect(res.status, attempt).toBe(403);
      expect(await res.text()).toBe("This download link has expired or is not valid.");
    }
  });

  it("never serve a file outside the blob directory", async () => {
    const { url } = await linkOf("dialer");
    const query = new URL(url, baseUrl()).search;
    // Sent byte for byte: fetch would resolve the dot segments before the server saw them.
    const raw = (path: string) =>
      new Promise<{ status: number; type: string; body: string }>((done, fail) => {
        const target = new URL(baseUrl());
        const req = request({ host: target.hostname, port: target.port, path, method: "GET" }, (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () =>
            done({ status: res.statusCode ?? 0, type: res.headers["content-type"] ?? "", body }),
          );
        });
        req.on("error", fail);
        req.end();
      });
    // Whatever the server makes of dot segments, plain or encoded: the link's own refusal, or a path that
    // left /blobs and gets the console's page, never a file.
    for (const path of [
      "/blobs/../keys.json",
      "/blobs/add-ons/../../keys.json",
      "/blobs/%2e%2e/keys.json",
      "/blobs/..%2fkeys.json",
      "/blobs/add-ons/%2e%2e/%2e%2e/keys.json",
      "/blobs/%2Fetc%2Fpasswd",
      "/blobs/add-ons%5c..%5c..%5ckeys.json",
    ]) {
      const res = await raw(`${path}${query}`);
      expect(res.body, path).not.toContain("secrets");
      if (res.status === 403) expect(res.body, path).toBe("This download link has expired or is not valid.");
      else expect([res.status, res.type], path).toEqual([200, "text/html; charset=UTF-8"]);
    }
  });
});
