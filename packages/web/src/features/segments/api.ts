import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/**
 * ["segment"] is the entity's name: the live feed refreshes every list and segment on a segment change
 * (lib/realtime.ts falls back to the entity's own key).
 */
export const segmentKeys = {
  all: ["segment"] as const,
  list: (limit: number, cursor: string | undefined) => ["segment", "list", limit, cursor ?? null] as const,
  one: (id: string) => ["segment", "one", id] as const,
};

export const segmentListQuery = (limit: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: segmentKeys.list(limit, cursor),
    queryFn: () => unwrap(api.segments.$get({ query: { limit: String(limit), cursor } })),
    placeholderData: keepPreviousData,
  });
export type SegmentRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof segmentListQuery>["queryFn"]>>
>["items"][number];

export const segmentQuery = (id: string) =>
  queryOptions({
    queryKey: segmentKeys.one(id),
    queryFn: () => unwrap(api.segments[":id"].$get({ param: { id } })),
  });

export type SegmentBody = Parameters<(typeof api)["segments"]["$post"]>[0]["json"];

export const createSegment = (json: SegmentBody) => unwrap(api.segments.$post({ json }));
export const updateSegment = (id: string, json: SegmentBody) =>
  unwrap(api.segments[":id"].$put({ param: { id }, json }));
export const deleteSegment = (id: string) => unwrap(api.segments[":id"].$delete({ param: { id } }));

export type ContactQueryBody = Parameters<(typeof api)["contacts"]["query"]["$post"]>[0]["json"];

/**
 * The segment's count and first matches (POST /api/contacts/query), keyed under ["contacts"] so a contact
 * change anywhere in the tenant refreshes the preview too.
 */
export const segmentPreviewQuery = (body: ContactQueryBody | null) =>
  queryOptions({
    queryKey: ["contacts", "segment-preview", body] as const,
    queryFn: () => unwrap(api.contacts.query.$post({ json: body as ContactQueryBody })),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
