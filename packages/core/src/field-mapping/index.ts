import { randomUUID } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { type FieldError, VisibleError } from "../error/index.ts";
import { DEFAULT_LIMIT, type Page, type PageQuery, storePage } from "../paging.ts";
import { importsUsingMapping } from "../sftp/imports.ts";
import type { FieldMappingItem } from "../store/entities.ts";
import { readSettings } from "../tenant/index.ts";
import { customTargetName, type FieldMappingInput } from "./schema.ts";

export * from "./schema.ts";

const notFound = (id: string) =>
  new VisibleError("not_found", "field_mapping.not_found", `Field mapping ${id} does not exist.`);

/** ElectroDB wraps the client's ConditionalCheckFailedException; its name or message may be on the cause. */
const conditionFailed = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ConditionalCheckFailedException" ||
    /conditional request failed|ConditionalCheckFailed/i.test(err.message) ||
    conditionFailed(err.cause));

/** The message for a `custom:{name}` target the tenant has no custom field for. */
export const unknownCustomTarget = (name: string) => `Unknown custom field: ${name}`;

/**
 * The schema knows the shape of a `custom:{name}` target; only the tenant's settings know whether that
 * custom field exists, so the check is here, with the row's path as the schema's errors have it.
 */
async function checkCustomTargets(input: FieldMappingInput) {
  const custom = input.mappings
    .map((row, index) => ({ index, name: customTargetName(row.toField) }))
    .filter((row): row is { index: number; name: string } => row.name !== null);
  if (custom.length === 0) return;
  const known = new Set((await readSettings()).customFields.map((field) => field.name));
  const errors: FieldError[] = custom
    .filter((row) => !known.has(row.name))
    .map((row) => ({ path: `mappings.${row.index}.toField`, message: unknownCustomTarget(row.name) }));
  if (errors.length > 0)
    throw new VisibleError("input", "request.invalid", errors[0]?.message ?? "Invalid mapping", errors);
}

/** The tenant's mappings, newest first, a page at a time. */
export async function listFieldMappings(page: PageQuery): Promise<Page<FieldMappingItem>> {
  const tenant = useTenant();
  const { data, cursor } = await storePage(`field-mappings:${tenant}`, page.cursor, (cursor) =>
    useStore()
      .entities.fieldMapping.query.byCreated({ tenant })
      .go({ order: "desc", cursor, limit: page.limit ?? DEFAULT_LIMIT }),
  );
  return { items: data, nextCursor: cursor ?? null };
}

export async function getFieldMapping(id: string) {
  const tenant = useTenant();
  const { data } = await useStore().entities.fieldMapping.get({ tenant, id }).go();
  if (!data) throw notFound(id);
  return data;
}

export async function createFieldMapping(input: FieldMappingInput) {
  const tenant = useTenant();
  await checkCustomTargets(input);
  const { data } = await useStore()
    .entities.fieldMapping.create({ tenant, id: randomUUID(), name: input.name, mappings: input.mappings })
    .go();
  return data;
}

/**
 * Replaces the name and every row: the editor always sends the whole mapping. ElectroDB's patch only
 * changes an item that exists (a condition on the write), so a missing id, another tenant's or one deleted
 * a moment ago, answers 404 without a read first.
 */
export async function updateFieldMapping(id: string, input: FieldMappingInput) {
  const tenant = useTenant();
  await checkCustomTargets(input);
  const { data } = await useStore()
    .entities.fieldMapping.patch({ tenant, id })
    .set({ name: input.name, mappings: input.mappings })
    .go({ response: "all_new" })
    .catch((err: unknown) => {
      throw conditionFailed(err) ? notFound(id) : err;
    });
  return data;
}

/** Ours (spec 001 names no message): a mapping an SFTP import reads its files with cannot go. */
export const mappingInUseMessage = (imports: string[]) =>
  `This field mapping is used by the SFTP import${imports.length > 1 ? "s" : ""} ${imports.map((name) => `'${name}'`).join(", ")}. Choose another mapping there first.`;

export async function deleteFieldMapping(id: string) {
  const tenant = useTenant();
  await getFieldMapping(id);
  const users = await importsUsingMapping(id);
  if (users.length > 0)
    throw new VisibleError("conflict", "field_mapping.in_use", mappingInUseMessage(users));
  await useStore().entities.fieldMapping.delete({ tenant, id }).go();
}
