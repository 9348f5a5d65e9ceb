import { createHash } from "node:crypto";
import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  ExecuteStatementCommand,
  type QueryCommandInput,
} from "@aws-sdk/lib-dynamodb";
import type { CustomFieldValues } from "../contact/constants.ts";
import type { ContactInput } from "../contact/schema.ts";
import { useStore } from "../env.ts";
import { getAll } from "../store/batch-get.ts";
import type { ContactItem, CreateContactItem } from "../store/entities.ts";

/** One valid row, ready to be written. */
export interface ImportRow {
  row: number;
  /** "" for a row matched otherwise (a REST pull without externalId, matched by phone: `key`). */
  externalId: string;
  contact: ContactInput;
  custom: CustomFieldValues;
  /**
   * Rows without externalId: what identifies the contact instead (`phone:{number}`), from which a new
   * contact's id derives, and the id of the contact the caller already matched, if any.
   */
  key?: string;
  matchedId?: string;
}

/** What a row is matched on within the write: its externalId, else its key. */
const rowKey = (row: ImportRow) => row.externalId || (row.key as string);

/** Reads in flight while finding existing contacts; batch writes in flight. */
const READ_CONCURRENCY = 4;
/** externalIds asked for in one PartiQL statement (DynamoDB's limit of partition key values in IN). */
const IN_KEYS = 50;
const WRITE_CONCURRENCY = 4;
const ATTEMPTS = 8;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The id an import gives the contact it creates for an externalId: derived from the tenant and the
 * externalId, so writing the same row twice (a re-run, a resume after a crash, the index not yet showing
 * the first write) writes the same item, never a second contact.
 */
export function importedContactId(tenant: string, externalId: string): string {
  const h = createHash("sha256").update(`${tenant}\n${externalId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16] as string, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function pool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The existing contact of each externalId: the import's own id first (one BatchGetItem per 100), then the upsert index. */
async function findExisting(tenant: string, rows: readonly ImportRow[]) {
  const store = useStore();
  const found = new Map<string, ContactItem>();
  // The import's own id of each row, and the contact a caller matched itself; a row's key finds either.
  const wanted = new Map<string, string>();
  const matched = new Set<string>();
  for (const r of rows) {
    wanted.set(importedContactId(tenant, rowKey(r)), rowKey(r));
    if (r.matchedId) {
      wanted.set(r.matchedId, rowKey(r));
      matched.add(r.matchedId);
    }
  }
  const read = await getAll(
    (keys) => store.entities.contact.get(keys).go({ concurrent: 4 }),
    [...wanted.keys()].map((id) => ({ tenant, id })),
    "import",
  );
  for (const item of read) {
    const key = wanted.get(item.id);
    // A contact the caller matched wins over one the import made itself for the same key.
    if (key && (!found.has(key) || matched.has(item.id))) found.set(key, item);
  }
  // Contacts made another way (the API, an older import) carry a random id: the upsert index finds them.
  const rest = rows.filter((r) => r.externalId && !found.has(r.externalId)).map((r) => r.externalId);
  for (const [externalId, item] of await byExternalIds(tenant, rest)) found.set(externalId, item);
  return found;
}

/**
 * The contact of each externalId, read from the upsert index (gsi1) 50 keys at a time with one PartiQL
 * SELECT ... WHERE gsi1pk IN [...] each (READ_CONCURRENCY in flight, pages followed): a Query a key was
 * the import's main cost (about ten times slower on DynamoDB Local). The keys are ElectroDB's own
 * (params of the byExternalId query), the items parsed by ElectroDB (which skips other entities' items);
 * the first contact of a key wins, as the Query's limit 1 did.
 */
async function byExternalIds(tenant: string, externalIds: readonly string[]) {
  const store = useStore();
  const found = new Map<string, ContactItem>();
  if (externalIds.length === 0) return found;
  const chunks: string[][] = [];
  for (let i = 0; i < externalIds.length; i += IN_KEYS) chunks.push(externalIds.slice(i, i + IN_KEYS));
  await pool(chunks, READ_CONCURRENCY, async (chunk) => {
    let index = "";
    let field = "";
    // The index key of each externalId, as ElectroDB writes it (its casing included, so two may share one).
    const byKey = new Map<string, string[]>();
    for (const externalId of chunk) {
      const params = store.entities.contact.query
        .byExternalId({ externalKey: `${tenant}#${externalId}` })
        .params() as QueryCommandInput;
      index = params.IndexName as string;
      field = params.ExpressionAttributeNames?.["#pk"] as string;
      const key = params.ExpressionAttributeValues?.[":pk"] as string;
      byKey.set(key, [...(byKey.get(key) ?? []), externalId]);
    }
    const keys = [...byKey.keys()];
    let NextToken: string | undefined;
    do {
      const answer = await store.raw.client.send(
        new ExecuteStatementCommand({
          Statement: `SELECT * FROM "${store.raw.table}"."${index}" WHERE "${field}" IN [${keys.map(() => "?").join(",")}]`,
          Parameters: keys,
          NextToken,
        }),
      );
      for (const raw of answer.Items ?? []) {
        const item = store.entities.contact.parse({ Item: raw }).data;
        if (item?.tenant !== tenant) continue;
        for (const externalId of byKey.get(raw[field]) ?? [])
          if (!found.has(externalId)) found.set(externalId, item);
      }
      NextToken = answer.NextToken;
    } while (NextToken);
  });
  return found;
}

/** The attributes a row sets: its non-blank cells (a blank cell leaves a stored value alone). */
function setBy(row: ImportRow) {
  const { customFields: _c, balances: _b, mobileDevices: _m, optout: _o, ...rest } = row.contact;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
}

/**
 * Creates or updates the contact of each row, matched by externalId within the tenant, with BatchWriteItem
 * (25 a request, WRITE_CONCURRENCY in flight, unprocessed items written again with growing pauses). The
 * rows' externalIds (or keys) must be distinct. Existing contacts keep what the row does not set, and their
 * creation time. Answers how many were created and how many updated.
 */
export async function upsertRows(
  tenant: string,
  rows: readonly ImportRow[],
  updatedBy: string,
): Promise<{ imported: number; updated: number }> {
  if (rows.length === 0) return { imported: 0, updated: 0 };
  const store = useStore();
  const existing = await findExisting(tenant, rows);
  const now = new Date().toISOString();
  const keepCreated = new Map<string, string>();
  const items: CreateContactItem[] = rows.map((row) => {
    const before = existing.get(rowKey(row));
    // A row without externalId leaves the contact's own (if any) as it is.
    const external = row.externalId
      ? { externalId: row.externalId, externalKey: `${tenant}#${row.externalId}` }
      : {};
    if (before) {
      keepCreated.set(before.id, before.createdAt);
      const custom = { ...(before.customFields ?? {}), ...row.custom };
      const { createdAt: _c, updatedAt: _u, ...kept } = before;
      return {
        ...kept,
        ...setBy(row),
        ...external,
        ...(Object.keys(custom).length > 0 ? { customFields: custom } : {}),
        updatedBy,
      } as CreateContactItem;
    }
    return {
      ...setBy(row),
      tenant,
      id: importedContactId(tenant, rowKey(row)),
      ...external,
      ...(Object.keys(row.custom).length > 0 ? { customFields: row.custom } : {}),
      dateCreated: now,
      updatedBy,
      status: "Active",
    } as CreateContactItem;
  });
  // ElectroDB builds the items (keys, defaults, identifiers); an updated contact keeps its createdAt,
  // which ElectroDB would set anew on a put.
  const batches = store.entities.contact.put(items).params() as BatchWriteCommandInput[];
  for (const batch of batches)
    for (const requests of Object.values(batch.RequestItems ?? {}))
      for (const request of requests) {
        const item = request.PutRequest?.Item as { id?: string; createdAt?: string } | undefined;
        const created = item?.id ? keepCreated.get(item.id) : undefined;
        if (item && created) item.createdAt = created;
      }
  await pool(batches, WRITE_CONCURRENCY, async (batch) => {
    let pending: BatchWriteCommandInput["RequestItems"] = batch.RequestItems;
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
      if (attempt === ATTEMPTS) throw new Error("import: contacts left unwritten after retries");
      if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 5000) * (0.5 + Math.random() / 2));
      const answer = await store.raw.client.send(new BatchWriteCommand({ RequestItems: pending }));
      pending = answer.UnprocessedItems;
    }
  });
  return { imported: rows.length - existing.size, updated: existing.size };
}
