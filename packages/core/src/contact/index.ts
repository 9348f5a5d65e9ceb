import { randomUUID } from "node:crypto";
import type * as v from "valibot";
import { useActor, useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { type Page, type PageQuery, storePage } from "../paging.ts";
import type { ActivityLogItem } from "../store/entities.ts";
import { readSettings } from "../tenant/index.ts";
import type { CustomFieldValues } from "./constants.ts";
import { type CustomFieldChanges, type CustomFieldDef, checkCustomFields } from "./custom-fields.ts";
import {
  type ContactInput,
  type ContactPatch,
  hasPhoneOrCell,
  type NoteInput,
  PHONE_OR_CELL_MESSAGE,
} from "./schema.ts";

export * from "./constants.ts";
export * from "./custom-fields.ts";
export * from "./schema.ts";

const notFound = (id: string) =>
  new VisibleError("not_found", "contact.not_found", `Contact ${id} does not exist.`);

/** Who changed it: the signed-in user's email, or "system" for imports and workflows. */
function changedBy(): string {
  const actor = useActor();
  return actor.type === "user" ? actor.email : "system";
}

/**
 * The tenant's custom fields, after checking the licence a change needs: balances belong to the payment
 * module, so only a tenant with the PromptPay licence may set them (spec 003 §6 gates the balances UI; the
 * server enforces the same rule).
 */
async function customFieldDefs(change: { balances?: unknown }): Promise<CustomFieldDef[]> {
  const settings = await readSettings();
  if (change.balances !== undefined && !settings.licenses.includes("PromptPay"))
    throw new VisibleError(
      "forbidden",
      "contact.balances_unlicensed",
      "Balances need the PromptPay licence.",
      [{ path: "balances", message: "Balances need the PromptPay licence." }],
    );
  return settings.customFields;
}

const externalKey = (tenant: string, externalId: string) => `${tenant}#${externalId}`;

/** The keys of T that may hold null: the attributes a change can clear. */
type NullableKeys<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];
/** T without its nulls: a key that held null is left out. */
type WithoutNulls<T> = { [K in keyof T]: null extends T[K] ? Exclude<T[K], null> | undefined : T[K] };

/** Nulls become removals: the store keeps no empty attributes (spec: empty strings are stored as null). */
function split<T extends object>(values: T): { set: Partial<WithoutNulls<T>>; remove: NullableKeys<T>[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  return { set: set as Partial<WithoutNulls<T>>, remove: remove as NullableKeys<T>[] };
}

/** A new record's attributes: nulls are left out (there is nothing to remove yet). */
const withoutNulls = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as WithoutNulls<T>;

/** The custom values to store: a cleared value is no value. */
const storedCustom = (values: CustomFieldChanges): CustomFieldValues =>
  Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, CustomFieldValues[string]] => entry[1] !== null),
  );

export async function getContact(id: string) {
  const tenant = useTenant();
  const { data } = await useStore().entities.contact.get({ tenant, id }).go();
  if (!data) throw notFound(id);
  return data;
}

export async function createContact(input: ContactInput) {
  const tenant = useTenant();
  const customFields = checkCustomFields(input.customFields, await customFieldDefs(input));
  const { data } = await useStore()
    .entities.contact.create({
      ...withoutNulls(input),
      customFields: customFields && storedCustom(customFields),
      externalKey: input.externalId ? externalKey(tenant, input.externalId) : undefined,
      tenant,
      id: randomUUID(),
      dateCreated: new Date().toISOString(),
      updatedBy: changedBy(),
    })
    .go();
  return data;
}

/** Applies a change; the phone-or-cell rule is checked on the contact as it will be. */
export async function updateContact(id: string, patch: ContactPatch) {
  const tenant = useTenant();
  const current = await getContact(id);
  const phone = patch.phone === undefined ? current.phone : patch.phone;
  const cell = patch.cell === undefined ? current.cell : patch.cell;
  if (!hasPhoneOrCell({ phone, cell }))
    throw new VisibleError("input", "request.invalid", PHONE_OR_CELL_MESSAGE, [
      { path: "phone", message: PHONE_OR_CELL_MESSAGE },
    ]);
  const checked = checkCustomFields(patch.customFields, await customFieldDefs(patch));
  const customFields = checked ? storedCustom({ ...current.customFields, ...checked }) : undefined;
  const { set, remove } = split({
    ...patch,
    customFields,
    externalKey:
      patch.externalId === undefined ? undefined : patch.externalId && externalKey(tenant, patch.externalId),
  });
  let update = useStore()
    .entities.contact.patch({ tenant, id })
    .set({ ...set, updatedBy: changedBy() });
  if (remove.length > 0) update = update.remove(remove);
  const { data } = await update.go({ response: "all_new" });
  return data;
}

/** Creates or changes the contact with this externalId (imports). */
export async function upsertByExternalId(externalId: string, input: ContactInput) {
  const tenant = useTenant();
  const { data } = await useStore()
    .entities.contact.query.byExternalId({ externalKey: externalKey(tenant, externalId) })
    .go({ limit: 1 });
  const existing = data[0];
  if (!existing) return createContact({ ...input, externalId });
  return updateContact(existing.id, { ...input, externalId });
}

/** Deletes the contact and records a System activity 'Contact Deleted' in the same transaction. */
export async function deleteContact(id: string) {
  const tenant = useTenant();
  const contact = await getContact(id);
  const now = new Date().toISOString();
  await useStore()
    .transaction.write(({ contact: contacts, activityLog }) => [
      contacts.delete({ tenant, id }).commit(),
      activityLog
        .create({
          tenant,
          id: randomUUID(),
          type: "System",
          title: "Contact Deleted",
          body: `${contact.firstName} ${contact.lastName} was deleted by ${changedBy()}.`,
          activityLogContactId: id,
          agent: changedBy(),
          timestamp: now,
        })
        .commit(),
    ])
    .go();
}

/** A contact's activity, newest first, a page at a time. */
export async function contactActivity(id: string, page: PageQuery): Promise<Page<ActivityItem>> {
  const tenant = useTenant();
  await getContact(id);
  const { data, cursor } = await storePage(`activity:${tenant}:${id}`, page.cursor, (cursor) =>
    useStore()
      .entities.activityLog.query.byContact({ tenant, activityLogContactId: id })
      .go({ order: "desc", cursor, limit: page.limit ?? 5 }),
  );
  return { items: data, nextCursor: cursor ?? null };
}
export type ActivityItem = ActivityLogItem;

/** A Note activity on the contact (spec 002 Note form); contactStatus is set empty. */
export async function addNote(id: string, note: v.InferOutput<typeof NoteInput>) {
  const tenant = useTenant();
  await getContact(id);
  const { data } = await useStore()
    .entities.activityLog.create({
      tenant,
      id: randomUUID(),
      type: "Note",
      title: note.title.trim(),
      body: note.body,
      activityLogContactId: id,
      agent: changedBy(),
      contactStatus: "",
      timestamp: new Date().toISOString(),
    })
    .go();
  return data;
}
