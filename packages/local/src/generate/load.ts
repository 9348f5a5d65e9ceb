import { randomUUID } from "node:crypto";
import type { CreateContactItem, StoreService } from "@reachcx/core/store/entities";
import { GENERATED_CUSTOM_FIELDS, generateContacts } from "./index.ts";

/** Items per BatchWriteItem request: DynamoDB's maximum. */
const CHUNK = 25;
/** BatchWriteItem requests kept in flight (see bench/search.ts: DynamoDB Local tops out around here). */
const IN_FLIGHT = 8;
/** Attempts for the unprocessed items of one request before the load gives up. */
const ATTEMPTS = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes `count` synthetic contacts for a tenant straight into the table with batch writes (DynamoDB
 * Local takes a few hundred single puts a second, thousands batched); the change feed indexes them.
 * Keeps IN_FLIGHT BatchWriteItem requests of 25 items going at once (a pool, so one slow request does not
 * hold up the others) and writes unprocessed items again with growing, jittered pauses, as DynamoDB asks;
 * throws if some are still unprocessed after ATTEMPTS tries. Adds the generated custom fields to the
 * tenant's settings when it lacks them.
 */
export async function loadContacts(
  store: StoreService,
  options: {
    tenant: string;
    count: number;
    seed?: number;
    onProgress?: (done: number) => void;
  },
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

  const now = new Date().toISOString();
  const contacts = generateContacts(options.count, options.seed ?? 1);
  /** The next request's items, generated only when a slot is free (a million contacts never sit in memory). */
  const nextChunk = (): CreateContactItem[] => {
    const chunk: CreateContactItem[] = [];
    while (chunk.length < CHUNK) {
      const next = contacts.next();
      if (next.done) break;
      chunk.push({
        ...next.value,
        tenant,
        id: randomUUID(),
        externalKey: `${tenant}#${next.value.externalId}`,
        dateCreated: now,
        updatedBy: "generator",
        status: "Active",
      });
    }
    return chunk;
  };

  /** Writes one chunk, again and again for what DynamoDB leaves unprocessed; returns how many were written. */
  const write = async (chunk: CreateContactItem[]) => {
    let pending = chunk;
    for (let attempt = 0; ; attempt++) {
      const { unprocessed } = await store.entities.contact.put(pending).go();
      if (unprocessed.length === 0) return chunk.length;
      if (attempt + 1 >= ATTEMPTS)
        throw new Error(`${unprocessed.length} contacts were not written after ${ATTEMPTS} attempts.`);
      const left = new Set(unprocessed.map((item) => (item as { id: string }).id));
      pending = pending.filter((item) => left.has(item.id));
      if (pending.length !== unprocessed.length)
        throw new Error("Unprocessed contacts could not be matched to retry.");
      await sleep(Math.min(50 * 2 ** attempt, 5000) * (0.5 + Math.random() / 2));
    }
  };

  let done = 0;
  let reported = 0;
  let failed = false;
  const worker = async () => {
    while (!failed) {
      const chunk = nextChunk();
      if (chunk.length === 0) return;
      let written: number;
      try {
        written = await write(chunk);
      } catch (err) {
        failed = true;
        throw err;
      }
      done += written; // not `done += await …`: that would add to a value read before the wait
      // As before the pool: a report per thousand, and one at the end.
      if (Math.floor(done / 1000) > Math.floor(reported / 1000) || done === options.count) {
        reported = done;
        options.onProgress?.(done);
      }
    }
  };
  const workers = Array.from({ length: IN_FLIGHT }, worker);
  const results = await Promise.allSettled(workers);
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (rejected) throw rejected.reason;
  return done;
}
