import { Duration } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { type StackContext, StaticSite, use } from "sst/constructs";
import { LIVE_PATH } from "../packages/core/src/realtime/protocol.ts";
import { contentSecurityPolicy, REFERRER_POLICY } from "../packages/core/src/web/headers.ts";
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from "../packages/functions/src/api/client.ts";
import { Api } from "./Api.ts";
import { Realtime } from "./Realtime.ts";

/**
 * A path without a file extension is a console route, answered by the single page (the embedded server
 * does the same). Done here rather than with the distribution's error responses, which would also turn
 * the API's 403 and 404 problems into index.html.
 */
const CONSOLE_ROUTES = `function handler(event) {
  var request = event.request;
  if (request.uri.split("/").pop().indexOf(".") === -1) request.uri = "/index.html";
  return request;
}`;

/**
 * Behind CloudFront, API Gateway's sourceIp is the edge's address, shared by everyone that edge serves; the
 * per-address sign-in limit needs the viewer's. CloudFront Functions see it, and a header set here replaces
 * any the client sent (packages/functions/src/api/client.ts believes it only with the origin secret).
 */
export const VIEWER_ADDRESS = `function handler(event) {
  var request = event.request;
  request.headers["${VIEWER_ADDRESS_HEADER}"] = { value: event.viewer.ip };
  return request;
}`;

/**
 * The console as a static site on S3 + CloudFront, with the API (`/api/*`) and the live feed (`/live`) on
 * the same origin as in the embedded runtime: the console calls relative URLs in both modes, needs no
 * CORS and no built-in API address. Synthesis in tests uses the dist that `npm test` has just built
 * instead of building again (NODE_ENV=test under vitest).
 */
export function Web({ stack, app }: StackContext) {
  const { api, originSecret } = use(Api);
  const { socket } = use(Realtime);
  // Both APIs behind CloudFront: nothing cached, every viewer header but Host (API Gateway routes on its
  // own host name; with caching off this forwards Authorization too), every query string (the live feed's
  // token and api key) and cookie. Sec-WebSocket-* headers pass with the rest.
  const dynamic = {
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
    originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
  };
  const apiBehavior: cloudfront.BehaviorOptions = {
    ...dynamic,
    origin: new HttpOrigin(`${api.cdk.httpApi.apiId}.execute-api.${stack.region}.amazonaws.com`, {
      customHeaders: { [ORIGIN_SECRET_HEADER]: originSecret.secretValue.unsafeUnwrap() },
    }),
    allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
    functionAssociations: [
      {
        function: new cloudfront.Function(stack, "ViewerAddress", {
          comment: "The viewer's address for the API (sign-in throttling)",
          code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS),
          runtime: cloudfront.FunctionRuntime.JS_2_0,
        }),
        eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
      },
    ],
  };
  // API Gateway takes no path after a WebSocket stage, so the stage is named after the path (Realtime.ts)
  // and the request goes through unchanged: /live on the console is /live, the stage, on the API.
  const liveBehavior: cloudfront.BehaviorOptions = {
    ...dynamic,
    origin: new HttpOrigin(`${socket.cdk.webSocketApi.apiId}.execute-api.${stack.region}.amazonaws.com`),
    allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
  };

  // The same headers the embedded server sets (packages/core/src/web/headers.ts). connect-src 'self'
  // covers the API and the live feed's wss: on the console's own host. The onboarding stepper frames the
  // merchant-services partner's application page: its origin is the `merchantServicesOrigin` context
  // value (as in the OnboardingPartners secret); without it nothing may be framed.
  const partner = app.node.tryGetContext("merchantServicesOrigin") as string | undefined;
  const framed = partner ? { frame: [new URL(partner).origin] } : {};
  const headers = new cloudfront.ResponseHeadersPolicy(stack, "ConsoleHeaders", {
    comment: "The console's security headers (packages/core/src/web/headers.ts)",
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(framed), override: true },
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
  const routes = new cloudfront.Function(stack, "ConsoleRoutes", {
    comment: "Console routes to index.html",
    code: cloudfront.FunctionCode.fromInline(CONSOLE_ROUTES),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
  });
  const site = new StaticSite(stack, "Console", {
    path: "packages/web",
    buildOutput: "dist",
    buildCommand: process.env.NODE_ENV === "test" ? undefined : "npx vite build",
    cdk: {
      distribution: {
        // Replaces StaticSite's 403/404 -> index.html answers, which apply to every behaviour, the API's too.
        errorResponses: [],
        defaultBehavior: {
          responseHeadersPolicy: headers,
          functionAssociations: [
            { function: routes, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
        additionalBehaviors: { [LIVE_PATH]: liveBehavior, "/api/*": apiBehavior },
      },
    },
  });
  stack.addOutputs({ ConsoleUrl: site.url ?? "" });
  return { site };
}
