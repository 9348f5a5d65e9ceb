import type { SSTConfig } from "sst";
import { addStacks } from "./stacks/index.ts";

export default {
  config() {
    return { name: "reachcx", region: "us-east-1" };
  },
  stacks: addStacks,
} satisfies SSTConfig;
