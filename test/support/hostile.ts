import fc from "fast-check";

/** The part of JSON Schema the OpenAPI document uses for request shapes. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys that reach Object.prototype when code reads or copies them carelessly. */
export const PROTOTYPE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
];

/** An object holding `key` as an own property, `__proto__` included (a plain literal would set the prototype). */
function own(key: string, value: Json, base: Record<string, Json> = {}): Record<string, Json> {
  const out: Record<string, Json> = { ...base };
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

function nested(depth: number, leaf: Json, asArray: boolean): Json {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}

/** Text nobody types: huge, control characters, lone surrogates, right-to-left, operators, injections. */
export function hostileText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\ud800",
      "\udfff\ud800",
      "\u202eevil",
      "😀".repeat(50),
      "Ｆｕｌｌｗｉｄｔｈ",
      "../../../../etc/passwd",
      "%00",
      "%",
      "' OR 1=1 --",
      '"; DROP TABLE contacts; --',
      "<script>alert(1)</script>",
      "$" + "{jndi:ldap://x}",
      "{{7*7}}",
      "NaN",
      "-0",
      "1e309",
      "-1",
      "9".repeat(400),
      "((((((((((((((((((((",
      '"unbalanced',
      "a:asc",
      "__proto__:asc",
      "constructor:desc",
      ...PROTOTYPE_KEYS,
    ),
    fc.integer({ min: 1000, max: 200_000 }).map((n) => "x".repeat(n)),
    fc.integer({ min: 10, max: 3000 }).map((n) => "(".repeat(n)),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.string({ maxLength: 40 }),
  );
}

/** A JSON value made to hurt: huge, deep, wide, prototype keys, wrong types. */
export function hostileBody(): fc.Arbitrary<Json> {
  const leaf: fc.Arbitrary<Json> = fc.oneof(
    hostileText(),
    fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, "1"),
  );
  // What a huge array or a deep nest is made of: small, or the whole body would be gigabytes.
  const small = fc.constantFrom<Json>(
    null,
    true,
    0,
    -1e308,
    1e308,
    "1",
    "\u0000",
    "__proto__",
    {},
    [],
    "x".repeat(100),
  );
  return fc.oneof(
    leaf,
    fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>,
    fc.tuple(fc.integer({ min: 30, max: 3000 }), small, fc.boolean()).map(([d, l, a]) => nested(d, l, a)),
    fc
      .tuple(fc.integer({ min: 100, max: 50_000 }), small)
      .map(([n, l]) => Array.from({ length: n }, () => l)),
    fc
      .integer({ min: 100, max: 20_000 })
      .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
    fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), leaf).map(([k, l]) => own(k, l)),
    fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>)
      .map(([k, l]) => own(k, own("polluted", l))),
  );
}

/** Percent-encodes any text; a lone surrogate becomes the invalid UTF-8 it would be on the wire. */
export function pct(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd"))}%ED%A0%80`;
  }
}

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").at(-1) as string;
  return components[name] ?? {};
}

/** Values that fit the schema (roughly: lengths and patterns are not honoured), so requests reach deep code. */
export function fromSchema(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  depth = 0,
): fc.Arbitrary<Json> {
  const s = resolve(schema, components);
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const as Json);
  if (s.enum) return fc.constantFrom(...(s.enum as Json[]));
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, components, depth + 1)));
  if (s.allOf?.length) return fromSchema(s.allOf[0] as JsonSchema, components, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      return fc.string({ maxLength: Math.min(s.maxLength ?? 40, 60) });
    case "integer":
      return fc.integer({ min: Math.max(s.minimum ?? -10, -1e6), max: Math.min(s.maximum ?? 1000, 1e6) });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(fromSchema(s.items ?? {}, components, depth + 1), { maxLength: 4 });
    case "object": {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0)
        return fc.dictionary(
          fc.string({ maxLength: 10 }),
          fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
          { maxKeys: 4 },
        );
      const required = new Set(s.required ?? []);
      return fc.record(Object.fromEntries(props.map(([k, p]) => [k, fromSchema(p, components, depth + 1)])), {
        requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
      }) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
  }
}

/** A near-valid value with one part (the whole, or one key of an object) replaced by something hostile. */
function mutated(valid: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 2, arbitrary: hostileBody() },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, hostileBody(), fc.nat(), fc.constantFrom(...PROTOTYPE_KEYS, ""))
        .map(([value, bad, pick, extra]) => {
          if (!value || typeof value !== "object" || Array.isArray(value)) return bad;
          const keys = Object.keys(value);
          const key =
            pick % (keys.length + 1) === keys.length || keys.length === 0
              ? extra
              : (keys[pick % keys.length] as string);
          return own(key, bad, value);
        }),
    },
  );
}

interface Parameter {
  name: string;
  in: string;
  schema?: JsonSchema;
}

/** One request for an operation: its path with ids filled in, a query string and maybe a JSON body. */
export function requestArbitrary(
  op: {
    path: string;
    parameters?: Parameter[];
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  },
  components: Record<string, JsonSchema>,
  knownIds: string[],
): fc.Arbitrary<{ path: string; query: string; body?: string }> {
  const pathParams = (op.path.match(/\{[^}]+\}/g) ?? []).map((p) => p.slice(1, -1));
  const id = fc.oneof(
    knownIds.length ? fc.constantFrom(...knownIds) : fc.constant("missing"),
    hostileText().map((t) => t.slice(0, 3000)),
  );
  const path = fc
    .array(id, { minLength: pathParams.length, maxLength: pathParams.length })
    .map((ids) =>
      pathParams.reduce((p, name, i) => p.replace(`{${name}}`, pct(ids[i] as string) || "%20"), op.path),
    );

  const queryParams = (op.parameters ?? []).filter((p) => p.in === "query");
  const queryValue = (p: Parameter) =>
    fc.oneof(
      fromSchema(p.schema ?? { type: "string" }, components).map((v) =>
        typeof v === "string" ? v : JSON.stringify(v),
      ),
      hostileText().map((t) => t.slice(0, 4000)),
    );
  const query = fc
    .tuple(
      fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p)])), { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS, "limit", "cursor"), hostileText()), {
        nil: undefined,
      }),
    )
    .map(([values, extra]) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(values)) params.append(k, v as string);
      if (extra) params.append(extra[0], extra[1].slice(0, 4000));
      // Node's HTTP server answers 431 past 16 KiB of headers and closes: stay under it to reach our code.
      return params.toString().slice(0, 8000);
    });

  const schema = op.requestBody?.content?.["application/json"]?.schema;
  const body = schema
    ? fc.oneof(
        { weight: 9, arbitrary: mutated(fromSchema(schema, components)).map((b) => JSON.stringify(b)) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('{"a":', "\u0000", "[".repeat(100_000), "nul", '{"__proto__":'),
        },
      )
    : fc.constant(undefined);

  return fc
    .record({ path, query, body })
    .map(({ path: p, query: q, body: b }) =>
      b === undefined ? { path: p, query: q } : { path: p, query: q, body: b },
    );
}
