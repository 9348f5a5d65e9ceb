import {
  createSegment,
  deleteSegment,
  getSegment,
  listSegments,
  Segment,
  SegmentBody,
  SegmentIdParam,
  SegmentListQuery,
  SegmentPage,
  updateSegment,
} from "@reachcx/core/segment/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

/**
 * The tenant's segments (spec 002 §7 segmentByTenant, getSegment, createSegment, updateSegment,
 * deleteSegment). Their count and preview are POST /api/contacts/query with the segment's query.
 */
export const segments = new Hono<AuthVars>()
  .get(
    "/",
    describeRoute({
      tags: ["Segments"],
      summary: "The tenant's segments, newest first: ?limit=&cursor= (the list asks 10)",
      responses: { 200: jsonAnswer("A page of segments", SegmentPage) },
    }),
    valid("query", SegmentListQuery),
    async (c) => c.json(await listSegments(c.req.valid("query")), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["Segments"],
      summary: "Create a segment: name, description, query (the query model's root group), sort",
      responses: { 201: jsonAnswer("The segment created", Segment) },
    }),
    valid("json", SegmentBody),
    async (c) => c.json(await createSegment(c.req.valid("json")), 201),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["Segments"],
      summary: "One segment; staleFields names custom fields its query uses that no longer exist",
      responses: { 200: jsonAnswer("The segment", Segment), 404: { description: "Not found" } },
    }),
    valid("param", SegmentIdParam),
    async (c) => c.json(await getSegment(c.req.valid("param").id), 200),
  )
  .put(
    "/:id",
    describeRoute({
      tags: ["Segments"],
      summary: "Replace a segment's name, description, query and sort",
      responses: { 200: jsonAnswer("The segment as saved", Segment), 404: { description: "Not found" } },
    }),
    valid("param", SegmentIdParam),
    valid("json", SegmentBody),
    async (c) => c.json(await updateSegment(c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete(
    "/:id",
    describeRoute({
      tags: ["Segments"],
      summary: "Delete a segment",
      responses: { 204: { description: "Deleted" }, 404: { description: "Not found" } },
    }),
    valid("param", SegmentIdParam),
    async (c) => {
      await deleteSegment(c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
