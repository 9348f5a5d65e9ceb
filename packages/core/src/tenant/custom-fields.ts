import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { forgetCustomFields } from "./cache.ts";
import { type CustomFieldDef, type CustomFieldInput, newCustomField } from "./custom-field-rules.ts";

/**
 * The tenant's custom fields (spec 001 §4): a list in the tenant settings. Add appends, delete removes;
 * contacts keep their `custom:{name}` values either way.
 */

/** Attempts before giving up: each round one of the admins writing at once lands, so this bounds them. */
const ATTEMPTS = 10;

async function readList() {
  const tenant = useTenant();
  const { data } = await useStore().entities.tenantSettings.get({ tenant }).go();
  return { fields: (data?.customFields ?? []) as CustomFieldDef[], version: data?.updatedAt, exists: !!data };
}

export async function listCustomFields(): Promise<CustomFieldDef[]> {
  return (await readList()).fields;
}

/**
 * Writes the list only if the settings did not change since they were read (their updatedAt), and says
 * whether it did; two admins adding at once both land, the second after a re-read and a re-check.
 */
async function writeList(next: CustomFieldDef[], read: Awaited<ReturnType<typeof readList>>) {
  const tenant = useTenant();
  const entity = useStore().entities.tenantSettings;
  try {
    if (!read.exists) await entity.create({ tenant, customFields: next }).go();
    else
      await entity
        .patch({ tenant })
        .set({ customFields: next })
        .where((attr, op) => op.eq(attr.updatedAt, read.version ?? ""))
        .go();
    forgetCustomFields(tenant);
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
}

/** ElectroDB wraps the client's ConditionalCheckFailedException; its name is on the cause. */
const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

const busy = () =>
  new VisibleError("conflict", "custom_field.busy", "The custom fields are being changed; please try again.");

export async function addCustomField(input: CustomFieldInput): Promise<CustomFieldDef> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readList();
    const { field, errors } = newCustomField(input, read.fields);
    if (!field) throw new VisibleError("input", "custom_field.invalid", errors[0]?.message ?? "", errors);
    if (await writeList([...read.fields, field], read)) return field;
  }
  throw busy();
}

/** Removes the definition only: values stored on contacts stay, and come back if the field is added again. */
export async function deleteCustomField(name: string): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readList();
    if (!read.fields.some((f) => f.name === name))
      throw new VisibleError("not_found", "custom_field.not_found", `There is no custom field ${name}.`);
    if (
      await writeList(
        read.fields.filter((f) => f.name !== name),
        read,
      )
    )
      return;
  }
  throw busy();
}
