import { CONTACT_FIELDS } from "@reachcx/core/search/contact-fields";
import { decodeOffsetCursor, encodeOffsetCursor } from "@reachcx/core/search/cursor";
import type { ActivityRequest, SearchPage, SearchRequest, SortKey } from "@reachcx/core/search/port";
import type Database from "better-sqlite3";
import { activityWhere, compile, drivenByText, type FtsSet, fieldExpr, toFts } from "./compile.ts";
import { customSortIndexes, literal, rowidRange, SORTED } from "./layout.ts";

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

/**
 * The query planner: a request, its offset cursor and sort become statements that count the matches and
 * read one page of ids. The tenant is a condition of every statement: its name on the contact table, its
 * rowid range in the full-text index.
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
   * total less it, for a complement). A page is read from a sort index in order, keeping the entries in
   * the match set; the walk stops once it has the page, after about (offset + limit) * tenant size /
   * matches entries when the matches are spread over the sort order, much later when they bunch up away
   * from its start (a search for a city, sorted by city). So (PLAN): with a huge match set a short walk
   * that probes each entry goes first; while the whole index costs less to read than looking up every
   * match, the walk is taken; otherwise a short walk is tried and the matches are collected and sorted
   * when it comes back short. Null for a complement sorted by several keys: the general plan answers it.
   */
  function textPage(fts: FtsSet, tenant: Tenant, request: SearchRequest, offset: number) {
    const matched = (countFts.get(fts.match, ...tenant.range) as { n: number }).n;
    const total = fts.negated ? tenant.n - matched : matched;
    if (offset >= total) return { ids: [], total };
    const wanted = Math.min(request.limit, total - offset);
    const tail = [fts.match, ...tenant.range, request.limit, offset];
    // In index entries: what a walk expects to read, and what collecting the matches costs.
    const expected = ((offset + request.limit) * tenant.n) / total;
    const collecting = fts.negated ? Number.POSITIVE_INFINITY : plan.walk * matched;
    const index = sortIndex(tenant.name, request);
    if (index && expected < collecting) {
      // LIMIT -1 reads the whole index; either way the walk stops once it has the page.
      const read = (limit: number, probe: boolean) =>
        walker(index, request, inSet(fts, probe)).all(
          tenant.name,
          limit < tenant.n ? limit : -1,
          ...tail,
        ) as string[];
      // A huge match set costs more to gather than a short walk costs to probe entry by entry.
      const probing = Math.ceil(plan.probeSlack * expected) + plan.minProbe;
      if (probing * plan.probe < matched) {
        const ids = read(probing, true);
        if (ids.length === wanted || probing >= tenant.n) return { ids, total };
      }
      // Reading the whole index costs less than collecting: the walk goes as far as the page is.
      if (tenant.n < collecting) return { ids: read(-1, false), total };
      const short = Math.ceil(plan.slack * expected) + plan.minWalk;
      const ids = read(short, false);
      if (ids.length === wanted || short >= tenant.n) return { ids, total };
    }
    if (fts.negated) return null;
    // Collecting: the matches in rowid order, each looked up in the contact table (`CROSS JOIN` keeps
    // that order of the loops), the tenant checked again on the row.
    const collect = sql(`
      SELECT c.id FROM contact_fts f CROSS JOIN contact c ON c.rid = f.rowid
      WHERE c.tenant = ? AND f.contact_fts MATCH ? AND f.rowid BETWEEN ? AND ?
      ORDER BY ${orderBy(request.sort, request.types ?? {})} LIMIT ? OFFSET ?`);
    return { ids: collect.pluck().all(tenant.name, ...tail) as string[], total };
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
   * The statement that reads the first `?` entries of the sort index for this order and pages the ones in
   * the set.
   */
  function walker(index: SortIndex, request: SearchRequest, set: string) {
    const [key] = request.sort;
    const direction = key?.direction === "desc" ? "DESC" : "ASC";
    const types = request.types ?? {};
    return sql(`
      SELECT id FROM (
        SELECT c.rid, c.id, ${key ? fieldExpr(key.field, types).sql : "NULL"} AS k
        FROM contact c INDEXED BY ${index.name} WHERE ${index.where} ORDER BY ${orderBy(request.sort, types)} LIMIT ?
      ) WHERE ${set} ORDER BY ${key ? `k ${direction}, ` : ""}id ${direction} LIMIT ? OFFSET ?`).pluck();
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

  /** Any query: the model compiled to SQL over the contact table. */
  function queryPage(tenant: Tenant, request: SearchRequest, offset: number) {
    const types = request.types ?? {};
    const cx = { params: [tenant.name] as unknown[], types, range: tenant.range };
    const order = `ORDER BY ${orderBy(request.sort, types)} LIMIT ? OFFSET ?`;
    if (!request.query) {
      // The whole list: a walk of the sort index.
      const index = sortIndex(tenant.name, request);
      const from = index
        ? `contact c INDEXED BY ${index.name} WHERE ${index.where}`
        : "contact c WHERE c.tenant = ?";
      const rows = sql(`SELECT c.id FROM ${from} ${order}`);
      return { ids: rows.pluck().all(tenant.name, request.limit, offset) as string[], total: tenant.n };
    }
    const where = compile(request.query, cx);
    // With a free-text term every match must have, the FTS match is the cheapest way in: `+tenant`
    // keeps the planner from walking the tenant's whole index instead.
    const tenantTerm = drivenByText(request.query) ? "+c.tenant" : "c.tenant";
    const count = sql(`SELECT count(*) AS n FROM contact c WHERE ${tenantTerm} = ? AND (${where})`);
    const total = (count.get(...cx.params) as { n: number }).n;
    const rows = sql(`SELECT c.id FROM contact c WHERE ${tenantTerm} = ? AND (${where}) ${order}`);
    return { ids: rows.pluck().all(...cx.params, request.limit, offset) as string[], total };
  }

  return {
    /** A page of a tenant's contacts: search-box queries inside the full-text index, the rest in SQL. */
    contacts(name: string, request: SearchRequest): SearchPage {
      const offset = decodeOffsetCursor(request.cursor);
      const known = tenantOf.get(name);
      if (!known) return { ids: [], total: 0, nextCursor: null };
      const tenant: Tenant = { name, n: known.n, range: rowidRange(known.no) };
      const fts = request.query ? toFts(request.query) : null;
      const { ids, total } =
        (fts && textPage(fts, tenant, request, offset)) || queryPage(tenant, request, offset);
      return pageOf(ids, total, offset);
    },
    /** A page of a tenant's activity logs, newest first, ties by id. */
    activity(tenant: string, request: ActivityRequest): SearchPage {
      const { clause, params } = activityWhere(tenant, request);
      const offset = decodeOffsetCursor(request.cursor);
      const total = (
        sql(`SELECT count(*) AS n FROM activitylog WHERE ${clause}`).get(...params) as { n: number }
      ).n;
      const ids = sql(
        `SELECT id FROM activitylog WHERE ${clause} ORDER BY timestamp DESC, id DESC LIMIT ? OFFSET ?`,
      )
        .pluck()
        .all(...params, request.limit, offset) as string[];
      return pageOf(ids, total, offset);
    },
  };
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

/** A page read at `offset`, with an offset cursor when more remain. */
function pageOf(ids: string[], total: number, offset: number): SearchPage {
  const next = offset + ids.length;
  return { ids, total, nextCursor: ids.length > 0 && next < total ? encodeOffsetCursor(next) : null };
}
