import { lazyRouteComponent, type RouteComponent } from "@tanstack/react-router";
import { tenantSettingsQuery } from "../features/settings/api.ts";
import type { RouterContext } from "./context.ts";

export interface BuiltScreen {
  /** Loaded on first visit (or on hover of a link to it), so each screen is its own chunk. */
  component: RouteComponent;
  /** Fetches what the screen shows before it renders; runs only when the user may see the screen. */
  loader?: (context: RouterContext) => Promise<unknown>;
}

/** The screens of the catalog that are built, by path. Every other path shows NotBuiltYet. */
export const BUILT: Record<string, BuiltScreen> = {
  "/config": {
    component: lazyRouteComponent(() => import("../features/settings/Telephony.tsx"), "Telephony"),
    loader: ({ queryClient }) => queryClient.ensureQueryData(tenantSettingsQuery()),
  },
  "/contacts": {
    component: lazyRouteComponent(() => import("../features/contacts/ContactList.tsx"), "ContactList"),
  },
  "/contact/$id": {
    component: lazyRouteComponent(
      () => import("../features/contacts/detail/ContactDetail.tsx"),
      "ContactDetail",
    ),
  },
  // Spec 003 §2.1: an empty page.
  "/dynamupdate": { component: () => null },
};
