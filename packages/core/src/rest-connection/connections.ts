import { randomUUID } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import { type FieldError, VisibleError } from "../error/index.ts";
import { DEFAULT_LIMIT, type Page, storePage } from "../paging.ts";
import { useScheduler } from "../scheduler/index.ts";
import { scheduleName } from "../scheduler/port.ts";
import { isMask, MASK } from "../secrets/index.ts";
import type { RestConnectionItem } from "../store/entities.ts";
import { readSettings } from "../tenant/index.ts";
import type { RestConnection, RestConnectionListQuery, RestConnectionSummary } from "./api.ts";
import {
  type AuthType,
  customTarget,
  type RestAuth,
  type RestConnectionInput,
  SECRET_INFO,
} from "./schema.ts";

/**
 * REST connections in the Store: the tenant's own only (useTenant), secrets sealed on write and masked on
 * the way out, in clear only for the Test and imports.
 */

const notFound = (id: string) =>
  new VisibleError("not_found", "rest_connection.not_found", `REST connection ${id} does not exist.`);

/** ElectroDB wraps the client's ConditionalCheckFailedException; its name or message may be on the cause. */
const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

/** Not in the spec: a MASK sent for a secret the connection does not have (new, or another auth type). */
export const NO_SAVED_SECRET_MESSAGE = "There is no saved secret to keep; enter it";

type Info = Record<string, string>;
const infoOf = (auth: RestAuth): Info => ({ ...(auth.info as Info) });

/**
 * The auth info with each secret resolved against the stored one: new text as given, "" as none, MASK as
 * the stored value (sealed or decrypted, as `keep` reads it) when the stored auth has the same type.
 */
async function resolveSecrets(
  auth: RestAuth,
  stored: RestConnectionItem["auth"] | undefined,
  keep: (sealed: string) => Promise<string>,
  fresh: (plain: string) => Promise<string>,
): Promise<Info> {
  const info = infoOf(auth);
  const errors: FieldError[] = [];
  for (const field of SECRET_INFO[auth.type]) {
    const value = info[field] ?? "";
    if (value === "") continue;
    if (!isMask(value)) {
      info[field] = await fresh(value);
      continue;
    }
    const kept = stored?.type === auth.type ? stored.info?.[field as keyof typeof stored.info] : undefined;
    if (kept) info[field] = await keep(kept);
    else errors.push({ path: `auth.info.${field}`, message: NO_SAVED_SECRET_MESSAGE });
  }
  if (errors.length > 0)
    throw new VisibleError("input", "rest_connection.no_saved_secret", NO_SAVED_SECRET_MESSAGE, errors);
  return info;
}

/** How a stored connection is answered: its secrets as MASK when set, "" when not. */
export function masked(item: RestConnectionItem): RestConnection {
  const type = item.auth.type as AuthType;
  const info: Info = { ...(item.auth.info as Info | undefined) };
  for (const field of SECRET_INFO[type]) info[field] = info[field] ? MASK : "";
  return {
    tenant: item.tenant,
    id: item.id,
    name: item.name,
    endpoint: item.endpoint,
    method: item.method,
    headers: item.headers,
    params: item.params,
    auth: { type, info } as RestConnection["auth"],
    enabled: item.enabled,
    listPath: item.listPath,
    mapping: item.mapping,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The stored connection with its secrets decrypted: for the Test and for imports, never for an answer. */
export async function readWithSecrets(id: string): Promise<RestConnectionItem> {
  const item = await getItem(id);
  const secrets = useEnv().secrets;
  const info: Info = { ...(item.auth.info as Info | undefined) };
  for (const field of SECRET_INFO[item.auth.type as AuthType])
    if (info[field]) info[field] = await secrets.decrypt(info[field]);
  return { ...item, auth: { ...item.auth, info } };
}

/**
 * The schema knows the shape of a `custom:{name}` target; only the tenant's settings know whether that
 * custom field exists.
 */
async function checkCustomTargets(input: RestConnectionInput) {
  const custom = input.mapping
    .map((row, index) => ({ index, name: customTarget(row.to) }))
    .filter((row): row is { index: number; name: string } => row.name !== null);
  if (custom.length === 0) return;
  const known = new Set((await readSettings()).customFields.map((field) => field.name));
  const errors: FieldError[] = custom
    .filter((row) => !known.has(row.name))
    .map((row) => ({ path: `mapping.${row.index}.to`, message: `Unknown custom field: ${row.name}` }));
  if (errors.length > 0)
    throw new VisibleError("input", "request.invalid", errors[0]?.message ?? "Invalid mapping", errors);
}

async function getItem(id: string): Promise<RestConnectionItem> {
  const tenant = useTenant();
  const { data } = await useStore().entities.restConnection.get({ tenant, id }).go();
  if (!data) throw notFound(id);
  return data;
}

const summary = (item: RestConnectionItem): RestConnectionSummary => ({
  id: item.id,
  name: item.name,
  enabled: item.enabled,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});

/** The tenant's connections, newest first, a page at a time: list rows only, no request details. */
export async function listRestConnections(
  page: RestConnectionListQuery,
): Promise<Page<RestConnectionSummary>> {
  const tenant = useTenant();
  // The order is part of the cursor's scope: a cursor walked one way is refused the other way.
  const { data, cursor } = await storePage(
    `rest-connections:${tenant}:${page.order}`,
    page.cursor,
    (cursor) =>
      useStore()
        .entities.restConnection.query.byCreated({ tenant })
        .go({ order: page.order, cursor, limit: page.limit ?? DEFAULT_LIMIT }),
  );
  return { items: data.map(summary), nextCursor: cursor ?? null };
}

export async function getRestConnection(id: string): Promise<RestConnection> {
  return masked(await getItem(id));
}

const seal = (plain: string) => useEnv().secrets.encrypt(plain);
const asStored = async (sealed: string) => sealed;

function fields(input: RestConnectionInput, info: Info) {
  return {
    name: input.name,
    endpoint: input.endpoint,
    method: input.method,
    headers: input.headers,
    params: input.params,
    auth: { type: input.auth.type, info },
    enabled: input.enabled,
    listPath: input.listPath,
    mapping: input.mapping,
  };
}

export async function createRestConnection(input: RestConnectionInput): Promise<RestConnection> {
  const tenant = useTenant();
  await checkCustomTargets(input);
  const info = await resolveSecrets(input.auth, undefined, asStored, seal);
  const { data } = await useStore()
    .entities.restConnection.create({ tenant, id: randomUUID(), ...fields(input, info) })
    .go();
  return masked(data);
}

/**
 * Replaces every field: the editor always sends the whole connection. A MASK keeps the stored secret of
 * the same auth type. The patch only changes an item that still exists (ElectroDB's condition), so one
 * deleted meanwhile answers 404.
 */
export async function updateRestConnection(id: string, input: RestConnectionInput): Promise<RestConnection> {
  const tenant = useTenant();
  const stored = await getItem(id);
  await checkCustomTargets(input);
  const info = await resolveSecrets(input.auth, stored.auth, asStored, seal);
  const { data } = await useStore()
    .entities.restConnection.patch({ tenant, id })
    .set(fields(input, info))
    .go({ response: "all_new" })
    .catch((err: unknown) => {
      throw conditionFailed(err) ? notFound(id) : err;
    });
  return masked(data);
}

export async function deleteRestConnection(id: string) {
  const tenant = useTenant();
  const item = await getItem(id);
  // Its pull schedule goes first (pull-schedule.ts), so no firing finds a connection half deleted.
  if (item.pullEveryMinutes) await useScheduler().delete(scheduleName("rest", id));
  await useStore().entities.restConnection.delete({ tenant, id }).go();
}

/** The auth of a Test: MASKs resolved (decrypted) against the saved connection `id`, when given. */
export async function authForTest(auth: RestAuth, id: string | undefined): Promise<RestAuth> {
  const needsStored = SECRET_INFO[auth.type].some((field) => isMask(infoOf(auth)[field]));
  const stored = needsStored && id ? (await getItem(id)).auth : undefined;
  const secrets = useEnv().secrets;
  const info = await resolveSecrets(
    auth,
    stored,
    (sealed) => secrets.decrypt(sealed),
    async (plain) => plain,
  );
  return { type: auth.type, info } as RestAuth;
}
