import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiAt, processesMentioning, signInAt, startServing } from "../support/processes.ts";
import { tempDirs } from "../support/temp.ts";

/** Runs `npm start`'s entry point and collects what a person at the terminal would see. */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
      env: { ...process.env, LOG_LEVEL: "error", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGINT"), 40_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const makeDir = tempDirs();
const tempDir = () => makeDir("reachcx-startup-");

describe("npm start refuses to start with a one-line reason", { timeout: 60_000 }, () => {
  it("when the port is busy", async () => {
    const server: Server = createServer();
    const port = await new Promise<number>((r) =>
      server.listen(0, () => r((server.address() as { port: number }).port)),
    );
    try {
      const run = await start({ PORT: String(port), IN_MEMORY: "1" });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Cannot start: Port ${port} is already in use: stop the other program or start with PORT=<another port>.`,
      );
    } finally {
      server.close();
    }
  });

  it("when Java is missing", async () => {
    // A PATH holding only node, so no java can be found.
    const bin = tempDir();
    symlinkSync(process.execPath, join(bin, "node"));
    const run = await start({ PORT: "0", IN_MEMORY: "1", PATH: bin });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^Cannot start: Java was not found: DynamoDB Local needs Java 17/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("when DATA_DIR is damaged", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "dynamodb"));
    writeFileSync(join(dir, "dynamodb", "shared-local-instance.db"), Buffer.alloc(65_536, 0x5a));
    const run = await start({ PORT: "0", DATA_DIR: dir });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^Cannot start: DynamoDB Local cannot read .*; move .* away to start fresh\.$/,
    );
    // The DynamoDB Local it had started is stopped, not left running without its guard.
    expect(processesMentioning(join(dir, "dynamodb"))).toEqual([]);
  });

  it("when the keys file is damaged", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "keys.json"), "{not json");
    const run = await start({ PORT: "0", DATA_DIR: dir });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^Cannot start: .*keys\.json is damaged .*; move .* away to start fresh\.$/,
    );
    expect(processesMentioning(join(dir, "dynamodb"))).toEqual([]);
  });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("npm start keeps data across restarts and stops cleanly", { timeout: 90_000 }, () => {
  it("a setting saved before Ctrl-C is there after a restart, and no DynamoDB Local is left running", async () => {
    const dir = tempDir();
    const signIn = (url: string) => signInAt(url, "persist-pass-1");

    const first = await startServing({ DATA_DIR: dir, DEMO_PASSWORD: "persist-pass-1" });
    expect(first.stdout()).toContain("(demo data created)");
    expect(first.stdout()).toContain("admin@acme.example");
    const javaPid = Number(readFileSync(join(dir, "dynamodb.pid"), "utf8"));
    expect(alive(javaPid)).toBe(true);
    const headers = await signIn(first.url);
    const patched = await fetch(`${first.url}/api/tenant-settings`, {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ icCluster: "persist-me" }),
    });
    expect(patched.status).toBe(200);
    expect(await first.stop()).toBe(0);
    expect(alive(javaPid)).toBe(false);

    const second = await startServing({ DATA_DIR: dir, DEMO_PASSWORD: "persist-pass-1" });
    try {
      expect(second.stdout()).not.toContain("(demo data created)");
      const settings = await fetch(`${second.url}/api/tenant-settings`, {
        headers: await signIn(second.url),
      });
      expect(((await settings.json()) as { icCluster: string }).icCluster).toBe("persist-me");
      // The first start's stop came within a second or two: it waited for the demo's onboarding seed,
      // which the second start does not redo, so the approved demo merchant is whole.
      const provider = await signInAt(second.url, "persist-pass-1", "super@provider.example");
      const vendor = await apiAt(second.url, provider, "/api/cms-onboard/get-vendor/harbor-dental");
      expect(vendor.json?.status, vendor.text).toBe("Approved");
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

describe("a killed npm start", { timeout: 60_000 }, () => {
  it("leaves no DynamoDB Local behind even when killed with SIGKILL", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
      env: { ...process.env, LOG_LEVEL: "error", PORT: "0", DATA_DIR: dir },
    });
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(out)), 40_000);
      child.stdout.on("data", (d) => {
        out += d;
        if (out.includes("running at")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const marker = join(dir, "dynamodb");
    expect(processesMentioning(marker).length).toBeGreaterThan(0);
    child.kill("SIGKILL");
    const deadline = Date.now() + 10_000;
    while (processesMentioning(marker).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(processesMentioning(marker)).toEqual([]);
  });
});
