import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const WEB_MODULES = fileURLToPath(new URL("./packages/web/node_modules", import.meta.url));

/**
 * `npm test` runs every project. The API, isolation, conformance and browser suites share one embedded
 * runtime started by test/support/global-setup.ts; unit, web and stack suites need none.
 */
export default defineConfig({
  test: {
    globalSetup: ["test/support/global-setup.ts"],
    // Vitest's default on a 2-core machine is one worker (cores - 1), and the API suites wait mostly on
    // I/O (the embedded runtime, DynamoDB Local, spawned runtimes), not on this process's CPU: three files
    // at a time. The browser suite keeps its own one-at-a-time rule (fileParallelism: false below).
    maxWorkers: 3,
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "core",
          environment: "node",
          include: [
            "packages/core/src/**/*.test.ts",
            "packages/functions/src/**/*.test.ts",
            "packages/local/src/**/*.test.ts",
          ],
        },
      },
      {
        // Rooted in packages/web so React resolves to the console's copy (the root holds sst's older one).
        root: "./packages/web",
        resolve: {
          alias: ["react", "react-dom"].flatMap((name) => [
            { find: new RegExp(`^${name}$`), replacement: `${WEB_MODULES}/${name}` },
            { find: new RegExp(`^${name}/(.*)$`), replacement: `${WEB_MODULES}/${name}/$1` },
          ]),
        },
        test: {
          name: "web",
          environment: "happy-dom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["src/test-setup.ts"],
          // Room for a few waits at the setup file's five seconds each on a loaded machine.
          testTimeout: 15_000,
          // Pre-bundled, so their `react` imports (CommonJS ones too) follow the alias above.
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  "@testing-library/react",
                  "@tanstack/react-router",
                  "@tanstack/react-query",
                  "@mantine/core",
                  "@mantine/hooks",
                  "@mantine/form",
                  "@mantine/notifications",
                  "@mantine/modals",
                  "@tabler/icons-react",
                ],
              },
            },
          },
        },
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
          // A page load, a lazy chunk and an API call under a loaded 2-core CI take more than the default
          // second; a poll still fails when what it waits for never shows.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
