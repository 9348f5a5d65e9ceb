import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { useTenant, useUser } from "../actor/index.ts";
import { readCsv } from "../csv/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { SortedNumbers } from "../number-set.ts";
import { DEFAULT_LIMIT, storePage } from "../paging.ts";
import { getAll } from "../store/batch-get.ts";
import type { DoNotCallItem } from "../store/entities.ts";
import type { DncEntry } from "./api.ts";
import { DNC_SOURCES, type DncAddBody, type DncSource, MAX_CHECK, normalizePhone } from "./schema.ts";

export * from "./api.ts";
export * from "./schema.ts";

/** Reads run with this many BatchGetItem calls in flight (100 keys each). */
const CHECK_CONCURRENCY = 8;
/** BatchWriteItem takes 25 items; loaders keep this many in flight. */
const WRITE_CONCURRENCY = 8;

const today = () => new Date().toISOString().slice(0, 10);
/** An entry blocks until its expiry date (exclusive); one without an expiry blocks for good. */
export const isActive = (entry: { expiresAt?: string | null }, on = today()) =>
  !entry.expiresAt || entry.expiresAt > on;

const answer = (item: DoNotCallItem): DncEntry => ({
  phone: item.phone,
  source: item.source,
  region: item.region ?? null,
  expiresAt: item.expiresAt ?? null,
  addedBy: item.addedBy,
  addedAt: item.addedAt,
});

/** The tenant's entries in phone order, optionally those whose number starts with `prefix`. */
export async function listDnc(query: { phone?: string; cursor?: string; limit?: number }) {
  const tenant = useTenant();
  const prefix = (query.phone ?? "").replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  const { data, cursor } = await storePage(`dnc:${tenant}:${prefix}`, query.cursor, (cursor) => {
    const q = useStore().entities.doNotCall.query.byTenant({ tenant });
    return (prefix ? q.begins({ phone: prefix }) : q).go({ cursor, limit: query.limit ?? DEFAULT_LIMIT });
  });
  return { items: data.map(answer), nextCursor: cursor ?? null };
}

/** Adds a number to the tenant's org list by hand; adding it again refreshes its expiry and who added it. */
export async function addOrgDnc(body: DncAddBody): Promise<DncEntry> {
  const tenant = useTenant();
  const { data } = await useStore()
    .entities.doNotCall.put({
      tenant,
      phone: body.phone,
      source: "org",
      addedBy: useUser().email,
      addedAt: new Date().toISOString(),
      ...(body.expiresAt ? { expiresAt: body.expiresAt } : {}),
    })
    .go();
  return answer(data as DoNotCallItem);
}

/**
 * Removes a number from the tenant's org list. State and national entries are their loaders' (a reload
 * or their expiry removes them), so they stay: the registry, not the tenant, listed them.
 */
export async function removeOrgDnc(raw: string) {
  const tenant = useTenant();
  const phone = normalizePhone(raw);
  const notFound = new VisibleError(
    "not_found",
    "dnc.not_found",
    `${raw.slice(0, 40)} is not on the org do-not-call list.`,
  );
  if (!phone) throw notFound;
  await useStore()
    .entities.doNotCall.delete({ tenant, phone, source: "org" })
    .where((attr, op) => op.exists(attr.phone))
    .go()
    .catch((err: unknown) => {
      throw /conditional/i.test(String(err)) ||
        /conditional/i.test(String((err as { cause?: unknown }).cause))
        ? notFound
        : err;
    });
}

/**
 * Which of up to 10,000 numbers are listed, and by which sources (expired entries left out). Every
 * number's three keys are read with BatchGetItem, 100 keys a call, CHECK_CONCURRENCY calls at a time: a
 * 10,000-number batch is 300 calls, not 10,000 round trips. Numbers that are not numbers come back as
 * `invalid` (a campaign build skips them). `sources` limits the keys read to those lists (a campaign
 * build reads only the ones its profile's scrubber enables); the API checks all three.
 */
export async function checkDnc(raw: readonly string[], options: { sources?: readonly DncSource[] } = {}) {
  if (raw.length > MAX_CHECK)
    throw new VisibleError("input", "dnc.too_many", `At most ${MAX_CHECK} phones a check`, [
      { path: "phones", message: `At most ${MAX_CHECK} phones a check` },
    ]);
  const tenant = useTenant();
  const invalid: string[] = [];
  const phones = new Set<string>();
  for (const p of raw) {
    const phone = normalizePhone(p);
    if (phone) phones.add(phone);
    else invalid.push(p);
  }
  const sources = options.sources ?? DNC_SOURCES;
  const keys = [...phones].flatMap((phone) => sources.map((source) => ({ tenant, phone, source })));
  // BatchGetItem may leave keys unprocessed under load: they are asked again (a number read as not listed
  // would be dialed).
  const found = await getAll(
    (pending) => useStore().entities.doNotCall.get(pending).go({ concurrent: CHECK_CONCURRENCY }),
    keys,
    "dnc check",
  );
  const bySource = new Map<string, DncSource[]>();
  const on = today();
  for (const item of found) {
    if (!isActive(item, on)) continue;
    bySource.set(item.phone, [...(bySource.get(item.phone) ?? []), item.source]);
  }
  const listed = [...bySource].map(([phone, sources]) => ({
    phone,
    sources: DNC_SOURCES.filter((s) => sources.includes(s)),
  }));
  return { listed, invalid };
}

/**
 * The tenant's active entries of some sources, held in memory for one campaign build: a sorted
 * Float64Array per source (8 bytes a number), so the build tells a page's listings without reading a key
 * per number. Taken once when the build starts; an entry added later is not in it, and none needs to be:
 * every dispense checks the active lists again (docs/compliance.md, Checking a batch).
 */
export interface DncSnapshot {
  /** Entries held (active ones of the sources read). */
  size: number;
  /** Which of these numbers are listed, and by which sources: checkDnc's `listed`, from memory. */
  listed(raw: readonly string[]): { phone: string; sources: DncSource[] }[];
}

/**
 * Reads the tenant's list (Query over its partition, a page of up to 1 MB a call, three attributes) into
 * a DncSnapshot, or answers undefined (the caller then checks in batches) as soon as it has read more
 * than `max` entries — of any source: the partition holds them all, so a large list of a source the
 * caller does not honour costs the same reading — or has spent `budgetMs` reading. Entries that have
 * expired by today are left out.
 */
export async function dncSnapshot(options: {
  sources: readonly DncSource[];
  max: number;
  budgetMs?: number;
}): Promise<DncSnapshot | undefined> {
  const until = performance.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY);
  let read = 0;
  const tenant = useTenant();
  const by = new Map(options.sources.map((s) => [s, new SortedNumbers()]));
  const on = today();
  let held = 0;
  // The raw Query (ElectroDB's key condition, three attributes): shaping each item through ElectroDB
  // costs more than DynamoDB Local's read of it.
  const { client } = useStore().raw;
  const query = useStore().entities.doNotCall.query.byTenant({ tenant }).params() as QueryCommandInput;
  let start: QueryCommandInput["ExclusiveStartKey"];
  do {
    const page = await client.send(
      new QueryCommand({
        ...query,
        ExpressionAttributeNames: {
          ...query.ExpressionAttributeNames,
          "#ph": "phone",
          "#so": "source",
          "#ex": "expiresAt",
        },
        ProjectionExpression: "#ph, #so, #ex",
        ExclusiveStartKey: start,
      }),
    );
    for (const item of (page.Items ?? []) as Pick<DoNotCallItem, "phone" | "source" | "expiresAt">[]) {
      if (++read > options.max) return undefined;
      const numbers = by.get(item.source);
      if (!numbers || !isActive(item, on)) continue;
      held++;
      numbers.add(Number(item.phone));
    }
    if (performance.now() > until) return undefined;
    start = page.LastEvaluatedKey;
  } while (start);
  for (const numbers of by.values()) numbers.seal();
  return {
    size: held,
    listed(raw) {
      const answer: { phone: string; sources: DncSource[] }[] = [];
      for (const phone of new Set(raw.map((p) => normalizePhone(p)))) {
        if (!phone) continue;
        const n = Number(phone);
        const sources = DNC_SOURCES.filter((s) => by.get(s)?.has(n));
        if (sources.length > 0) answer.push({ phone, sources });
      }
      return answer;
    },
  };
}

/**
 * What a campaign build treats a contact as: its numbers' listings, and org when the contact itself is
 * flagged dnc (docs/compliance.md: a flagged contact counts as org DNC whatever its numbers).
 */
export function contactDncSources(
  contact: { dnc?: boolean | null; phone?: string | null; cell?: string | null },
  listed: ReadonlyMap<string, readonly DncSource[]>,
): DncSource[] {
  const sources = new Set<DncSource>(contact.dnc ? ["org"] : []);
  for (const raw of [contact.phone, contact.cell]) {
    const phone = raw ? normalizePhone(raw) : null;
    for (const s of (phone && listed.get(phone)) || []) sources.add(s);
  }
  return DNC_SOURCES.filter((s) => sources.has(s));
}

export interface LoadOptions {
  source: DncSource;
  /** ISO date the entries stop blocking (state and national extracts are valid for a period). */
  expiresAt?: string | null;
  region?: string | null;
  addedBy: string;
  /** The CSV column holding the number (0-based); the first row is skipped when it is not a number. */
  column?: number;
}

export interface LoadReport {
  added: number;
  duplicates: number;
  rejected: { row: number; value: string; message: string }[];
}

/** At most this many rejected rows are described in a report; the rest are counted. */
const MAX_REPORTED = 1000;

/**
 * Streams a CSV of numbers into one source of the tenant's lists: rows are read and written in batches
 * of 25 (BatchWriteItem, WRITE_CONCURRENCY at a time), never the whole file in memory. A bad row is
 * reported and skipped, the valid ones kept. Writing is by key (tenant, phone, source), so a re-run adds
 * no duplicates; `duplicates` counts numbers repeated within the file.
 */
export async function loadDnc(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: LoadOptions,
): Promise<LoadReport & { rejectedCount: number }> {
  const tenant = useTenant();
  const column = options.column ?? 0;
  const report: LoadReport & { rejectedCount: number } = {
    added: 0,
    duplicates: 0,
    rejected: [],
    rejectedCount: 0,
  };
  const seen = new Set<string>();
  let batch: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const addedAt = new Date().toISOString();
  const reject = (row: number, value: string, message: string) => {
    report.rejectedCount++;
    if (report.rejected.length < MAX_REPORTED)
      report.rejected.push({ row, value: value.slice(0, 60), message });
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const items = batch.map((phone) => ({
      tenant,
      phone,
      source: options.source,
      addedBy: options.addedBy,
      addedAt,
      ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}),
      ...(options.region ? { region: options.region } : {}),
    }));
    batch = [];
    const write = (async () => {
      let pending = items;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt === 5) throw new Error("dnc load: items left unprocessed after 5 attempts");
        const { unprocessed } = await useStore().entities.doNotCall.put(pending).go({ concurrent: 1 });
        const left = new Set(unprocessed.map((key) => key.phone));
        pending = pending.filter((item) => left.has(item.phone));
      }
      report.added += items.length;
    })();
    const tracked = write.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= WRITE_CONCURRENCY) await Promise.race(inFlight);
  };
  for await (const row of readCsv(chunks, { maxFields: 100, maxRowChars: 4096 })) {
    if ("error" in row) {
      reject(row.row, "", row.error);
      continue;
    }
    const value = (row.fields[column] ?? "").trim();
    if (value === "" && row.fields.every((f) => f.trim() === "")) continue;
    const phone = normalizePhone(value);
    if (!phone) {
      // A header row ("phone", "Number") is not a mistake.
      if (row.row === 1 && /[a-z]/i.test(value)) continue;
      reject(row.row, value, "Not a 10-digit US phone number");
      continue;
    }
    if (seen.has(phone)) {
      report.duplicates++;
      continue;
    }
    // Remembering every number would grow with the file; duplicates further apart than this are rewritten (harmless).
    if (seen.size > 200_000) seen.clear();
    seen.add(phone);
    batch.push(phone);
    if (batch.length === 25) await flush();
  }
  await flush();
  await Promise.all(inFlight);
  return report;
}
