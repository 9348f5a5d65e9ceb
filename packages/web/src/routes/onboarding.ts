import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { vendorListQuery } from "../features/onboarding/api.ts";
import { stepperSearch, VENDOR_PAGE_SIZE, vendorListSearch } from "../features/onboarding/search.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const list = screenAt("/admin/onboarding");
const editor = screenAt("/admin/onboarding/edit/$vendorId");
const frame = screenAt("/admin/onboarding/app/$url");

/** /admin/onboarding: the Applications table, ten a page, the page walk and the preview in the URL. */
export const vendorsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/admin/onboarding",
  staticData: { screen: list },
  validateSearch: vendorListSearch,
  loaderDeps: ({ search }) => ({ cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, list, () =>
      context.queryClient.ensureQueryData(vendorListQuery(VENDOR_PAGE_SIZE, deps.cursor)),
    ),
  component: lazyRouteComponent(() => import("../features/onboarding/VendorList.tsx"), "VendorList"),
});

/** /admin/onboarding/edit/{vendorId}?step=: the seven-step stepper; 'new' creates. */
export const vendorEditRoute = createRoute({
  getParentRoute: () => gate,
  path: "/admin/onboarding/edit/$vendorId",
  staticData: { screen: editor },
  validateSearch: stepperSearch,
  component: lazyRouteComponent(() => import("../features/onboarding/VendorStepper.tsx"), "VendorStepper"),
});

/** /admin/onboarding/app/{url}: the merchant's application page (the encoded URL) in a frame, with Close. */
export const applicationFrameRoute = createRoute({
  getParentRoute: () => gate,
  path: "/admin/onboarding/app/$url",
  staticData: { screen: frame },
  validateSearch: (raw: Record<string, unknown>): { vendor?: string; step?: number } => ({
    ...(typeof raw.vendor === "string" && raw.vendor.length <= 100 ? { vendor: raw.vendor } : {}),
    ...stepperSearch(raw),
  }),
  component: lazyRouteComponent(
    () => import("../features/onboarding/ApplicationFrame.tsx"),
    "ApplicationFrame",
  ),
});
