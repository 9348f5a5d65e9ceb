import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { customFieldsQuery } from "../features/custom-fields/api.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const screen = screenAt("/config/custom-fields");

/** /config/custom-fields: the tenant's custom fields, loaded before the screen renders. */
export const customFieldsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/custom-fields",
  staticData: { screen },
  loader: ({ context }) =>
    whenOpen(context, screen, () => context.queryClient.ensureQueryData(customFieldsQuery())),
  component: lazyRouteComponent(() => import("../features/custom-fields/CustomFields.tsx"), "CustomFields"),
});
