import * as v from "valibot";

/**
 * Schemas whose cost is bounded by limits checked before any work that grows with the input
 * (docs/decisions.md, Bounded input). valibot validates every item of an array before a `maxLength` in the
 * same pipe gets to look at its length, and recurses into `v.lazy` schemas as deep as the input goes.
 */

/**
 * `schema`, but `refuse` sees the raw input first; when it answers a message, that is the only issue and
 * `schema` never runs. The wrapped schema's properties are kept, so the OpenAPI document describes it as
 * before.
 */
export function guarded<S extends v.GenericSchema>(schema: S, refuse: (input: unknown) => string | null): S {
  return v._standardSchema({
    ...schema,
    "~run"(dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      const message = refuse(dataset.value);
      return message === null ? schema["~run"](dataset, config) : refusal(dataset.value, message, config);
    },
  } as S);
}

/** A failed dataset with the one issue `message`. */
function refusal(value: unknown, message: string, config: v.Config<v.BaseIssue<unknown>>) {
  const refused = v.check(() => false, message)["~run"]({ typed: true, value }, config);
  return { ...refused, typed: false } as v.FailureDataset<v.BaseIssue<unknown>>;
}

/** An array of at most `max` items: a longer one is refused before a single item is validated. */
export const boundedArray = <S extends v.GenericSchema>(
  item: S,
  max: number,
  message: string,
  notArray?: string,
) =>
  guarded(v.pipe(v.array(item, notArray), v.maxLength(max, message)), (input) =>
    Array.isArray(input) && input.length > max ? message : null,
  );

export interface JsonLimits {
  /** Most keys of one object (or items of one array). */
  entries: number;
  /** Most characters of one key or string. */
  text: number;
  /** Most levels of objects and arrays, the top one included. */
  depth: number;
  /** Most keys, items and scalars in all. */
  nodes: number;
}

/**
 * Whether a JSON value is within the limits. Walks with its own stack, not by recursion, and stops at the
 * first limit crossed, so its cost is bounded by the limits too.
 */
export function withinLimits(value: unknown, limits: JsonLimits): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (++nodes > limits.nodes) return false;
    if (typeof node === "string") {
      if (node.length > limits.text) return false;
      continue;
    }
    if (typeof node === "number") {
      if (!isStorableNumber(node)) return false;
      continue;
    }
    if (typeof node !== "object" || node === null) continue;
    if (depth >= limits.depth) return false;
    const keys = Object.keys(node);
    if (keys.length > limits.entries) return false;
    for (const key of keys) {
      if (key.length > limits.text) return false;
      stack.push([(node as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return true;
}

/**
 * A free-form JSON object within `limits` (chart definitions, custom field values). Unlike `v.record`, which
 * leaves out keys named `__proto__`, `constructor` and `prototype`, it keeps every own key (as an own
 * property of the copy, never its prototype), so the checks after it see what the client sent.
 */
export function freeRecord(limits: JsonLimits, message: string) {
  const record = v.record(v.string(), v.unknown());
  const everyKey = v._standardSchema<typeof record>({
    ...record,
    "~run"(dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      const input = dataset.value;
      // v.record would take an array too.
      if (!isObject(input)) return refusal(input, message, config);
      const copy: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(input))
        Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
      return { typed: true, value: copy };
    },
  } as typeof record);
  return guarded(everyKey, (input) => (isObject(input) && !withinLimits(input, limits) ? message : null));
}

const isObject = (input: unknown): input is Record<string, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input);

/** Text that must be there (after trimming) and fit in `max` characters; each rule with its own message. */
export const requiredText = (required: string, max: number, tooLong = `Must be ${max} characters or less`) =>
  v.pipe(v.string(required), v.trim(), v.minLength(1, required), v.maxLength(max, tooLong));

/**
 * A number the Store keeps exactly as sent: the document client refuses magnitudes beyond 2^53 and
 * DynamoDB those under 1e-130, which would otherwise surface as a 500 on the write.
 */
export const isStorableNumber = (n: number) =>
  Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER && (n === 0 || Math.abs(n) >= 1e-100);
