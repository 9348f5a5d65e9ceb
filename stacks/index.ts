import type { App } from "sst/constructs";
import { Api } from "./Api.ts";
import { Auth } from "./Auth.ts";
import { Dialer } from "./Dialer.ts";
import { Jobs } from "./Jobs.ts";
import { Mail } from "./Mail.ts";
import { Realtime } from "./Realtime.ts";
import { Scheduler } from "./Scheduler.ts";
import { Search } from "./Search.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";
import { Web } from "./Web.ts";
import { Workflows } from "./Workflows.ts";

/** Every stack, in dependency order; sst.config.ts and the synthesis test both build the app from this. */
export const STACKS = {
  Secrets,
  Storage,
  Auth,
  Search,
  Mail,
  Jobs,
  Scheduler,
  Dialer,
  Api,
  Realtime,
  Workflows,
  Web,
};

export function addStacks(app: App) {
  // Lambda runs Node 22; the code also runs on the Node 20 of the development machines.
  app.setDefaultFunctionProps({
    runtime: "nodejs22.x",
    architecture: "arm_64",
    memorySize: 1024,
    timeout: 30,
    // ssh2 (the SFTP check) tries two optional native add-ons inside try/catch and falls back to pure
    // JavaScript without them; binaries built on this machine would not run on arm64 Lambda anyway, so
    // they stay out of the bundle instead of breaking it.
    nodejs: { esbuild: { external: ["cpu-features", "*.node"] } },
  });
  for (const stack of Object.values(STACKS)) app.stack(stack);
}
