import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { mobileConfigListQuery, mobileConfigQuery } from "../features/mobile-config/api.ts";
import { MOBILE_CONFIG_PAGE_SIZE, mobileConfigListSearch } from "../features/mobile-config/listSearch.ts";
import { MobileConfigMissing } from "../features/mobile-config/MobileConfigMissing.tsx";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const list = screenAt("/config/mobile-config");
const editor = screenAt("/config/mobile-config/$id");

/** 'new' opens an empty editor (spec 001 §2.1: "id or 'new'"). */
export const NEW_MOBILE_CONFIG = "new";

/** /config/mobile-config: the tenant's mobile applications, newest first, the page walk in the URL. */
export const mobileConfigsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/mobile-config",
  staticData: { screen: list },
  validateSearch: mobileConfigListSearch,
  loaderDeps: ({ search }) => ({ cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, list, () =>
      context.queryClient.ensureQueryData(mobileConfigListQuery(MOBILE_CONFIG_PAGE_SIZE, deps.cursor)),
    ),
  component: lazyRouteComponent(
    () => import("../features/mobile-config/MobileConfigList.tsx"),
    "MobileConfigList",
  ),
});

const parseId = ({ id }: { id: string }) => {
  if (!id || id.length > 100) throw new Error("Not a mobile application id.");
  return { id };
};

/** /config/mobile-config/{id}: the application (unless 'new') with its Channels card. */
export const mobileConfigRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/mobile-config/$id",
  staticData: { screen: editor },
  params: { parse: parseId, stringify: ({ id }) => ({ id }) },
  loader: ({ context, params }) =>
    whenOpen(context, editor, () =>
      params.id === NEW_MOBILE_CONFIG
        ? Promise.resolve(null)
        : context.queryClient.ensureQueryData(mobileConfigQuery(params.id)),
    ),
  errorComponent: MobileConfigMissing,
  component: lazyRouteComponent(
    () => import("../features/mobile-config/MobileConfigEditor.tsx"),
    "MobileConfigEditor",
  ),
});
