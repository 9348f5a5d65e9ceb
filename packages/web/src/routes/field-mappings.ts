import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { fieldMappingListQuery, fieldMappingQuery } from "../features/field-mappings/api.ts";
import { FieldMappingMissing } from "../features/field-mappings/FieldMappingMissing.tsx";
import { FIELD_MAPPING_PAGE_SIZE, fieldMappingListSearch } from "../features/field-mappings/listSearch.ts";
import { tenantSettingsQuery } from "../features/settings/api.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const list = screenAt("/config/field-mappings");
const editor = screenAt("/config/field-mappings/$id");

/** 'new' opens an empty editor (spec 001 §2.1: "id or 'new'"). */
export const NEW_ID = "new";

/** /config/field-mappings: the tenant's mappings, ten a page, the page walk in the URL. */
export const fieldMappingsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/field-mappings",
  staticData: { screen: list },
  validateSearch: fieldMappingListSearch,
  loaderDeps: ({ search }) => ({ cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, list, () =>
      context.queryClient.ensureQueryData(fieldMappingListQuery(FIELD_MAPPING_PAGE_SIZE, deps.cursor)),
    ),
  component: lazyRouteComponent(
    () => import("../features/field-mappings/FieldMappingList.tsx"),
    "FieldMappingList",
  ),
});

const parseId = ({ id }: { id: string }) => {
  if (!id || id.length > 100) throw new Error("Not a field mapping id.");
  return { id };
};

/**
 * /config/field-mappings/{id}: the mapping (unless 'new') and the tenant's settings, whose custom fields
 * are the `custom:{name}` targets a row may pick.
 */
export const fieldMappingRoute = createRoute({
  getParentRoute: () => gate,
  path: "/config/field-mappings/$id",
  staticData: { screen: editor },
  params: { parse: parseId, stringify: ({ id }) => ({ id }) },
  loader: ({ context, params }) =>
    whenOpen(context, editor, () =>
      Promise.all([
        context.queryClient.ensureQueryData(tenantSettingsQuery()),
        params.id === NEW_ID ? null : context.queryClient.ensureQueryData(fieldMappingQuery(params.id)),
      ]),
    ),
  errorComponent: FieldMappingMissing,
  component: lazyRouteComponent(
    () => import("../features/field-mappings/FieldMappingEditor.tsx"),
    "FieldMappingEditor",
  ),
});
