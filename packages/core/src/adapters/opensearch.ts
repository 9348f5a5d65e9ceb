import { defaultProvider } from "@aws-sdk/credential-provider-node";
import { Client } from "@opensearch-project/opensearch";
import { AwsSigv4Signer } from "@opensearch-project/opensearch/aws";
import type { Node, Rule } from "../search/ast.ts";
import { CONTACT_FIELDS, CONTACT_SEARCHABLE } from "../search/contact-fields.ts";
import { decodeOffsetCursor, encodeOffsetCursor } from "../search/cursor.ts";
import { normalize } from "../search/evaluate.ts";
import type { ActivityRequest, Search, SearchModel, SearchPage } from "../search/port.ts";

type Query = Record<string, unknown>;

/**
 * The Search port on OpenSearch: an index per model with explicit mappings. Text fields carry a `.lc`
 * keyword subfield with a lower-case normalizer (comparisons) and are analyzed word by word like the
 * reference evaluator (standard tokenizer, lower-case, no folding). The tenant filter is added here, to
 * every query, never by callers.
 */
export function openSearch(options: { url: string; region?: string; prefix?: string }): Search {
  const client = new Client({
    node: options.url,
    ...(options.region
      ? AwsSigv4Signer({ region: options.region, service: "es", getCredentials: defaultProvider() })
      : {}),
  });
  const index = (model: SearchModel) => `${options.prefix ?? "reachcx"}-${model}`;
  const ready = new Map<string, Promise<void>>();

  function ensure(model: SearchModel) {
    let p = ready.get(model);
    if (!p) {
      p = (async () => {
        const exists = await client.indices.exists({ index: index(model) });
        if (!exists.body)
          await client.indices.create({
            index: index(model),
            body: (model === "activitylog" ? activityIndex() : contactIndex()) as never,
          });
      })();
      ready.set(model, p);
    }
    return p;
  }

  return {
    async upsert(model, docs) {
      if (docs.length === 0) return;
      await ensure(model);
      const body = docs.flatMap((doc) => {
        // The document's updatedAt is its external version: an older image (a replayed or late record)
        // is refused by OpenSearch instead of replacing a newer one.
        const version = normalize(doc.updatedAt, "date");
        return [
          {
            index: {
              _index: index(model),
              _id: `${doc.tenant}:${doc.id}`,
              ...(typeof version === "number" ? { version, version_type: "external_gte" } : {}),
            },
          },
          model === "activitylog" ? toIndexedActivity(doc) : toIndexed(doc),
        ];
      });
      const res = await client.bulk({ body, refresh: false });
      const failed = (res.body.items as Query[])
        .map((i) => (i.index as Query)?.error as Query | undefined)
        .find((e) => e && e.type !== "version_conflict_engine_exception");
      if (failed) throw new Error(`OpenSearch bulk index failed: ${JSON.stringify(failed)}`);
    },
    async remove(model, keys) {
      if (keys.length === 0) return;
      await ensure(model);
      const body = keys.map((k) => ({ delete: { _index: index(model), _id: `${k.tenant}:${k.id}` } }));
      await client.bulk({ body, refresh: false });
    },
    async activity(tenant, request) {
      await ensure("activitylog");
      const from = decodeOffsetCursor(request.cursor);
      const res = await client.search({
        index: index("activitylog"),
        body: {
          query: { bool: { filter: activityFilter(tenant, request) } },
          sort: [{ timestamp: "desc" }, { id: "desc" }],
          from,
          size: request.limit,
          track_total_hits: true,
          _source: false,
          fields: ["id"],
        } as never,
      });
      return pageOf(res.body.hits, from);
    },
    async query(model, tenant, request) {
      await ensure(model);
      const from = decodeOffsetCursor(request.cursor);
      const filter: Query[] = [{ term: { tenant } }];
      if (request.query) filter.push(compileQuery(request.query, request.types ?? {}));
      const res = await client.search({
        index: index(model),
        body: {
          query: { bool: { filter } },
          sort: [
            ...request.sort.map((key) => sortClause(key, request.types ?? {})),
            { id: request.sort.at(-1)?.direction ?? "asc" },
          ],
          from,
          size: request.limit,
          track_total_hits: true,
          _source: false,
          fields: ["id"],
        } as never,
      });
      return pageOf(res.body.hits, from);
    },
  };
}

/** A page of ids from a search answer's hits, with an offset cursor when more remain. */
function pageOf(
  hits: { hits: { fields?: { id?: string[] } }[]; total?: number | { value: number } },
  from: number,
): SearchPage {
  const total = typeof hits.total === "number" ? hits.total : (hits.total?.value ?? 0);
  const next = from + hits.hits.length;
  return {
    ids: hits.hits.map((h) => h.fields?.id?.[0] as string),
    total,
    nextCursor: next < total ? encodeOffsetCursor(next) : null,
  };
}

/** The tenant always, then the request's contact, type and time window. */
export function activityFilter(tenant: string, request: ActivityRequest): Query[] {
  const filter: Query[] = [{ term: { tenant } }];
  if (request.contactId !== undefined) filter.push({ term: { activityLogContactId: request.contactId } });
  if (request.type !== undefined) filter.push({ term: { type: request.type } });
  if (request.from !== undefined || request.to !== undefined)
    filter.push({
      range: {
        timestamp: {
          ...(request.from !== undefined ? { gte: request.from } : {}),
          ...(request.to !== undefined ? { lt: request.to } : {}),
        },
      },
    });
  return filter;
}

/** metaData is free-form JSON: kept in the source as text, not mapped (its keys differ by type). */
function toIndexedActivity(doc: Record<string, unknown>) {
  const { metaData, ...rest } = doc;
  return { ...rest, ...(metaData === undefined ? {} : { metaData: JSON.stringify(metaData) }) };
}

/** Activity logs: keywords for what lists filter on, text (with a keyword subfield) for title and body. */
export function activityIndex() {
  const keyword = { type: "keyword" };
  const text = { type: "text", fields: { raw: { type: "keyword", ignore_above: 256 } } };
  return {
    mappings: {
      dynamic: false,
      properties: {
        tenant: keyword,
        id: keyword,
        activityLogContactId: keyword,
        type: keyword,
        disposition: keyword,
        agent: keyword,
        segment: keyword,
        campaign: keyword,
        contactStatus: keyword,
        c2aId: keyword,
        title: text,
        body: { type: "text" },
        metaData: { type: "text", index: false },
        timestamp: { type: "date" },
        createdAt: { type: "date" },
        updatedAt: { type: "date" },
      },
    },
  };
}

/** Dates become epoch milliseconds; booleans stay; text stays as written (the `.lc` subfield folds case). */
function toIndexed(doc: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    const type = CONTACT_FIELDS[key];
    out[key.replace(":", "__")] = type === "date" ? normalize(value, "date") : value;
  }
  return out;
}

const fieldName = (field: string) => field.replace(":", "__");

export function contactIndex() {
  const text = {
    type: "text",
    analyzer: "words",
    fields: { lc: { type: "keyword", normalizer: "lc", ignore_above: 1024 } },
  };
  const properties: Record<string, unknown> = { tenant: { type: "keyword" }, id: { type: "keyword" } };
  for (const [field, type] of Object.entries(CONTACT_FIELDS))
    properties[field] = type === "date" ? { type: "long" } : type === "boolean" ? { type: "boolean" } : text;
  return {
    settings: {
      analysis: {
        analyzer: { words: { type: "custom", tokenizer: "standard", filter: ["lowercase"] } },
        normalizer: { lc: { type: "custom", filter: ["lowercase"] } },
      },
    },
    mappings: {
      dynamic_templates: [
        { custom_numbers: { match: "custom__*", match_mapping_type: "long", mapping: { type: "double" } } },
        { custom_doubles: { match: "custom__*", match_mapping_type: "double", mapping: { type: "double" } } },
        {
          custom_booleans: {
            match: "custom__*",
            match_mapping_type: "boolean",
            mapping: { type: "boolean" },
          },
        },
        { custom_text: { match: "custom__*", match_mapping_type: "string", mapping: text } },
      ],
      properties,
    },
  };
}

/** Text sorts by its lower-case keyword; numbers, dates and booleans (custom ones by their type) as they are. */
export function sortClause(key: { field: string; direction: "asc" | "desc" }, types: Record<string, string>) {
  const type = CONTACT_FIELDS[key.field] ?? types[key.field] ?? "text";
  const field = type === "text" ? `${fieldName(key.field)}.lc` : fieldName(key.field);
  // Missing values first ascending, last descending, as the embedded adapter's index order gives.
  return {
    [field]: {
      order: key.direction,
      missing: key.direction === "asc" ? "_first" : "_last",
      unmapped_type: "keyword",
    },
  };
}

/** The query model as OpenSearch bool DSL (the conformance suite holds it to the evaluator's answers). */
export function compileQuery(node: Node, types: Record<string, string>): Query {
  switch (node.type) {
    case "group": {
      const clauses = node.rules.map((r) => compileQuery(r, types));
      const inner: Query =
        clauses.length === 0
          ? node.combinator === "and"
            ? { match_all: {} }
            : { match_none: {} }
          : node.combinator === "and"
            ? { bool: { filter: clauses } }
            : { bool: { should: clauses, minimum_should_match: 1 } };
      return node.not ? { bool: { must_not: [inner] } } : inner;
    }
    case "text":
      return {
        multi_match: {
          query: node.words.join(" "),
          type: node.prefix ? "phrase_prefix" : "phrase",
          // The default 50 expansions would silently miss matches of a short prefix in a large tenant.
          ...(node.prefix ? { max_expansions: 10_000 } : {}),
          fields: [...CONTACT_SEARCHABLE],
        },
      };
    case "rule":
      return compileRule(node, types);
  }
}

function compileRule(rule: Rule, types: Record<string, string>): Query {
  const type = CONTACT_FIELDS[rule.field] ?? types[rule.field] ?? "text";
  const field = type === "text" ? `${fieldName(rule.field)}.lc` : fieldName(rule.field);
  if (rule.operator === "ne")
    return { bool: { must_not: [compileRule({ ...rule, operator: "eq" }, types)] } };
  const wanted = normalize(rule.value, type as "text");
  if (wanted === null)
    return rule.operator === "eq" ? { bool: { must_not: [{ exists: { field } }] } } : { match_none: {} };
  const escapeWildcard = (s: string) => s.replace(/[*?\\]/g, "\\$&");
  switch (rule.operator) {
    case "eq":
      return { term: { [field]: wanted } };
    case "lt":
      return { range: { [field]: { lt: wanted } } };
    case "gt":
      return { range: { [field]: { gt: wanted } } };
    case "lte":
      return { range: { [field]: { lte: wanted } } };
    case "gte":
      return { range: { [field]: { gte: wanted } } };
    case "contains":
      return { wildcard: { [field]: { value: `*${escapeWildcard(String(wanted))}*` } } };
    case "beginsWith":
      return { prefix: { [field]: String(wanted) } };
    case "endsWith":
      return { wildcard: { [field]: { value: `*${escapeWildcard(String(wanted))}` } } };
  }
}
