import { Duration } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import { type StackContext, StaticSite, use } from "sst/constructs";
import { contentSecurityPolicy, REFERRER_POLICY } from "../packages/core/src/web/headers.ts";
import { Api } from "./Api.ts";
import { Realtime } from "./Realtime.ts";

/**
 * The console as a static site on S3 + CloudFront. Synthesis in tests uses the dist that `npm test` has
 * just built instead of building again (NODE_ENV=test under vitest).
 */
export function Web({ stack }: StackContext) {
  const { api } = use(Api);
  const { socket } = use(Realtime);
  // The same headers the embedded server sets (packages/core/src/web/headers.ts); the console calls the
  // API and the WebSocket on their own origins here, so connect-src names them.
  const headers = new cloudfront.ResponseHeadersPolicy(stack, "ConsoleHeaders", {
    comment: "The console's security headers (packages/core/src/web/headers.ts)",
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          connect: [api.cdk.httpApi.apiEndpoint, socket.cdk.webSocketApi.apiEndpoint],
        }),
        override: true,
      },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
        override: true,
      },
      contentTypeOptions: { override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
    },
  });
  const site = new StaticSite(stack, "Console", {
    path: "packages/web",
    buildOutput: "dist",
    buildCommand: process.env.NODE_ENV === "test" ? undefined : "npx vite build",
    environment: { VITE_API_URL: api.url },
    errorPage: "redirect_to_index_page",
    cdk: { distribution: { defaultBehavior: { responseHeadersPolicy: headers } } },
  });
  stack.addOutputs({ ConsoleUrl: site.url ?? "" });
  return { site };
}
