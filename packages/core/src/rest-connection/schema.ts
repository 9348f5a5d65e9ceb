import * as v from "valibot";
import { boundedArray, requiredText } from "../bounds.ts";
import { CUSTOM_PREFIX } from "../contact/custom-fields.ts";
import { listPathProblem } from "./list-path.ts";

/**
 * A REST connection's rules (spec 001 §3 RestConnection, §5 "REST connection", §9), shared by the API and
 * the editor. Secrets travel as text on the way in and as MASK on the way out; a MASK sent back keeps the
 * stored secret (index.ts).
 */

export const REST_METHODS = ["GET", "POST"] as const;
export type RestMethod = (typeof REST_METHODS)[number];

export const AUTH_TYPES = ["None", "API_Key", "Bearer_Token", "Basic_Auth", "SalesForce"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** The labels the editor shows for each auth type. */
export const AUTH_TYPE_LABELS: Record<AuthType, string> = {
  None: "No Auth",
  API_Key: "API Key",
  Bearer_Token: "Bearer Token",
  Basic_Auth: "Basic Auth",
  SalesForce: "SalesForce",
};

/** Where an API key goes (spec 001 §3: header or queryParams). */
export const API_KEY_PLACES = ["header", "queryParams"] as const;

export const DEFAULT_LIST_PATH = "$.contacts";
export const DEFAULT_API_KEY_NAME = "x-api-key";

/** Spec 001 §5 and §4, verbatim. */
export const NAME_REQUIRED_MESSAGE = "A name is required";
export const ENDPOINT_MESSAGE = "The endpoint must be a valid URL";
export const FIELD_REQUIRED_MESSAGE = "This field is required";
export const REQUIRED_TARGETS_MESSAGE =
  "Mappings must contains First Name, Last Name, and either phone or cell";
export const FROM_UNIQUE_MESSAGE = "Each from field must be unique";
export const TO_UNIQUE_MESSAGE = "Each to field must be unique";
export const LIST_PATH_REQUIRED_MESSAGE = "The path to the list of contacts is required";
export const SALESFORCE_TEST_MESSAGE = "Salesforce testing not available yet";

/** Ours, where the spec states a rule without its sentence, or where the server needs one more rule. */
export const NAME_PATTERN_MESSAGE = "Use letters, digits and spaces only";
export const HEADER_NAME_MESSAGE = "Not a valid header name";
export const HEADER_VALUE_MESSAGE = "Must not contain line breaks or control characters";
export const UNKNOWN_TARGET_MESSAGE = "Not a contact field";
export const LIST_PATH_MESSAGE =
  "Write the path as a JSONPath starting with $, such as $.contacts or $.data[*].person";
export const LIST_PATH_SCRIPT_MESSAGE = "Filters and scripts are not allowed in the path";
export const BASIC_USERNAME_MESSAGE = "A user name cannot contain ':'";

/** Bounds no real connection reaches; they keep a request and a stored item small. */
export const MAX_ROWS = 50;
export const MAX_MAPPINGS = 150;
const MAX_VALUE = 4000;

/** Spec 001 §3 "Mapping targets" of a REST connection, with the labels the editor shows. */
export const REST_MAPPING_TARGETS = {
  externalId: "External ID",
  firstName: "First Name",
  lastName: "Last Name",
  source: "Source",
  phone: "Phone",
  cell: "Cell",
  email: "Email",
  address1: "Address 1",
  address2: "Address 2",
  city: "City",
  state: "State",
  zip: "Zip",
  timeZone: "Time Zone",
  dnc: "DNC",
  updatedBy: "Updated By",
  customFields: "Custom Fields",
  expireDt: "Expire Date",
  complianceRequired: "Compliance Required",
  preview: "Preview",
  outboundCallerId: "Outbound Caller ID",
} as const;
export type RestMappingTarget = keyof typeof REST_MAPPING_TARGETS;

/** Rows a new connection starts with: the required targets, from the field names an API most often uses. */
export const DEFAULT_REST_MAPPING: readonly { from: string; to: string }[] = [
  { from: "firstName", to: "firstName" },
  { from: "lastName", to: "lastName" },
  { from: "phone", to: "phone" },
];

const CUSTOM_TARGET = /^custom:[a-z0-9_]{1,100}$/;
export const isRestTarget = (to: string) => Object.hasOwn(REST_MAPPING_TARGETS, to) || CUSTOM_TARGET.test(to);
export const customTarget = (to: string): string | null =>
  to.startsWith(CUSTOM_PREFIX) ? to.slice(CUSTOM_PREFIX.length) : null;

/** RFC 9110 token: what Node (and any server) accepts as a header name. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What Node accepts in a header value: no control characters but tab, nothing beyond Latin-1. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `Must be ${max} characters or less`));
const headerSafe = (max: number) => v.pipe(text(max), v.regex(HEADER_VALUE, HEADER_VALUE_MESSAGE));
const requiredKey = requiredText(FIELD_REQUIRED_MESSAGE, 200);
/** A pattern checked only on text that is there: a blank value has said it is required. */
const when = (pattern: RegExp, message: string) =>
  v.check((value: string) => value === "" || pattern.test(value), message);
const headerName = v.pipe(requiredKey, when(HEADER_NAME, HEADER_NAME_MESSAGE));

export const HeaderRow = v.strictObject({
  key: headerName,
  value: headerSafe(MAX_VALUE),
  description: v.optional(text(500), ""),
});
export const ParamRow = v.strictObject({
  key: requiredKey,
  value: text(MAX_VALUE),
  description: v.optional(text(500), ""),
});
export type KeyValueRow = v.InferOutput<typeof ParamRow>;

/** A secret as the client sends it: new text, "" for none, or MASK to keep what is stored. */
const secret = (max = MAX_VALUE) => headerSafe(max);

export const ApiKeyAuth = v.strictObject({
  type: v.literal("API_Key"),
  info: v.strictObject({
    key: headerName,
    value: secret(),
    addTo: v.picklist(API_KEY_PLACES, "Choose header or query params"),
  }),
});
export const BearerAuth = v.strictObject({
  type: v.literal("Bearer_Token"),
  info: v.strictObject({ token: secret() }),
});
export const BasicAuth = v.strictObject({
  type: v.literal("Basic_Auth"),
  info: v.strictObject({
    username: v.pipe(
      text(200),
      v.check((name) => !name.includes(":"), BASIC_USERNAME_MESSAGE),
    ),
    password: secret(),
  }),
});
export const SalesForceAuth = v.strictObject({
  type: v.literal("SalesForce"),
  info: v.strictObject({ username: text(200), loginUrl: text(2048), issuer: text(500) }),
});
export const NoAuth = v.strictObject({ type: v.literal("None"), info: v.optional(v.strictObject({}), {}) });

/** The chosen type's fields only: another type's field is refused as an unknown key. */
export const RestAuth = v.variant(
  "type",
  [NoAuth, ApiKeyAuth, BearerAuth, BasicAuth, SalesForceAuth],
  "Choose an authorization type",
);
export type RestAuth = v.InferOutput<typeof RestAuth>;

/** Which info fields of each type are secrets (sealed at rest, masked in answers). */
export const SECRET_INFO: Record<AuthType, readonly string[]> = {
  None: [],
  API_Key: ["value"],
  Bearer_Token: ["token"],
  Basic_Auth: ["password"],
  SalesForce: [],
};

/** Spec 001 §4: changing the auth type resets its info to that type's defaults. */
export function defaultAuth(type: AuthType): RestAuth {
  switch (type) {
    case "None":
      return { type, info: {} };
    case "API_Key":
      return { type, info: { key: DEFAULT_API_KEY_NAME, value: "", addTo: "header" } };
    case "Bearer_Token":
      return { type, info: { token: "" } };
    case "Basic_Auth":
      return { type, info: { username: "", password: "" } };
    case "SalesForce":
      return { type, info: { username: "", loginUrl: "https://login.salesforce.com", issuer: "" } };
  }
}

/** http(s) with a host: what the Test can send a request to. */
export const isEndpoint = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};

export const Endpoint = v.pipe(
  v.string(ENDPOINT_MESSAGE),
  v.trim(),
  v.maxLength(2048, ENDPOINT_MESSAGE),
  v.check(isEndpoint, ENDPOINT_MESSAGE),
);

export const ListPath = v.pipe(
  requiredText(LIST_PATH_REQUIRED_MESSAGE, 500),
  v.check((path) => path === "" || listPathProblem(path) !== "script", LIST_PATH_SCRIPT_MESSAGE),
  v.check((path) => path === "" || listPathProblem(path) !== "not_a_path", LIST_PATH_MESSAGE),
);

export const MappingRow = v.strictObject({
  from: requiredText(FIELD_REQUIRED_MESSAGE, 200),
  to: v.pipe(
    v.string(FIELD_REQUIRED_MESSAGE),
    v.trim(),
    v.minLength(1, FIELD_REQUIRED_MESSAGE),
    v.maxLength(120, UNKNOWN_TARGET_MESSAGE),
    v.check((to) => to.length === 0 || isRestTarget(to), UNKNOWN_TARGET_MESSAGE),
  ),
});
export type MappingRow = v.InferOutput<typeof MappingRow>;

/** The indexes of rows whose `field` an earlier row already has (blank ones said they are required). */
export function repeated(rows: readonly Record<"from" | "to", string>[], field: "from" | "to"): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  rows.forEach((row, index) => {
    const value = row[field];
    if (!value) return;
    if (seen.has(value)) out.push(index);
    seen.add(value);
  });
  return out;
}

/** Spec 001 §5/§9: firstName, lastName and phone or cell; externalId is not required for REST. */
export function hasRequiredTargets(rows: readonly { to: string }[]): boolean {
  const to = new Set(rows.map((row) => row.to));
  return to.has("firstName") && to.has("lastName") && (to.has("phone") || to.has("cell"));
}

const uniqueRows = v.rawCheck<MappingRow[]>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const rows = dataset.value;
  for (const [field, message] of [
    ["from", FROM_UNIQUE_MESSAGE],
    ["to", TO_UNIQUE_MESSAGE],
  ] as const)
    for (const index of repeated(rows, field)) {
      const row = rows[index];
      if (!row) continue;
      addIssue({
        message,
        path: [
          { type: "array", origin: "value", input: rows, key: index, value: row },
          { type: "object", origin: "value", input: row, key: field, value: row[field] },
        ],
      });
    }
});

const Mapping = v.pipe(
  boundedArray(MappingRow, MAX_MAPPINGS, `A connection has at most ${MAX_MAPPINGS} mapping rows.`),
  uniqueRows,
  v.check((rows: MappingRow[]) => hasRequiredTargets(rows), REQUIRED_TARGETS_MESSAGE),
);

const rowsOf = <S extends v.GenericSchema>(row: S, what: string) =>
  v.optional(boundedArray(row, MAX_ROWS, `At most ${MAX_ROWS} ${what}.`), []);

/** What the request of a connection is made of: enough for a Test of unsaved edits. */
export const RestRequestEntries = {
  endpoint: Endpoint,
  method: v.optional(v.picklist(REST_METHODS, "Choose GET or POST"), "GET"),
  headers: rowsOf(HeaderRow, "headers"),
  params: rowsOf(ParamRow, "query params"),
  auth: v.optional(RestAuth, { type: "None", info: {} }),
};

/** What the editor saves, for a new connection and a change alike (the editor sends every field). */
export const RestConnectionInput = v.strictObject({
  name: v.pipe(requiredText(NAME_REQUIRED_MESSAGE, 100), when(/^[A-Za-z0-9 ]+$/, NAME_PATTERN_MESSAGE)),
  ...RestRequestEntries,
  enabled: v.optional(v.boolean(), true),
  listPath: v.optional(ListPath, DEFAULT_LIST_PATH),
  mapping: Mapping,
});
export type RestConnectionInput = v.InferOutput<typeof RestConnectionInput>;
export type RestConnectionValues = v.InferInput<typeof RestConnectionInput>;

/**
 * POST /api/rest-connections/test: the editor's request as it stands (saved or not); `id` names the saved
 * connection whose secrets a MASK keeps. The list path is read from a 2xx answer when given.
 */
export const RestTestInput = v.strictObject({
  id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  ...RestRequestEntries,
  listPath: v.optional(v.pipe(v.string(), v.maxLength(500))),
});
export type RestTestInput = v.InferOutput<typeof RestTestInput>;
