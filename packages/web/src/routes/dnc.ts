import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { dncListQuery } from "../features/dnc/api.ts";
import { dncSearch } from "../features/dnc/search.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const screen = screenAt("/dnc");

/** /dnc?phone=&cursors=&page=: the tenant's do-not-call lists (docs/compliance.md). */
export const dncRoute = createRoute({
  getParentRoute: () => gate,
  path: "/dnc",
  staticData: { screen },
  validateSearch: dncSearch,
  loaderDeps: ({ search }) => ({ phone: search.phone ?? "", cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, screen, () =>
      context.queryClient.ensureQueryData(dncListQuery(deps.phone, deps.cursor)),
    ),
  component: lazyRouteComponent(() => import("../features/dnc/DncScreen.tsx"), "DncScreen"),
});
