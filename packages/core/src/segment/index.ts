import { randomUUID } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import { checkQuery } from "../contact/search.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { type Page, type PageQuery, storePage } from "../paging.ts";
import type { Group } from "../search/ast.ts";
import { CONTACT_SORTABLE, contactSchema } from "../search/contact-fields.ts";
import type { SegmentItem } from "../store/entities.ts";
import { readSettings } from "../tenant/index.ts";
import type { Segment } from "./api.ts";
import { nodesOf, SEGMENT_PAGE_SIZE, type SegmentBody, type SegmentSort } from "./schema.ts";

export * from "./api.ts";
export * from "./schema.ts";

const notFound = (id: string) =>
  new VisibleError("not_found", "segment.not_found", `Segment ${id} does not exist.`);

/** ElectroDB wraps the client's ConditionalCheckFailedException; its name or message may be on the cause. */
const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

/** The fields a segment names: every rule's, and its sort's. */
function fieldsOf(query: Group, sort: SegmentSort | null): string[] {
  const fields = [...nodesOf(query)].flatMap((n) => (n.type === "rule" ? [n.field] : []));
  return sort ? [...fields, sort.field] : fields;
}

/** The custom fields a segment names that the tenant does not have (deleted since it was saved). */
function staleFieldsOf(query: Group, sort: SegmentSort | null, custom: readonly { name: string }[]) {
  const known = new Set(custom.map((f) => `custom:${f.name}`));
  return [...new Set(fieldsOf(query, sort).filter((f) => f.startsWith("custom:") && !known.has(f)))];
}

function answer(item: SegmentItem, custom: readonly { name: string }[]): Segment {
  const query = JSON.parse(item.query) as Group;
  const sort =
    item.sortField && item.sortDirection ? { field: item.sortField, direction: item.sortDirection } : null;
  return {
    tenant: item.tenant,
    id: item.id,
    name: item.name,
    description: item.description,
    query,
    sort,
    staleFields: staleFieldsOf(query, sort, custom),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * The checks only the tenant's data can make, before anything is written: every field exists (a custom
 * field deleted meanwhile included), each value and operator fits its field, the sort is sortable.
 */
async function checkSegment(body: SegmentBody) {
  const { customFields } = await readSettings();
  const { types } = contactSchema(customFields);
  checkQuery(body.query, types);
  const sort = body.sort;
  if (!sort) return customFields;
  const sortable =
    (CONTACT_SORTABLE as readonly string[]).includes(sort.field) ||
    (sort.field.startsWith("custom:") && Boolean(types[sort.field]));
  if (!sortable) {
    const message = sort.field.startsWith("custom:")
      ? `Unknown custom field: ${sort.field.slice(7)}`
      : `Cannot sort by ${sort.field}.`;
    throw new VisibleError("input", "segment.bad_sort", message, [{ path: "sort.field", message }]);
  }
  return customFields;
}

const stored = (body: SegmentBody) => ({
  name: body.name,
  description: body.description,
  query: JSON.stringify(body.query),
  ...(body.sort ? { sortField: body.sort.field, sortDirection: body.sort.direction } : {}),
});

/** The tenant's segments, newest first, a page at a time (spec 002 §9: 10). */
export async function listSegments(page: PageQuery): Promise<Page<Segment>> {
  const tenant = useTenant();
  const [{ data, cursor }, { customFields }] = await Promise.all([
    storePage(`segments:${tenant}`, page.cursor, (cursor) =>
      useStore()
        .entities.segment.query.byCreated({ tenant })
        .go({ order: "desc", cursor, limit: page.limit ?? SEGMENT_PAGE_SIZE }),
    ),
    readSettings(),
  ]);
  return { items: data.map((item) => answer(item, customFields)), nextCursor: cursor ?? null };
}

export async function getSegment(id: string): Promise<Segment> {
  const tenant = useTenant();
  const [{ data }, { customFields }] = await Promise.all([
    useStore().entities.segment.get({ tenant, id }).go(),
    readSettings(),
  ]);
  if (!data) throw notFound(id);
  return answer(data, customFields);
}

/** Creates a segment; `id` is for the demo seed's fixed ids (a create with a taken id fails). */
export async function createSegment(body: SegmentBody, id: string = randomUUID()): Promise<Segment> {
  const tenant = useTenant();
  const custom = await checkSegment(body);
  const { data } = await useStore()
    .entities.segment.create({ tenant, id, ...stored(body) })
    .go();
  return answer(data, custom);
}

/**
 * Replaces the whole segment in one conditional write (the editor sends the whole form): a missing id,
 * another tenant's or one deleted a moment ago answers 404. A sort removed is removed from the item.
 */
export async function updateSegment(id: string, body: SegmentBody): Promise<Segment> {
  const tenant = useTenant();
  const custom = await checkSegment(body);
  const patch = useStore().entities.segment.patch({ tenant, id }).set(stored(body));
  const { data } = await (body.sort ? patch : patch.remove(["sortField", "sortDirection"]))
    .go({ response: "all_new" })
    .catch((err: unknown) => {
      throw conditionFailed(err) ? notFound(id) : err;
    });
  return answer(data as SegmentItem, custom);
}

export async function deleteSegment(id: string) {
  const tenant = useTenant();
  await useStore()
    .entities.segment.delete({ tenant, id })
    .where((attr, op) => op.exists(attr.id))
    .go()
    .catch((err: unknown) => {
      throw conditionFailed(err) ? notFound(id) : err;
    });
}
