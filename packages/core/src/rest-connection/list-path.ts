/**
 * The list path of a REST connection (spec 001 §3 listPath, default $.contacts): where in the answer the
 * list of contacts is. Only the plain JSONPath steps a list needs are read — `.name`, `['name']` and
 * `[n]` after `$` — so a path is checked on save and read the same way by the Test and by imports.
 */

export type PathStep = string | number;

const STEP = /^(?:\.([A-Za-z_$][\w$-]*)|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]|\[(\d{1,9})\])/;

/** The steps of a path, or null when it is not one this reader follows. */
export function parseListPath(path: string): PathStep[] | null {
  const trimmed = path.trim();
  if (!trimmed.startsWith("$")) return null;
  const steps: PathStep[] = [];
  let rest = trimmed.slice(1);
  while (rest.length > 0) {
    const match = STEP.exec(rest);
    if (!match) return null;
    const [whole, dotted, single, double, index] = match;
    if (index !== undefined) steps.push(Number(index));
    else steps.push((dotted ?? single ?? double ?? "").replace(/\\(.)/g, "$1"));
    rest = rest.slice(whole.length);
  }
  return steps;
}

export type ListAt =
  | { ok: true; items: unknown[] }
  | { ok: false; reason: "no_path" | "missing" | "not_a_list" };

/** The list at `path` in a parsed answer. */
export function readListPath(value: unknown, path: string): ListAt {
  const steps = parseListPath(path);
  if (!steps) return { ok: false, reason: "no_path" };
  let here: unknown = value;
  for (const step of steps) {
    if (typeof step === "number") {
      if (!Array.isArray(here) || step >= here.length) return { ok: false, reason: "missing" };
      here = here[step];
    } else {
      if (typeof here !== "object" || here === null || Array.isArray(here) || !Object.hasOwn(here, step))
        return { ok: false, reason: "missing" };
      here = (here as Record<string, unknown>)[step];
    }
  }
  return Array.isArray(here) ? { ok: true, items: here } : { ok: false, reason: "not_a_list" };
}
