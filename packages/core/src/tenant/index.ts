import { randomBytes } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { DEFAULT_LIMIT, type Page, type PageQuery, storePage } from "../paging.ts";
import { isMask, MASK } from "../secrets/index.ts";
import type { TenantSettingsItem } from "../store/entities.ts";
import { cachedTenant, forgetCustomFields } from "./cache.ts";
import { checkCustomFieldList } from "./custom-field-rules.ts";
import { SECRET_FIELDS, type TenantSettingsPatch } from "./schema.ts";
import { connectionRules } from "./telephony.ts";

export {
  cachedTenant,
  changedTenants,
  disabledTenants,
  forgetChangedTenants,
  forgetTenant,
} from "./cache.ts";
export * from "./schema.ts";
export * from "./telephony.ts";

export const newApiKey = () => randomBytes(24).toString("base64url");

export async function createTenant(input: { id: string; name: string; licenses: string[]; apiKey?: string }) {
  const store = useStore();
  const apiKey = input.apiKey ?? newApiKey();
  await store.transaction
    .write(({ tenant, tenantSettings }) => [
      tenant.create({ id: input.id, name: input.name, licenses: input.licenses, apiKey }).commit(),
      tenantSettings.create({ tenant: input.id, company: input.name }).commit(),
    ])
    .go()
    .then((result) => {
      if (result.canceled) throw tenantExists(input.id);
    })
    .catch((err: unknown) => {
      if (err instanceof VisibleError) throw err;
      if (String(err).includes("ConditionalCheckFailed")) throw tenantExists(input.id);
      throw err;
    });
  return { id: input.id, apiKey };
}

const tenantExists = (id: string) =>
  new VisibleError("conflict", "tenant.exists", `Tenant ${id} already exists.`, [
    { path: "tenantId", message: `Tenant ${id} already exists.` },
  ]);

export async function getTenant(id: string) {
  return (await useStore().entities.tenant.get({ id }).go()).data;
}

/** The signed-in tenant's settings: its own record merged with what the provider manages. Secrets masked. */
export async function readSettings() {
  const tenant = useTenant();
  const store = useStore();
  const [settings, record] = await Promise.all([
    store.entities.tenantSettings.get({ tenant }).go(),
    cachedTenant(tenant),
  ]);
  if (!record) throw new VisibleError("not_found", "tenant.not_found", "This tenant does not exist.");
  // Sub-resources holding credentials of their own are answered, masked, by their own endpoints only.
  const {
    icSMSMapping: _sms,
    icSMSProviderCredentials: _providers,
    ftpImport: _ftpImport,
    ftpExport: _ftpExport,
    ...stored
  }: Partial<TenantSettingsItem> = settings.data ?? {};
  const masked = Object.fromEntries(
    SECRET_FIELDS.map((field) => [field, stored[field] ? MASK : null]),
  ) as Record<(typeof SECRET_FIELDS)[number], string | null>;
  return {
    ...stored,
    ...masked,
    id: tenant,
    tenant,
    apiKey: record.apiKey,
    licenses: record.licenses,
    customFields: stored.customFields ?? [],
    icBU: stored.icBU ?? null,
  };
}
export type TenantSettingsView = Awaited<ReturnType<typeof readSettings>>;

/**
 * Applies a validated patch: empty strings and nulls clear a field, secrets are sealed, a secret sent back
 * as the mask keeps its stored value, createdAt/updatedAt are ignored (spec 000 §4, Save). The connection
 * fields obey the product's form (tenant/telephony.ts); a patch naming the product removes the other
 * product's fields. A refused patch changes nothing.
 */
export async function updateSettings(patch: TenantSettingsPatch) {
  const tenant = useTenant();
  const { secrets } = useEnv();
  const stored: Partial<TenantSettingsItem> =
    (await useStore().entities.tenantSettings.get({ tenant }).go()).data ?? {};
  const connection = connectionRules(patch, stored);
  if (connection.problems.length > 0)
    throw new VisibleError(
      "input",
      "tenant_settings.connection_invalid",
      connection.problems[0]?.message ?? "",
      connection.problems,
    );
  // The bulk list obeys the custom field rules; names already stored may stay (docs/decisions.md, Custom fields).
  const listErrors = patch.customFields
    ? checkCustomFieldList(patch.customFields, new Set((stored.customFields ?? []).map((f) => f.name)))
    : [];
  if (listErrors.length > 0)
    throw new VisibleError("input", "custom_field.invalid", listErrors[0]?.message ?? "", listErrors);
  const set: Record<string, unknown> = {};
  const { createdAt: _created, updatedAt: _updated, ...fields } = patch;
  const remove: (keyof typeof fields)[] = connection.blank.filter((field) => stored[field] !== undefined);
  // Object.entries forgets the keys' type; they are the patch schema's, each an attribute of the entity.
  for (const [key, value] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
    if (value === undefined || remove.includes(key)) continue;
    if ((SECRET_FIELDS as readonly string[]).includes(key) && isMask(value)) continue;
    if (value === null || value === "") remove.push(key);
    else if ((SECRET_FIELDS as readonly string[]).includes(key))
      set[key] = await secrets.encrypt(String(value));
    else set[key] = value;
  }
  const entity = useStore().entities.tenantSettings;
  // upsert: a tenant created before its settings record still gets one.
  if (Object.keys(set).length > 0) await entity.upsert({ tenant, ...set }).go();
  if (remove.length > 0) await entity.update({ tenant }).remove(remove).go();
  forgetCustomFields(tenant);
  return readSettings();
}

/** Tenants a page at a time, for provider staff (caller checks SuperAdmin). */
export async function listTenants(page: PageQuery): Promise<Page<TenantListItem>> {
  const { data, cursor } = await storePage("tenants", page.cursor, (cursor) =>
    useStore()
      .entities.tenant.query.byId({})
      .go({ cursor, limit: page.limit ?? DEFAULT_LIMIT }),
  );
  return {
    items: data.map((t) => ({
      id: t.id,
      name: t.name,
      apiKey: t.apiKey,
      licenses: t.licenses,
      status: t.status,
    })),
    nextCursor: cursor ?? null,
  };
}

export interface TenantListItem {
  id: string;
  name: string;
  apiKey: string;
  licenses: string[];
  status: "Active" | "Disabled";
}

/** Removes a tenant's records; used to undo a sign-up whose user could not be created. */
export async function deleteTenant(id: string) {
  const store = useStore();
  await store.entities.tenantSettings.delete({ tenant: id }).go();
  await store.entities.tenant.delete({ id }).go();
}
