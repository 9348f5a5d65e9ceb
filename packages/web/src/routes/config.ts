import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { tenantSettingsQuery } from "../features/settings/api.ts";
import { telephonySearch } from "../features/settings/search.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const telephony = screenAt("/config");

/** /config?product=&step=form, the Telephony screen: the tenant settings, loaded before it renders. */
export const telephonyRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config",
  staticData: { screen: telephony },
  validateSearch: telephonySearch,
  loader: ({ context }) =>
    whenOpen(context, telephony, () => context.queryClient.ensureQueryData(tenantSettingsQuery())),
  component: lazyRouteComponent(() => import("../features/settings/Telephony.tsx"), "Telephony"),
});
