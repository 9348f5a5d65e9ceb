import { JSONPath } from "jsonpath-plus";

/**
 * The list path of a REST connection (spec 001 §3 listPath, default $.contacts): a JSONPath saying where in
 * the answer the contacts are, evaluated by jsonpath-plus with eval off. One reader for the save rule, the
 * Test and the pull (docs/decisions.md "REST connections", "REST pull").
 *
 * Read: `$` then names (`.name`, `['name']`), indexes (`[0]`), wildcards (`.*`, `[*]`), recursive descent
 * (`..name`, `..*`, `..[0]`), slices (`[1:3]`, `[::2]`) and unions of indexes (`[0,2]`). Refused: filters
 * and scripts (`[?(...)]`, `[(...)]`, which jsonpath-plus will not run with eval off), its extensions
 * (`^` parent, `~` property names, `@string()` types, backtick escapes), and anything jsonpath-plus would
 * read otherwise than it is written (a name holding a comma or a colon, an unclosed bracket, a space).
 */

export type ListPathProblem = "not_a_path" | "script";

/** One step: what jsonpath-plus's own parse gives for it, and whether it can match several values. */
interface Step {
  text: string;
  many: boolean;
}

const DOT_NAME = /^[\p{L}_$][\p{L}\p{N}_$-]*/u;
const QUOTED = /^\[(?:'([^'"]*)'|"([^'"]*)")\]/;
/** Characters jsonpath-plus gives a meaning inside a name: a union, a slice, its extensions, escapes. */
const SPECIAL_IN_NAME = /[\\,:~^`[\]]|^[@?(]|^(?:\*|\$|\.\.)$/;
const INDEX = "(?:0|[1-9]\\d{0,8})";
const SIGNED = `-?${INDEX}`;
const BRACKET_INDEX = new RegExp(`^\\[(${INDEX})\\]`);
const BRACKET_SLICE = new RegExp(`^\\[((?:${SIGNED})?:(?:${SIGNED})?(?::(?:[1-9]\\d{0,8})?)?)\\]`);
const BRACKET_UNION = new RegExp(`^\\[(${INDEX}(?:,${INDEX})+)\\]`);

/** The step at the start of `rest` (after `$`), its length, or why there is none. */
function stepAt(rest: string): { steps: Step[]; length: number } | ListPathProblem {
  if (/^\[\s*[?(]/.test(rest)) return "script";
  if (rest.startsWith("..")) {
    const after = rest.slice(2);
    const next = after.startsWith("[") ? stepAt(after) : stepAt(`.${after}`);
    if (typeof next === "string") return next;
    const length = after.startsWith("[") ? next.length + 2 : next.length + 1;
    return { steps: [{ text: "..", many: true }, ...next.steps], length };
  }
  if (rest.startsWith(".*")) return { steps: [{ text: "*", many: true }], length: 2 };
  if (rest.startsWith(".")) {
    const name = DOT_NAME.exec(rest.slice(1))?.[0];
    if (!name || name === "$") return "not_a_path";
    return { steps: [{ text: name, many: false }], length: name.length + 1 };
  }
  if (rest.startsWith("[*]")) return { steps: [{ text: "*", many: true }], length: 3 };
  const quoted = QUOTED.exec(rest);
  if (quoted) {
    const name = quoted[1] ?? quoted[2] ?? "";
    if (name === "" || SPECIAL_IN_NAME.test(name)) return "not_a_path";
    return { steps: [{ text: name, many: false }], length: quoted[0].length };
  }
  for (const [pattern, many] of [
    [BRACKET_INDEX, false],
    [BRACKET_SLICE, true],
    [BRACKET_UNION, true],
  ] as const) {
    const match = pattern.exec(rest);
    if (match) return { steps: [{ text: match[1] as string, many }], length: match[0].length };
  }
  return "not_a_path";
}

/** The steps of a path this product reads, or why it refuses it. */
function parse(path: string): Step[] | ListPathProblem {
  const trimmed = path.trim();
  if (!trimmed.startsWith("$")) return "not_a_path";
  const steps: Step[] = [];
  let rest = trimmed.slice(1);
  while (rest.length > 0) {
    const next = stepAt(rest);
    if (typeof next === "string") return next;
    steps.push(...next.steps);
    rest = rest.slice(next.length);
  }
  // What jsonpath-plus parses must be what the steps above say, or the pull would read another place.
  const theirs = JSONPath.toPathArray(trimmed);
  const ours = ["$", ...steps.map((step) => step.text)];
  if (theirs.length !== ours.length || theirs.some((step, i) => step !== ours[i])) return "not_a_path";
  return steps;
}

/** Why a list path is refused, or null when this product reads it. */
export function listPathProblem(path: string): ListPathProblem | null {
  const steps = parse(path);
  return typeof steps === "string" ? steps : null;
}

export type ListAt =
  | { ok: true; items: unknown[] }
  | { ok: false; reason: "no_path" | "missing" | "not_a_list" };

/**
 * The contacts at `path` in a parsed answer. A path of names and indexes names one value, which must be a
 * list: its elements are the contacts. A path that can match several values (wildcard, recursive descent,
 * slice, union) reads every match: a match that is a list gives its elements, any other match is a contact.
 */
export function readListPath(value: unknown, path: string): ListAt {
  const steps = parse(path);
  if (typeof steps === "string") return { ok: false, reason: "no_path" };
  if (value === null || typeof value !== "object") return { ok: false, reason: "missing" };
  const matches = JSONPath({ path: path.trim(), json: value, wrap: true, eval: false }) as unknown[];
  if (matches.length === 0) return { ok: false, reason: "missing" };
  if (!steps.some((step) => step.many)) {
    const [list] = matches;
    return Array.isArray(list) ? { ok: true, items: list } : { ok: false, reason: "not_a_list" };
  }
  return { ok: true, items: matches.flatMap((match) => (Array.isArray(match) ? match : [match])) };
}
