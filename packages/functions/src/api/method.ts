import type { Context, Hono } from "hono";

/** Only the route table is read. */
type Routed = Pick<Hono, "routes">;

import { problem } from "./problem.ts";

const cache = new WeakMap<object, { re: RegExp; method: string }[]>();

function patterns(app: Routed) {
  let list = cache.get(app);
  if (!list) {
    list = app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => ({
        method: r.method,
        re: new RegExp(
          `^${r.path
            .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
            .replace(/\\\/\*$|\/\*$/, "(?:/.*)?")
            .replace(/:[A-Za-z0-9_]+/g, "[^/]+")}/?$`,
        ),
      }));
    cache.set(app, list);
  }
  return list;
}

/** A known path asked with the wrong method answers 405 with Allow, not 404. */
export function methodNotAllowed(app: Routed, c: Context) {
  const allowed = [
    ...new Set(
      patterns(app)
        .filter((p) => p.re.test(c.req.path))
        .map((p) => p.method),
    ),
  ];
  if (allowed.length === 0 || allowed.includes(c.req.method)) return undefined;
  c.header("Allow", allowed.join(", "));
  return problem(c, 405, "route.method_not_allowed", `${c.req.method} is not allowed on ${c.req.path}.`);
}
