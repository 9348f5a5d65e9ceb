import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { quietSdkNodeWarning } from "../../packages/local/src/quiet.ts";
import type { Runtime } from "../../packages/local/src/runtime.ts";

export const TEST_PASSWORD = "test-demo-password";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    demoPassword: string;
    dynamoEndpoint: string;
    dynamoCredentials: { accessKeyId: string; secretAccessKey: string };
  }
}

let runtime: Runtime | undefined;
let dataDir: string | undefined;

/** The projects whose tests call a running console; the others (core, web, stacks) need none. */
const NEEDS_RUNTIME = new Set(["api", "e2e"]);

/**
 * One embedded runtime for the whole run, on a free port with a throwaway DATA_DIR; none when the run
 * holds no project that calls it (`vitest run --project web`).
 */
export async function setup(project: TestProject) {
  if (!project.vitest.projects.some((p) => NEEDS_RUNTIME.has(p.name))) return;
  quietSdkNodeWarning();
  const { startRuntime } = await import("../../packages/local/src/runtime.ts");
  dataDir = mkdtempSync(join(tmpdir(), "reachcx-test-"));
  // WEB_DIST serves another build of the console (a second working copy building its own), else packages/web/dist.
  runtime = await startRuntime({
    port: 0,
    dataDir,
    demoPassword: TEST_PASSWORD,
    host: "127.0.0.1",
    webDist: process.env.WEB_DIST,
    // The CXone simulator's calls end within a fifth of a second, so a test sees a campaign's counts move.
    simulatedCallMs: [50, 200],
  });
  project.provide("baseUrl", runtime.url);
  project.provide("dataDir", dataDir);
  project.provide("demoPassword", TEST_PASSWORD);
  project.provide("dynamoEndpoint", runtime.dynamoEndpoint);
  project.provide("dynamoCredentials", runtime.dynamoCredentials);
}

export async function teardown() {
  await runtime?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
