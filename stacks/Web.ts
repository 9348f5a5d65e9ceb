import { type StackContext, StaticSite, use } from "sst/constructs";
import { Api } from "./Api.ts";

/**
 * The console as a static site on S3 + CloudFront. Synthesis in tests uses the dist that `npm test` has
 * just built instead of building again (NODE_ENV=test under vitest).
 */
export function Web({ stack }: StackContext) {
  const { api } = use(Api);
  const site = new StaticSite(stack, "Console", {
    path: "packages/web",
    buildOutput: "dist",
    buildCommand: process.env.NODE_ENV === "test" ? undefined : "npx vite build",
    environment: { VITE_API_URL: api.url },
    errorPage: "redirect_to_index_page",
  });
  stack.addOutputs({ ConsoleUrl: site.url ?? "" });
  return { site };
}
