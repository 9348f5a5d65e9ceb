/**
 * How deep and how big a query may be (docs/decisions.md, Bounded input). Everything that walks a query
 * (validation, the evaluator, the SQL and OpenSearch compilers) recurses once per level; the limits are far
 * above what the query builder makes and far below what would exhaust the stack or the engines.
 */
export const MAX_QUERY_DEPTH = 20;
export const MAX_QUERY_NODES = 500;

export const QUERY_TOO_DEEP = `A query may nest groups at most ${MAX_QUERY_DEPTH} deep.`;
export const QUERY_TOO_BIG = `A query may hold at most ${MAX_QUERY_NODES} rules and groups.`;

/**
 * Why a query is too deep or too big, or null. It takes raw JSON as well as a parsed query: anything with
 * a `rules` array counts as a group. Walks with its own stack and stops at the first limit crossed, so it
 * costs at most MAX_QUERY_NODES steps whatever it is given.
 */
export function queryTooLarge(query: unknown): string | null {
  const stack: [unknown, number][] = [[query, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (++nodes > MAX_QUERY_NODES) return QUERY_TOO_BIG;
    const rules = typeof node === "object" && node !== null ? (node as { rules?: unknown }).rules : undefined;
    if (!Array.isArray(rules)) continue;
    if (depth >= MAX_QUERY_DEPTH) return QUERY_TOO_DEEP;
    if (nodes + stack.length + rules.length > MAX_QUERY_NODES) return QUERY_TOO_BIG;
    for (const rule of rules) stack.push([rule, depth + 1]);
  }
  return null;
}
