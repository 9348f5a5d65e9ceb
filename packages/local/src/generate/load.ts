import { randomUUID } from "node:crypto";
import type { ContactEntity, StoreService } from "@reachcx/core/store/entities";
import type { CreateEntityItem } from "electrodb";
import { GENERATED_CUSTOM_FIELDS, generateContacts } from "./index.ts";

const BATCH = 1000;

/**
 * Writes `count` synthetic contacts for a tenant straight into the table with batch writes (DynamoDB
 * Local takes a few hundred single puts a second, thousands batched); the change feed indexes them.
 * Adds the generated custom fields to the tenant's settings when it lacks them.
 */
export async function loadContacts(
  store: StoreService,
  options: { tenant: string; count: number; seed?: number; onProgress?: (done: number) => void },
) {
  const { tenant } = options;
  const settings = (await store.entities.tenantSettings.get({ tenant }).go()).data;
  if (!settings) throw new Error(`Tenant ${tenant} does not exist.`);
  const have = new Set((settings.customFields ?? []).map((f) => f.name));
  const missing = GENERATED_CUSTOM_FIELDS.filter((f) => !have.has(f.name));
  if (missing.length > 0)
    await store.entities.tenantSettings
      .patch({ tenant })
      .set({ customFields: [...(settings.customFields ?? []), ...missing] })
      .go();

  let batch: CreateEntityItem<typeof ContactEntity>[] = [];
  let done = 0;
  const now = new Date().toISOString();
  const flush = async () => {
    if (batch.length === 0) return;
    const { unprocessed } = await store.entities.contact.put(batch).go({ concurrency: 8 });
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} contacts were not written.`);
    done += batch.length;
    options.onProgress?.(done);
    batch = [];
  };
  for (const contact of generateContacts(options.count, options.seed ?? 1)) {
    batch.push({
      ...contact,
      tenant,
      id: randomUUID(),
      externalKey: `${tenant}#${contact.externalId}`,
      dateCreated: now,
      updatedBy: "generator",
      status: "Active",
    });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return done;
}
