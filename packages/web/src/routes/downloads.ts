import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { downloadsQuery } from "../features/downloads/api.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const screen = screenAt("/config/downloads");

/** /config/downloads: the CRM add-on packages, listed before the screen renders. */
export const downloadsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/downloads",
  staticData: { screen },
  loader: ({ context }) =>
    whenOpen(context, screen, () => context.queryClient.ensureQueryData(downloadsQuery())),
  component: lazyRouteComponent(() => import("../features/downloads/Downloads.tsx"), "Downloads"),
});
