import { useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import type { FieldError } from "../error/index.ts";
import { VisibleError } from "../error/index.ts";
import { DEFAULT_LIMIT, scopeCursor, unscopeCursor } from "../paging.ts";
import { phase } from "../request/index.ts";
import type { FieldType, Node } from "../search/ast.ts";
import { queryProblems } from "../search/check.ts";
import { CONTACT_SORTABLE, contactSchema, fieldMap } from "../search/contact-fields.ts";
import { queryTooLarge } from "../search/limits.ts";
import { parseSearch } from "../search/parse.ts";
import type { SortKey } from "../search/port.ts";
import { getAll } from "../store/batch-get.ts";
import { cachedCustomFields } from "../tenant/cache.ts";

export interface ContactSearch {
  search?: string;
  query?: Node | null;
  sort?: SortKey[];
  limit?: number;
  cursor?: string | null;
}

/**
 * The contact list and the query builder (spec 003 §2.2, §7.1 simple/expandedContactSearch): the search
 * engine finds and orders ids for the tenant, the store answers the contacts themselves.
 */
export async function searchContacts(request: ContactSearch) {
  const tenant = useTenant();
  // The engine's cursor is an offset; tagged with the tenant, so another tenant's is refused, not replayed.
  const scope = `contact-search:${tenant}`;
  const custom = await cachedCustomFields(tenant);
  const schema = contactSchema(custom);
  const node = request.query ?? (request.search ? parseSearch(request.search) : null);
  if (node) checkQuery(node, schema.types);
  const sort = request.sort ?? [];
  for (const key of sort)
    if (!(CONTACT_SORTABLE as readonly string[]).includes(key.field) && !key.field.startsWith("custom:"))
      throw new VisibleError("input", "search.unknown_sort", `Cannot sort by ${key.field}.`, [
        { path: "sort", message: `Cannot sort by ${key.field}.` },
      ]);
    else if (key.field.startsWith("custom:") && !schema.types[key.field])
      throw new VisibleError("input", "search.unknown_field", `Unknown custom field: ${key.field.slice(7)}`, [
        { path: "sort", message: `Unknown custom field: ${key.field.slice(7)}` },
      ]);

  const page = await phase("search", () =>
    useEnv().search.query("contact", tenant, {
      query: node,
      sort,
      limit: request.limit ?? DEFAULT_LIMIT,
      cursor: unscopeCursor(scope, request.cursor),
      types: fieldMap(
        Object.fromEntries(Object.entries(schema.types).filter(([k]) => k.startsWith("custom:"))),
      ),
    }),
  );
  const items = await loadInOrder(tenant, page.ids);
  return { items, total: page.total, nextCursor: scopeCursor(scope, page.nextCursor) };
}

/** Reads the contacts for the ids, in the engine's order; one just deleted and not yet unindexed is left out. */
async function loadInOrder(tenant: string, ids: string[]) {
  if (ids.length === 0) return [];
  const data = await getAll(
    (keys) => useStore().entities.contact.get(keys).go(),
    ids.map((id) => ({ tenant, id })),
    "contact list",
  );
  const byId = new Map(data.map((c) => [c.id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Refuses a query too deep or too big to walk (the search box can nest as the query model can), rules on
 * fields the tenant's contacts do not have (`types` has no prototype: `constructor` is unknown too), and
 * values or operators that do not fit their field's type (search/check.ts).
 */
export function checkQuery(node: Node, types: Record<string, FieldType>) {
  const tooLarge = queryTooLarge(node);
  if (tooLarge !== null)
    throw new VisibleError("input", "search.too_complex", tooLarge, [{ path: "query", message: tooLarge }]);
  const problems = queryProblems(node, types);
  if (problems.length > 0)
    throw new VisibleError(
      "input",
      problems.some((p) => p.startsWith("Unknown ")) ? "search.unknown_field" : "search.bad_value",
      problems[0] ?? "",
      problems.map((message): FieldError => ({ path: "query", message })),
    );
}
