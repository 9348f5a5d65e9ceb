import { defineConfig } from "vitest/config";

/**
 * `npm test` runs every project. The API, isolation, conformance and browser suites share one embedded
 * runtime started by test/support/global-setup.ts; unit, web and stack suites need none.
 */
export default defineConfig({
  test: {
    globalSetup: ["test/support/global-setup.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      { test: { name: "core", environment: "node", include: ["packages/core/src/**/*.test.ts"] } },
      {
        test: { name: "web", environment: "happy-dom", include: ["packages/web/src/**/*.test.tsx"] },
        esbuild: { jsx: "automatic" },
      },
      {
        test: {
          name: "api",
          environment: "node",
          include: ["test/api/**/*.test.ts", "test/isolation/**/*.test.ts", "test/conformance/**/*.test.ts"],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "stacks",
          environment: "node",
          include: ["test/stacks/**/*.test.ts"],
          testTimeout: 180_000,
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
