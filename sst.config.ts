import type { SSTConfig } from "sst";
import { Api } from "./stacks/Api.ts";
import { Auth } from "./stacks/Auth.ts";
import { Realtime } from "./stacks/Realtime.ts";
import { Scheduler } from "./stacks/Scheduler.ts";
import { Search } from "./stacks/Search.ts";
import { Secrets } from "./stacks/Secrets.ts";
import { Storage } from "./stacks/Storage.ts";
import { Web } from "./stacks/Web.ts";
import { Workflows } from "./stacks/Workflows.ts";

export default {
  config() {
    return { name: "reachcx", region: "us-east-1" };
  },
  stacks(app) {
    // Lambda runs Node 22; the code also runs on the Node 20 of the development machines.
    app.setDefaultFunctionProps({
      runtime: "nodejs22.x",
      architecture: "arm_64",
      memorySize: 1024,
      timeout: 30,
    });
    app
      .stack(Secrets)
      .stack(Storage)
      .stack(Auth)
      .stack(Search)
      .stack(Api)
      .stack(Realtime)
      .stack(Scheduler)
      .stack(Workflows)
      .stack(Web);
  },
} satisfies SSTConfig;
