import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { segmentListQuery, segmentQuery } from "../features/segments/api.ts";
import { SEGMENT_PAGE_SIZE, segmentListSearch } from "../features/segments/listSearch.ts";
import { SegmentMissing } from "../features/segments/SegmentMissing.tsx";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const list = screenAt("/segments");
const editor = screenAt("/segment/$id");

/** /segments: the tenant's segments, ten a page, the page walk in the URL. */
export const segmentsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/segments",
  staticData: { screen: list },
  validateSearch: segmentListSearch,
  loaderDeps: ({ search }) => ({ cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, list, () =>
      context.queryClient.ensureQueryData(segmentListQuery(SEGMENT_PAGE_SIZE, deps.cursor)),
    ),
  component: lazyRouteComponent(() => import("../features/segments/SegmentList.tsx"), "SegmentList"),
});

const parseId = ({ id }: { id: string }) => {
  if (!id || id.length > 100) throw new Error("Not a segment id.");
  return { id };
};

/** /segment/{id}?op=edit|clone, 'new' creates (spec 002 Routes, §4 Segment editor mode). */
export const segmentRoute = createRoute({
  getParentRoute: () => gate,
  path: "/segment/$id",
  staticData: { screen: editor },
  params: { parse: parseId, stringify: ({ id }) => ({ id }) },
  validateSearch: (raw: Record<string, unknown>): { op?: "edit" | "clone" } =>
    raw.op === "edit" || raw.op === "clone" ? { op: raw.op } : {},
  loader: ({ context, params }) =>
    whenOpen(context, editor, () =>
      params.id === "new"
        ? Promise.resolve(null)
        : context.queryClient.ensureQueryData(segmentQuery(params.id)),
    ),
  errorComponent: SegmentMissing,
  component: lazyRouteComponent(() => import("../features/segments/SegmentEditor.tsx"), "SegmentEditor"),
});
