import type { Node } from "@reachcx/core/search/ast";
import { CONTACT_FIELDS } from "@reachcx/core/search/contact-fields";
import {
  ACTIVITY_ORDER,
  decodeKeysetCursor,
  encodeKeysetCursor,
  invalidCursor,
  type Keyset,
  type KeyValue,
  sortOrder,
} from "@reachcx/core/search/cursor";
import type {
  ActivityRequest,
  SearchPage,
  SearchRequest,
  SearchRow,
  SortKey,
} from "@reachcx/core/search/port";
import type Database from "better-sqlite3";
import {
  activityWhere,
  type Compiling,
  compile,
  drivenByText,
  type FtsSet,
  fieldExpr,
  negated,
  rangedFields,
  ruleFields,
  toFts,
} from "./compile.ts";
import { customSortIndexes, FILTER_INDEXES, FILTERED, literal, rowidRange, SORTED } from "./layout.ts";
import { rowColumns, rowOf } from "./rows.ts";

/**
 * How a search-box page is found (textPage). `walk`: reading an entry of a sort index and testing it
 * against the match set costs about a tenth of looking a match up by rowid and sorting it (measured at 1M
 * contacts, bench/search.ts). The first, short walk reads up to `slack` times the entries it expects plus
 * `minWalk` before it gives up. `probe`: testing one entry in the full-text index costs about 150 times
 * gathering one match into the set the walk tests against; a walk that probes reads up to `probeSlack`
 * times the entries it expects plus `minProbe`.
 */
export const PLAN = { walk: 10, slack: 16, minWalk: 1000, probeSlack: 4, minProbe: 64, probe: 150 };
export type SearchPlan = typeof PLAN;

/** A sort index, and the WHERE that lets the planner use it (`?` is the tenant). */
interface SortIndex {
  name: string;
  where: string;
}

interface Tenant {
  name: string;
  /** Its contacts in the index. */
  n: number;
  /** Its rowids, inclusive. */
  range: readonly [number, number];
}

/** A condition on `contact c` with its parameters. */
interface Cond {
  sql: string;
  params: unknown[];
}

/** A page's rows: the id, then the sort values (`k0`, `k1`, ...) the next cursor is made of. */
type Row = { id: string } & Record<string, KeyValue>;

const ALL: Cond = { sql: "1", params: [] };

/**
 * The query planner: a request, its keyset cursor and sort become statements that count the matches and
 * read one page of ids from the cursor's row on. The tenant is a condition of every statement: its name
 * on the contact table, its rowid range in the full-text index.
 */
export function sqlitePlanner(db: Database.Database, plan: SearchPlan) {
  const statements = new Map<string, Database.Statement>();
  const sql = (text: string) => {
    const statement = statements.get(text) ?? db.prepare(text);
    statements.set(text, statement);
    return statement;
  };
  const tenantOf = db.prepare<[string], { no: number; n: number }>(
    "SELECT no, n FROM contact_tenant WHERE tenant = ?",
  );
  const countFts = db.prepare<[string, number, number], { n: number }>(
    "SELECT count(*) AS n FROM contact_fts WHERE contact_fts MATCH ? AND rowid BETWEEN ? AND ?",
  );
  const customIndex = customSortIndexes(db);

  /**
   * A search-box query, answered inside the full-text index. The total is an FTS5 count (or the tenant's
   * total less it, for a complement). A page is read from a sort index in order from the cursor's row on,
   * keeping the entries in the match set; the walk stops once it has the page, after about limit * tenant
   * size / matches entries when the matches are spread over the sort order, much later when they bunch
   * up away from the cursor (a search for a city, sorted by city). So (PLAN): with a huge match set a
   * short walk that probes each entry goes first; while the whole index costs less to read than looking
   * up every match, the walk is taken; otherwise a short walk is tried and the matches are collected and
   * sorted when it comes back short. Null for a complement the walk could not page (several sort keys,
   * or a page across the edge of the missing values): the general plan answers it.
   */
  function textPage(fts: FtsSet, tenant: Tenant, request: SearchRequest, after: Keyset | null) {
    const matched = (countFts.get(fts.match, ...tenant.range) as { n: number }).n;
    const total = fts.negated ? tenant.n - matched : matched;
    const position = after?.position ?? 0;
    if (position >= total) return { rows: [], total };
    // The position is the cursor's hint: a walk that finds fewer rows is checked by collecting.
    const wanted = Math.min(request.limit, total - position);
    const types = request.types ?? {};
    const segments = afterSegments(request.sort, types, after);
    // In index entries: what a walk expects to read, and what collecting the matches costs.
    const expected = (wanted * tenant.n) / total;
    const collecting = fts.negated ? Number.POSITIVE_INFINITY : plan.walk * matched;
    const index = sortIndex(tenant.name, request);
    if (index && segments && expected < collecting) {
      // LIMIT -1 reads the whole index; either way the walk stops once it has the page.
      const read = (segment: Cond, limit: number, probe: boolean, rows = request.limit) =>
        walker(index, request, inSet(fts, probe), segment).all(
          tenant.name,
          ...segment.params,
          limit < tenant.n ? limit : -1,
          fts.match,
          ...tenant.range,
          rows,
        ) as Row[];
      const [first] = segments as [Cond];
      // A page from the first segment alone is certain when it is full, or when the walk read all of the
      // index there is (one segment: nothing else follows the cursor).
      const certain = (rows: Row[], limit: number) =>
        rows.length >= wanted || (segments.length === 1 && limit >= tenant.n);
      // A huge match set costs more to gather than a short walk costs to probe entry by entry.
      const probing = Math.ceil(plan.probeSlack * expected) + plan.minProbe;
      if (probing * plan.probe < matched) {
        const rows = read(first, probing, true);
        if (certain(rows, probing)) return { rows, total };
      }
      // Reading the whole index costs less than collecting: the walk goes as far as the page is,
      // segment after segment (past the missing values, or on to them).
      if (tenant.n < collecting) {
        const rows: Row[] = [];
        for (const segment of segments) {
          if (rows.length >= request.limit) break;
          rows.push(...read(segment, -1, false, request.limit - rows.length));
        }
        return { rows, total };
      }
      const short = Math.ceil(plan.slack * expected) + plan.minWalk;
      const rows = read(first, short, false);
      if (certain(rows, short)) return { rows, total };
    }
    if (fts.negated) return null;
    // Collecting: the matches in rowid order, each looked up in the contact table (`CROSS JOIN` keeps
    // that order of the loops), the tenant checked again on the row, those after the cursor sorted.
    const rest = afterCondition(request.sort, types, after);
    const collect = sql(`
      SELECT c.id${keyColumns(request.sort, types)}${rowColumns(request.fields)} FROM contact_fts f CROSS JOIN contact c ON c.rid = f.rowid
      WHERE c.tenant = ? AND f.contact_fts MATCH ? AND f.rowid BETWEEN ? AND ? AND (${rest.sql})
      ORDER BY ${orderBy(request.sort, types)} LIMIT ?`);
    return {
      rows: collect.all(tenant.name, fts.match, ...tenant.range, ...rest.params, request.limit) as Row[],
      total,
    };
  }

  /**
   * The match set as a condition on `rid`: the matches gathered once (a cost per match), or each walked
   * entry probed in the full-text index (a cost per entry, far higher, worth it when a short walk meets a
   * huge match set).
   */
  function inSet(fts: FtsSet, probe: boolean) {
    const match = "contact_fts MATCH ? AND rowid BETWEEN ? AND ?";
    if (probe)
      return `${fts.negated ? "NOT " : ""}EXISTS (SELECT 1 FROM contact_fts WHERE ${match} AND rowid = rid)`;
    return `rid ${fts.negated ? "NOT IN" : "IN"} (SELECT rowid FROM contact_fts WHERE ${match})`;
  }

  /**
   * The statement that reads the first `?` entries of the sort index for this order from the cursor's
   * row on (one segment of the rows after it: an index range) and pages the ones in the set.
   */
  function walker(index: SortIndex, request: SearchRequest, set: string, segment: Cond) {
    const [key] = request.sort;
    const direction = key?.direction === "desc" ? "DESC" : "ASC";
    const types = request.types ?? {};
    return sql(`
      SELECT rid, id${key ? ", k0" : ""} FROM (
        SELECT c.rid, c.id${keyColumns(request.sort, types)}
        FROM contact c INDEXED BY ${index.name} WHERE ${index.where} AND (${segment.sql})
        ORDER BY ${orderBy(request.sort, types)} LIMIT ?
      ) WHERE ${set} ORDER BY ${key ? `k0 ${direction}, ` : ""}id ${direction} LIMIT ?`);
  }

  /**
   * The index that reads a tenant's contacts in the requested order, and the WHERE that lets the planner
   * use it (`?` is the tenant). Built-in fields have one for all tenants; a custom field gets one for the
   * tenant the first time its list is sorted by it (layout.ts, customSortIndexes).
   */
  function sortIndex(tenant: string, request: SearchRequest): SortIndex | null {
    const [key, ...more] = request.sort;
    if (more.length > 0) return null;
    if (!key || SORTED.includes(key.field))
      return { name: `contact_sort_${key?.field ?? "id"}`, where: "c.tenant = ?" };
    // Other built-in fields are not the list's columns: their matches are collected and sorted.
    if (CONTACT_FIELDS[key.field]) return null;
    const name = customIndex(tenant, fieldExpr(key.field, request.types ?? {}, "").sql);
    return { name, where: `c.tenant = ${literal(tenant)} AND c.tenant = ?` };
  }

  /**
   * Any query: the model compiled to SQL over the contact table. The page is read segment by segment of
   * the rows after the cursor (afterSegments), each an index range where the order has an index.
   */
  function queryPage(tenant: Tenant, request: SearchRequest, after: Keyset | null) {
    const types = request.types ?? {};
    const segments = afterSegments(request.sort, types, after) ?? [
      afterCondition(request.sort, types, after),
    ];
    const order = `ORDER BY ${orderBy(request.sort, types)} LIMIT ?`;
    const keys = keyColumns(request.sort, types) + rowColumns(request.fields);
    const rows: Row[] = [];
    const more = () => request.limit - rows.length;
    if (!request.query) {
      // The whole list: a walk of the sort index from the cursor's row.
      const index = sortIndex(tenant.name, request);
      const from = index
        ? `contact c INDEXED BY ${index.name} WHERE ${index.where}`
        : "contact c WHERE c.tenant = ?";
      for (const segment of segments) {
        if (more() <= 0) break;
        rows.push(
          ...(sql(`SELECT c.id${keys} FROM ${from} AND (${segment.sql}) ${order}`).all(
            tenant.name,
            ...segment.params,
            more(),
          ) as Row[]),
        );
      }
      return { rows, total: tenant.n };
    }
    const cx = { params: [tenant.name] as unknown[], types, range: tenant.range };
    const where = compile(request.query, cx);
    const tenantTerm = tenantTermOf(request.query);
    // A later page of a walk takes the total its first page counted (the cursor's): counting every
    // match again would cost what the first page did, on every page.
    const total = after?.total ?? count(tenant, request.query, types);
    const position = after?.position ?? 0;
    if (position >= total) return { rows, total };
    const walked = ruleWalk(tenant, request, after, total - position, total);
    if (walked) return { rows: walked, total };
    for (const segment of segments) {
      if (more() <= 0) break;
      const page = sql(
        `SELECT c.id${keys} FROM contact c WHERE ${tenantTerm} = ? AND (${where}) AND (${segment.sql}) ${order}`,
      );
      rows.push(...(page.all(...cx.params, ...segment.params, more()) as Row[]));
    }
    return { rows, total };
  }

  /** A rule query's matches in the tenant (countSql). */
  function count(tenant: Tenant, query: Node, types: Record<string, string>) {
    const cx = { params: [] as unknown[], types, range: tenant.range };
    return (sql(countSql(query, tenant.name, cx)).get(...cx.params) as { n: number }).n;
  }

  /**
   * A rule query's page read from the sort index in order (from the cursor's row), each entry's row
   * tested against the query, stopping at the page: worth it while the walk expects to read fewer rows
   * (limit * tenant size / matches, the matches spread over the order) than the matches the general plan
   * gathers and sorts (a TX segment is 8% of a tenant: its first page is ~125 entries, not 83,000 rows
   * sorted). A walk that reads `slack` times what it expects plus `minWalk` without filling the page (the
   * matches bunch up away from the cursor) gives up, and the general plan answers (null). The rows come
   * in the walk's order: the outer query scans the walk (a co-routine, in index order) and looks each row
   * up by rowid; an outer ORDER BY would make SQLite read the whole walk before the first row (the
   * conformance suite pages these walks against the evaluator, PLAN thresholds moved so they are taken).
   */
  function ruleWalk(
    tenant: Tenant,
    request: SearchRequest,
    after: Keyset | null,
    left: number,
    total: number,
  ) {
    if (!request.query) return null;
    const index = sortIndex(tenant.name, request);
    const [segment] = afterSegments(request.sort, request.types ?? {}, after) ?? [];
    if (!index || !segment) return null;
    const wanted = Math.min(request.limit, left);
    const expected = (wanted * tenant.n) / total;
    const cap = Math.ceil(plan.slack * expected) + plan.minWalk;
    if (cap >= total) return null;
    const types = request.types ?? {};
    const cx = { params: [] as unknown[], types, range: tenant.range };
    const where = compile(request.query, cx);
    const order = orderBy(request.sort, types);
    const rows = sql(`
      SELECT c.id${keyColumns(request.sort, types)}${rowColumns(request.fields)} FROM (
        SELECT c.rid FROM contact c INDEXED BY ${index.name} WHERE ${index.where} AND (${segment.sql})
        ORDER BY ${order} LIMIT ?
      ) w CROSS JOIN contact c ON c.rid = w.rid
      WHERE (${where}) LIMIT ?`).all(
      tenant.name,
      ...segment.params,
      cap,
      ...cx.params,
      request.limit,
    ) as Row[];
    return rows.length >= wanted ? rows : null;
  }

  /** The request's cursor, read for its order (another order's or a damaged one is a 400). */
  function keysetOf(request: SearchRequest): Keyset | null {
    const after = decodeKeysetCursor(request.cursor, sortOrder(request.sort), request.sort.length + 1);
    if (!after) return null;
    // SQLite holds built-in text as text and dates as numbers; no value it gives is a boolean.
    request.sort.forEach((key, i) => {
      const value = after.after[i];
      const type = CONTACT_FIELDS[key.field];
      if (
        typeof value === "boolean" ||
        (value !== null && type === "text" && typeof value !== "string") ||
        (value !== null && type === "date" && typeof value !== "number")
      )
        throw invalidCursor();
    });
    return after;
  }

  /**
   * The page's rows of these fields: selected with the page where its statement read the contact's row;
   * a walk of the full-text plan read only index entries, so its rows are looked up by rowid here.
   */
  function pageRows(fields: readonly string[], rows: Row[]): SearchRow[] {
    const walked = rows.filter((r) => !Object.hasOwn(r, "src")).map((r) => r.rid);
    const looked = new Map<unknown, Record<string, unknown>>();
    if (walked.length > 0)
      for (const r of sql(
        `SELECT c.rid${rowColumns(fields)} FROM contact c WHERE c.rid IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(walked)) as Record<string, unknown>[])
        looked.set(r.rid, r);
    return rows.map((r) => {
      const row = Object.hasOwn(r, "src") ? r : looked.get(r.rid);
      return row ? rowOf(fields, row) : null;
    });
  }

  return {
    /** A page of a tenant's contacts: search-box queries inside the full-text index, the rest in SQL. */
    contacts(name: string, request: SearchRequest): SearchPage {
      const after = keysetOf(request);
      const known = tenantOf.get(name);
      if (!known) return { ids: [], total: 0, nextCursor: null };
      const tenant: Tenant = { name, n: known.n, range: rowidRange(known.no) };
      const fts = request.query ? toFts(request.query) : null;
      const text = fts && textPage(fts, tenant, request, after);
      const { rows, total } = text || queryPage(tenant, request, after);
      const fields = request.fields;
      const position = (after?.position ?? 0) + rows.length;
      const last = rows.at(-1);
      return {
        ids: rows.map((r) => r.id),
        total,
        ...(fields ? { rows: pageRows(fields, rows) } : {}),
        nextCursor:
          last && position < total
            ? encodeKeysetCursor(sortOrder(request.sort), {
                after: [...request.sort.map((_, i) => last[`k${i}`] ?? null), last.id],
                position,
                // Rule queries carry their count on (queryPage); search-box counts are FTS5's, cheap.
                ...(text || !request.query ? {} : { total }),
              })
            : null,
      };
    },
    /** A page of a tenant's activity logs, newest first, ties by id, from the cursor's log on. */
    activity(tenant: string, request: ActivityRequest): SearchPage {
      const { clause, params } = activityWhere(tenant, request);
      const after = decodeKeysetCursor(request.cursor, ACTIVITY_ORDER, 2);
      if (after && typeof after.after[0] !== "string") throw invalidCursor();
      const total = (
        sql(`SELECT count(*) AS n FROM activitylog WHERE ${clause}`).get(...params) as { n: number }
      ).n;
      const rows = sql(
        `SELECT id, timestamp FROM activitylog WHERE ${clause}${after ? " AND (timestamp, id) < (?, ?)" : ""} ORDER BY timestamp DESC, id DESC LIMIT ?`,
      ).all(...params, ...(after?.after ?? []), request.limit) as { id: string; timestamp: string }[];
      const position = (after?.position ?? 0) + rows.length;
      const last = rows.at(-1);
      return {
        ids: rows.map((r) => r.id),
        total,
        nextCursor:
          last && position < total
            ? encodeKeysetCursor(ACTIVITY_ORDER, { after: [last.timestamp, last.id], position })
            : null,
      };
    },
  };
}

/**
 * The tenant's term in a rule query's WHERE. With a free-text term every match must have, the FTS match
 * is the cheapest way in: `+tenant` keeps the planner from walking the tenant's whole index instead.
 */
const tenantTermOf = (query: Node) => (drivenByText(query) ? "+c.tenant" : "c.tenant");

/**
 * The statement that counts a rule query's matches in the tenant, its values pushed onto `cx.params`.
 * Matches are counted on a filter index's entries when one serves the query (`c.rid > 0` is its partial
 * condition, which lets SQLite use it), else where SQLite's planner finds them. A negation (`state ne
 * ZZ`, a NOT group) is the tenant's live total less the count of what it negates, in one statement (one
 * snapshot): it reads the few rows it leaves out, not the many it keeps. Every compiled rule is
 * two-valued (compile.ts), so NOT is an exact complement.
 */
export function countSql(query: Node, tenant: string, cx: Compiling): string {
  const inner = negated(query);
  if (inner) {
    const count = countSql(inner, tenant, cx);
    cx.params.push(tenant);
    return `SELECT n - (${count}) AS n FROM contact_tenant WHERE tenant = ?`;
  }
  cx.params.push(tenant);
  const where = compile(query, cx);
  const filter = filterIndex(query);
  return filter
    ? `SELECT count(*) AS n FROM contact c INDEXED BY ${filter} WHERE c.tenant = ? AND c.rid > 0 AND (${where})`
    : `SELECT count(*) AS n FROM contact c WHERE ${tenantTermOf(query)} = ? AND (${where})`;
}

/**
 * The filter index (layout.ts) that counts a rule query on its entries alone, or null: one whose columns
 * hold every field the query names (custom fields are in `cf`) and whose leading field the query holds to
 * a range (`state eq TX`, `city in (...)`), so the count reads that range of entries and fetches no row
 * (docs/search.md, Rule-query counts). Without such a range the query's own sort indexes serve it better:
 * a whole tenant's filter entries cost more to read than a narrow index's candidates cost to fetch; and a
 * query of one sorted field is counted on that field's narrow sort index.
 */
export function filterIndex(query: Node): string | null {
  const fields = ruleFields(query);
  if (!fields || ![...fields].every((f) => !CONTACT_FIELDS[f] || (FILTERED as readonly string[]).includes(f)))
    return null;
  // One field with a sort index: that narrow index covers the query already.
  const [only] = fields;
  if (fields.size === 1 && only && SORTED.includes(only)) return null;
  const ranged = rangedFields(query);
  return FILTER_INDEXES.find((index) => ranged.has(index.lead))?.name ?? null;
}

/**
 * Sorts the way an index on (tenant, value, id) reads forwards or backwards: missing values first when
 * ascending, last when descending; ties by id in the same direction (docs/decisions.md, Search sort).
 */
export function orderBy(sort: readonly SortKey[], types: Record<string, string>): string {
  const last = sort.at(-1)?.direction ?? "asc";
  return [
    ...sort.map((key) => `${fieldExpr(key.field, types).sql} ${key.direction === "desc" ? "DESC" : "ASC"}`),
    `c.id ${last === "desc" ? "DESC" : "ASC"}`,
  ].join(", ");
}

/** The sort values a page selects beside the id, as `k0, k1, ...`: the next cursor is made of them. */
const keyColumns = (sort: readonly SortKey[], types: Record<string, string>) =>
  sort.map((key, i) => `, ${fieldExpr(key.field, types).sql} AS k${i}`).join("");

/**
 * The rows after the cursor's row in the order, as segments read one after the other, each one range of
 * the sort index (null for several sort keys: afterCondition answers those in one condition). SQLite
 * keeps missing values (NULL) lowest, which is the order's first place ascending and last descending, but a
 * row value compared with NULL is NULL, not smaller: so "after (v, id)" is `(k, id) > (v, id)` ascending,
 * then descending also the missing values; after a missing value, the rest of the missing values by id,
 * then ascending every present value.
 */
export function afterSegments(
  sort: readonly SortKey[],
  types: Record<string, string>,
  after: Keyset | null,
): Cond[] | null {
  if (!after) return [ALL];
  if (sort.length > 1) return null;
  const [key] = sort;
  const id = after.after.at(-1);
  if (!key) return [{ sql: "c.id > ?", params: [id] }];
  const k = fieldExpr(key.field, types).sql;
  const value = after.after[0];
  if (key.direction === "asc")
    return value === null
      ? [
          { sql: `${k} IS NULL AND c.id > ?`, params: [id] },
          { sql: `${k} IS NOT NULL`, params: [] },
        ]
      : [{ sql: `(${k}, c.id) > (?, ?)`, params: [value, id] }];
  return value === null
    ? [{ sql: `${k} IS NULL AND c.id < ?`, params: [id] }]
    : [
        { sql: `(${k}, c.id) < (?, ?)`, params: [value, id] },
        { sql: `${k} IS NULL`, params: [] },
      ];
}

/**
 * The rows after the cursor's row as one condition: for one key the segments joined by OR; for several,
 * equal on the keys before one and after it on that one (missing values first ascending, last descending),
 * the id last in the last key's direction.
 */
export function afterCondition(
  sort: readonly SortKey[],
  types: Record<string, string>,
  after: Keyset | null,
): Cond {
  if (!after) return ALL;
  const segments = afterSegments(sort, types, after);
  if (segments)
    return {
      sql: `(${segments.map((s) => `(${s.sql})`).join(" OR ")})`,
      params: segments.flatMap((s) => s.params),
    };
  const ors: string[] = [];
  const params: unknown[] = [];
  const equal: string[] = [];
  const equalParams: unknown[] = [];
  sort.forEach((key, i) => {
    const k = fieldExpr(key.field, types).sql;
    const value = after.after[i];
    const beyond =
      key.direction === "asc"
        ? value === null
          ? { sql: `${k} IS NOT NULL`, params: [] }
          : { sql: `${k} > ?`, params: [value] }
        : value === null
          ? null
          : { sql: `(${k} < ? OR ${k} IS NULL)`, params: [value] };
    if (beyond) {
      ors.push([...equal, beyond.sql].join(" AND "));
      params.push(...equalParams, ...beyond.params);
    }
    equal.push(`${k} IS ?`);
    equalParams.push(value);
  });
  const last = sort.at(-1)?.direction === "desc" ? "<" : ">";
  ors.push([...equal, `c.id ${last} ?`].join(" AND "));
  params.push(...equalParams, after.after.at(-1));
  return { sql: `(${ors.map((o) => `(${o})`).join(" OR ")})`, params };
}
