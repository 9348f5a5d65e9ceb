import * as v from "valibot";
import { PageQuery, pageOf } from "../paging.ts";
import { MASK } from "../secrets/index.ts";
import { API_KEY_PLACES, REST_METHODS } from "./schema.ts";

export { RestTestLog } from "./log.ts";

/**
 * The REST connections API's requests and answers (spec 001 §7 listRestConnections, getRestConnection,
 * create, update, delete RestConnection, and the Test), described once for validation, the OpenAPI
 * document and the shapes suite.
 */

/**
 * GET /api/rest-connections: by Date Created, newest first unless `?order=asc` (spec 001 §2.5 "default
 * sort descending"), `?cursor=&limit=`.
 */
export const RestConnectionListQuery = v.object({
  ...PageQuery.entries,
  order: v.optional(v.picklist(["asc", "desc"], "order must be asc or desc."), "desc"),
});
export type RestConnectionListQuery = v.InferOutput<typeof RestConnectionListQuery>;

export const RestConnectionIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const secret = v.pipe(v.string(), v.description(`"${MASK}" when set, "" when not.`));
const row = v.strictObject({ key: v.string(), value: v.string(), description: v.string() });

const AuthAnswer = v.variant("type", [
  v.strictObject({ type: v.literal("None"), info: v.strictObject({}) }),
  v.strictObject({
    type: v.literal("API_Key"),
    info: v.strictObject({ key: v.string(), value: secret, addTo: v.picklist(API_KEY_PLACES) }),
  }),
  v.strictObject({ type: v.literal("Bearer_Token"), info: v.strictObject({ token: secret }) }),
  v.strictObject({
    type: v.literal("Basic_Auth"),
    info: v.strictObject({ username: v.string(), password: secret }),
  }),
  v.strictObject({
    type: v.literal("SalesForce"),
    info: v.strictObject({ username: v.string(), loginUrl: v.string(), issuer: v.string() }),
  }),
]);

/** A connection as the API answers it: every field, its secrets masked. */
export const RestConnection = v.strictObject({
  tenant: v.string(),
  id: v.string(),
  name: v.string(),
  endpoint: v.string(),
  method: v.picklist(REST_METHODS),
  headers: v.array(row),
  params: v.array(row),
  auth: AuthAnswer,
  enabled: v.boolean(),
  listPath: v.string(),
  mapping: v.array(v.strictObject({ from: v.string(), to: v.string() })),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type RestConnection = v.InferOutput<typeof RestConnection>;

/** A list row: what the list shows (spec 001 §2.5 Name, Enabled, Date Created), no request details. */
export const RestConnectionSummary = v.strictObject({
  id: v.string(),
  name: v.string(),
  enabled: v.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type RestConnectionSummary = v.InferOutput<typeof RestConnectionSummary>;

export const RestConnectionPage = pageOf(RestConnectionSummary);
