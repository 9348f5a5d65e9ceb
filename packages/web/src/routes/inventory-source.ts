import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { dynamicsCredentialsQuery, inventorySourceQuery } from "../features/inventory-source/api.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const screen = screenAt("/config/inventory-source");

/** /config/inventory-source: the inventory source and the Dynamics credentials, loaded together. */
export const inventorySourceRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/inventory-source",
  staticData: { screen },
  loader: ({ context }) =>
    whenOpen(context, screen, () =>
      Promise.all([
        context.queryClient.ensureQueryData(inventorySourceQuery()),
        context.queryClient.ensureQueryData(dynamicsCredentialsQuery()),
      ]),
    ),
  component: lazyRouteComponent(
    () => import("../features/inventory-source/InventorySource.tsx"),
    "InventorySource",
  ),
});
