import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { restConnectionListQuery, restConnectionQuery } from "../features/rest-connections/api.ts";
import {
  orderOf,
  REST_CONNECTION_PAGE_SIZE,
  restConnectionListSearch,
} from "../features/rest-connections/listSearch.ts";
import { RestConnectionMissing } from "../features/rest-connections/RestConnectionMissing.tsx";
import { tenantSettingsQuery } from "../features/settings/api.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const list = screenAt("/config/rest-connections");
const editor = screenAt("/config/rest-connections/$id");

/** 'new' opens an empty editor (spec 001 §2.1: "id is a stored id or 'new'"). */
export const NEW_CONNECTION = "new";

/** /config/rest-connections: Name, Enabled, Date Created (newest first unless ?order=asc), a page walk. */
export const restConnectionsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/rest-connections",
  staticData: { screen: list },
  validateSearch: restConnectionListSearch,
  loaderDeps: ({ search }) => ({ order: orderOf(search), cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, list, () =>
      context.queryClient.ensureQueryData(
        restConnectionListQuery(REST_CONNECTION_PAGE_SIZE, deps.order, deps.cursor),
      ),
    ),
  component: lazyRouteComponent(
    () => import("../features/rest-connections/RestConnectionList.tsx"),
    "RestConnectionList",
  ),
});

const parseId = ({ id }: { id: string }) => {
  if (!id || id.length > 100) throw new Error("Not a REST connection id.");
  return { id };
};

/**
 * /config/rest-connections/{id}: the connection (unless 'new') and the tenant's settings, whose custom
 * fields are the `custom:{name}` targets a mapping row may pick.
 */
export const restConnectionRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/rest-connections/$id",
  staticData: { screen: editor },
  params: { parse: parseId, stringify: ({ id }) => ({ id }) },
  loader: ({ context, params }) =>
    whenOpen(context, editor, () =>
      Promise.all([
        context.queryClient.ensureQueryData(tenantSettingsQuery()),
        params.id === NEW_CONNECTION
          ? null
          : context.queryClient.ensureQueryData(restConnectionQuery(params.id)),
      ]),
    ),
  errorComponent: RestConnectionMissing,
  component: lazyRouteComponent(
    () => import("../features/rest-connections/RestConnectionEditor.tsx"),
    "RestConnectionEditor",
  ),
});
