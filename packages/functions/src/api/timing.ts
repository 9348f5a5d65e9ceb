import { serverTiming, withRequest } from "@reachcx/core/request/index";
import { createMiddleware } from "hono/factory";

/**
 * Serves each API request inside a request scope (core/request) and answers with a Server-Timing header:
 * the time of its phases (auth, search, store: summed over their calls, so they may overlap) and its total,
 * which browsers show in their network panel. Cheap: a few performance.now() per request.
 */
export const timing = createMiddleware(async (c, next) => {
  const started = performance.now();
  await withRequest(async (scope) => {
    await next();
    c.header("Server-Timing", serverTiming(scope, performance.now() - started), { append: true });
  });
});
