import { createHash } from "node:crypto";
import { useActor } from "../actor/index.ts";
import { CUSTOM_PREFIX, type CustomFieldDef } from "../contact/custom-fields.ts";
import { hasPhoneOrCell, PHONE_OR_CELL_MESSAGE } from "../contact/schema.ts";
import { checkQuery } from "../contact/search.ts";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { type Job, startJob } from "../job/index.ts";
import { type JobContext, type JobOutcome, registerJobKind } from "../job/runner.ts";
import type { Node } from "../search/ast.ts";
import { contactSchema, fieldMap } from "../search/contact-fields.ts";
import { getAll } from "../store/batch-get.ts";
import type { ContactItem, CreateActivityLogItem } from "../store/entities.ts";
import { transact } from "../store/transact.ts";
import { readSettings } from "../tenant/index.ts";
import type { BulkDeleteBody, BulkEditBody } from "./api.ts";
import {
  type BulkValue,
  bulkFields,
  checkBulkValue,
  FIELD_REQUIRED_MESSAGE,
  hasRule,
  RULE_REQUIRED_MESSAGE,
} from "./fields.ts";

export * from "./api.ts";
export * from "./fields.ts";

/**
 * Bulk edit and bulk delete (spec 003 §2.5, §4 Bulk operation, §5, §7.2) as jobs of the shared job model
 * (core/job), kinds "bulkEdit" and "bulkDelete":
 *
 * 1. The request is checked here (a rule, a field, a value that fits the contact schema for that field)
 *    and answers the queued job at once.
 * 2. When the job first runs it snapshots the ids the query matches (the search engine, paged by keyset)
 *    into a blob of its own and checkpoints; the contacts are then worked from that list, so a contact the
 *    edit changes is never matched again, and a resume after a crash reads the same list.
 * 3. The list is read BATCH (500, spec 003 §9) ids at a time, the contacts fetched with one BatchGetItem
 *    per 100, and changed in chunks of CHUNK (100), the batch's chunks at the same time (spec 003 §9), each
 *    with at most CONCURRENCY requests in flight: an edit is one TransactWriteItems of TX_CONTACTS
 *    contacts, each a conditional UpdateItem and its System activity (so a contact is never changed
 *    without its activity); a delete writes the chunk's activities with BatchWriteItem, then deletes the
 *    contacts with BatchWriteItem. The activity's id is derived from the job and the contact, so redoing a
 *    chunk after a resume writes the same activities, never second ones.
 * 4. After each batch the position and the counters (successful, error) are checkpointed together: a
 *    resume redoes at most one batch, whose writes are the same again, and counts it once.
 */

export const BULK_EDIT_KIND = "bulkEdit";
export const BULK_DELETE_KIND = "bulkDelete";

/** Ids read from the list, and contacts fetched, per step (spec 003 §9: fetched 500 at a time). */
export const BATCH = 500;
/** Contacts changed together (spec 003 §9: chunks of 100). */
export const CHUNK = 100;
/** Requests in flight within a chunk; the chunks of a batch run at the same time. */
export const CONCURRENCY = 4;
/** Requests a bulk job keeps in flight at most: every chunk of a batch at once (what the bench compares with). */
export const IN_FLIGHT = (BATCH / CHUNK) * CONCURRENCY;
/** Contacts one edit transaction changes: each its UpdateItem and its activity: DynamoDB's 100 actions. */
export const TX_CONTACTS = 50;
/** Failed contacts the job remembers for its report; past that only the count grows. */
export const MAX_REPORTED_ERRORS = 1000;
export const NOTHING_MATCHED = "No contacts matched the query; nothing was changed.";

export const summary = (successful: number, error: number) =>
  `Successful Contacts: ${successful} | Error Contacts: ${error}`;

interface EditParams {
  query: Node;
  field: string;
  value: BulkValue;
  by: string;
}
interface DeleteParams {
  query: Node;
  by: string;
}

interface ContactError {
  id: string;
  name: string;
  message: string;
}

/** What a bulk job checkpoints: the snapshot's blob, how far it is, and its counts so far. */
interface BulkCheckpoint {
  snapshot: string;
  total: number;
  next: number;
  successful: number;
  error: number;
  errors: ContactError[];
}

const refuse = (path: string, message: string) =>
  new VisibleError("input", "request.invalid", message, [{ path, message }]);

const who = () => {
  const actor = useActor();
  return actor.type === "user" ? actor.email : "system";
};

async function checkedQuery(
  query: Node | null | undefined,
  custom: readonly CustomFieldDef[],
): Promise<Node> {
  if (!query || !hasRule(query)) throw refuse("query", RULE_REQUIRED_MESSAGE);
  checkQuery(query, contactSchema(custom).types);
  return query;
}

const labelOf = (field: string, custom: readonly CustomFieldDef[]) =>
  bulkFields(custom).find((f) => f.name === field)?.label ?? field;

const shown = (value: BulkValue) => (value === null ? "(empty)" : String(value));

/** Starts a bulk edit: `updateField` set to `updateValue` on every contact the query matches. */
export async function startBulkEdit(body: BulkEditBody): Promise<Job> {
  const custom = (await readSettings()).customFields;
  const field = body.updateField?.trim() ?? "";
  if (!field) throw refuse("updateField", FIELD_REQUIRED_MESSAGE);
  const query = await checkedQuery(body.query, custom);
  const checked = checkBulkValue(field, body.updateValue ?? null, custom);
  if (!checked.ok)
    throw refuse(checked.message.startsWith("Unknown") ? "updateField" : "updateValue", checked.message);
  const params: EditParams = { query, field, value: checked.value, by: who() };
  return startJob(BULK_EDIT_KIND, params, {
    label: `Set ${labelOf(field, custom)} to ${shown(checked.value)}`.slice(0, 200),
  });
}

/** Starts a bulk delete of every contact the query matches. */
export async function startBulkDelete(body: BulkDeleteBody): Promise<Job> {
  const custom = (await readSettings()).customFields;
  const query = await checkedQuery(body.query, custom);
  const params: DeleteParams = { query, by: who() };
  return startJob(BULK_DELETE_KIND, params, { label: "Delete matched contacts" });
}

/** A uuid-shaped id derived from the job and the contact: the same activity however often it is written. */
export function activityIdFor(jobId: string, contactId: string): string {
  const h = createHash("sha256").update(`bulk\n${jobId}\n${contactId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16] as string, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Every id the query matches now, in the engine's order, a page of 500 at a time. */
async function matchedIds(tenant: string, query: Node, custom: readonly CustomFieldDef[]): Promise<string[]> {
  const types = contactSchema(custom).types;
  const customTypes = fieldMap(
    Object.fromEntries(Object.entries(types).filter(([k]) => k.startsWith(CUSTOM_PREFIX))),
  );
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await useEnv().search.query("contact", tenant, {
      query,
      sort: [],
      limit: BATCH,
      cursor,
      types: customTypes,
      scan: true,
    });
    ids.push(...page.ids);
    cursor = page.nextCursor;
  } while (cursor);
  return [...new Set(ids)];
}

/** The contacts of these ids that exist (unprocessed keys read again). */
async function readContacts(tenant: string, ids: readonly string[]): Promise<Map<string, ContactItem>> {
  const found = await getAll(
    (keys) => useStore().entities.contact.get(keys).go({ concurrent: 4 }),
    ids.map((id) => ({ tenant, id })),
    "bulk edit",
  );
  return new Map(found.map((c) => [c.id, c]));
}

/** Which of these activity ids exist: a contact missing now may be one this job deleted before a restart. */
async function existingActivities(tenant: string, ids: readonly string[]): Promise<Set<string>> {
  const found = await getAll(
    (keys) => useStore().entities.activityLog.get(keys).go({ concurrent: 4 }),
    ids.map((id) => ({ tenant, id })),
    "bulk edit",
  );
  return new Set(found.map((a) => a.id));
}

const snapshotKey = (tenant: string, jobId: string) => `${tenant}/jobs/${jobId}.ids`;
const reportKeyOf = (tenant: string, jobId: string) => `${tenant}/reports/${jobId}.csv`;

/** The job's list of ids: written once when it starts, read back on every resume. */
async function snapshot(context: JobContext, query: Node): Promise<BulkCheckpoint> {
  const resumed = context.resumeFrom as BulkCheckpoint | undefined;
  if (resumed?.snapshot && (await useEnv().blobs.exists(resumed.snapshot))) return resumed;
  const { tenant, id } = context.job;
  const custom = (await readSettings()).customFields;
  const ids = await matchedIds(tenant, query, custom);
  const key = snapshotKey(tenant, id);
  await useEnv().blobs.put(key, new TextEncoder().encode(ids.join("\n")), { contentType: "text/plain" });
  const state: BulkCheckpoint = {
    snapshot: key,
    total: ids.length,
    next: 0,
    successful: 0,
    error: 0,
    errors: [],
  };
  await context.checkpoint(
    {
      counters: { successful: 0, error: 0 },
      progress: { done: 0, total: ids.length, unit: "contacts" },
      checkpoint: state,
    },
    { force: true },
  );
  return state;
}

async function readSnapshot(key: string): Promise<string[]> {
  const bytes = await useEnv().blobs.get(key);
  if (!bytes) throw new Error(`bulk edit: the snapshot ${key} is gone`);
  const text = new TextDecoder().decode(bytes);
  return text ? text.split("\n") : [];
}

/** A formula-safe CSV cell (a value starting with = + - @ is prefixed with a quote), quoted when needed. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function writeReport(
  tenant: string,
  jobId: string,
  state: BulkCheckpoint,
): Promise<string | undefined> {
  if (state.errors.length === 0) return undefined;
  const lines = [
    "contactId,name,message",
    ...state.errors.map((e) => [e.id, e.name, e.message].map(csvCell).join(",")),
  ];
  if (state.error > state.errors.length)
    lines.push(
      ["", "", `${state.error - state.errors.length} more errors not listed`].map(csvCell).join(","),
    );
  const key = reportKeyOf(tenant, jobId);
  await useEnv().blobs.put(key, new TextEncoder().encode(`${lines.join("\r\n")}\r\n`), {
    contentType: "text/csv",
  });
  return key;
}

/** One contact of a chunk: its id, and the contact as read (undefined when it no longer exists). */
interface Target {
  id: string;
  contact: ContactItem | undefined;
}

/** Applies the job to a chunk: per id, null when done or why it could not be. */
type Apply = (chunk: Target[], ours: Set<string>) => Promise<Map<string, string | null>>;

/**
 * Works the snapshot from its checkpoint: BATCH ids at a time, CHUNK contacts changed together, a
 * checkpoint after every batch. `apply` answers null for a contact done, or why it could not be.
 */
async function work(context: JobContext, query: Node, apply: Apply): Promise<JobOutcome> {
  const { tenant, id: jobId } = context.job;
  const state = await snapshot(context, query);
  const counters = () => ({ successful: state.successful, error: state.error });
  const progress = () => ({ done: state.next, total: state.total, unit: "contacts" });
  if (state.total === 0) {
    await useEnv().blobs.delete(state.snapshot);
    return { state: "done", counters: counters(), progress: progress(), message: NOTHING_MATCHED };
  }
  const ids = await readSnapshot(state.snapshot);
  while (state.next < ids.length) {
    if (context.cancelled()) {
      const reportKey = await writeReport(tenant, jobId, state);
      await useEnv().blobs.delete(state.snapshot);
      return { state: "cancelled", counters: counters(), ...(reportKey ? { reportKey } : {}) };
    }
    if (context.stopping()) {
      await context.checkpoint(
        { counters: counters(), progress: progress(), checkpoint: state },
        { force: true },
      );
      return { state: "paused" };
    }
    const batch = ids.slice(state.next, state.next + BATCH);
    const contacts = await readContacts(tenant, batch);
    const missing = batch.filter((id) => !contacts.has(id));
    const ours = await existingActivities(
      tenant,
      missing.map((id) => activityIdFor(jobId, id)),
    );
    const chunks: Target[][] = [];
    for (let i = 0; i < batch.length; i += CHUNK)
      chunks.push(batch.slice(i, i + CHUNK).map((id) => ({ id, contact: contacts.get(id) })));
    const outcomes = await Promise.all(chunks.map((chunk) => apply(chunk, ours)));
    for (const [n, chunk] of chunks.entries()) {
      const outcome = outcomes[n] as Map<string, string | null>;
      for (const { id, contact } of chunk) {
        const problem = outcome.get(id) ?? null;
        if (problem === null) state.successful++;
        else {
          state.error++;
          if (state.errors.length < MAX_REPORTED_ERRORS)
            state.errors.push({
              id,
              name: contact ? `${contact.firstName} ${contact.lastName}` : "",
              message: problem,
            });
        }
      }
    }
    state.next += batch.length;
    await context.checkpoint(
      { counters: counters(), progress: progress(), checkpoint: state },
      { force: true },
    );
  }
  const reportKey = await writeReport(tenant, jobId, state);
  await useEnv().blobs.delete(state.snapshot);
  return {
    state: "done",
    counters: counters(),
    progress: progress(),
    message: summary(state.successful, state.error),
    ...(reportKey ? { reportKey } : {}),
  };
}

const GONE = "The contact no longer exists.";
const DELETED_MEANWHILE = "The contact was deleted while the job ran.";
const NOT_WRITTEN = "The contact could not be written (logged); run the job again.";

/**
 * Puts activities with BatchWriteItem (25 a request, CONCURRENCY in flight), writing unprocessed ones
 * again with growing pauses. Their ids are derived from the job, so a put repeated after a resume
 * overwrites the same activity.
 */
async function putActivities(items: CreateActivityLogItem[]) {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 8) throw new Error("bulk edit: activities left unwritten after retries");
    if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 5000));
    const { unprocessed } = await useStore()
      .entities.activityLog.put(pending)
      .go({ concurrent: CONCURRENCY });
    const left = new Set(unprocessed.map((k) => k.id));
    pending = pending.filter((a) => left.has(a.id));
  }
}

/** One contact's change: the attributes set and removed. */
interface Change {
  id: string;
  set: Record<string, unknown>;
  remove: string[];
}

/**
 * The edit: a chunk's contacts changed TX_CONTACTS at a time, CONCURRENCY transactions in flight, each
 * contact's conditional UpdateItem (only the field, updatedBy and updatedAt; a contact deleted meanwhile
 * fails its condition) next to its System activity in one TransactWriteItems. A transaction refused for a
 * contact deleted meanwhile is run again without it. A crash redoes the chunk on resume: the same updates
 * again, and the same activity ids.
 */
async function runEdit(context: JobContext): Promise<JobOutcome> {
  const params = context.params as EditParams;
  const { tenant, id: jobId } = context.job;
  // The tenant's custom fields may have changed since the request: a field deleted meanwhile stops the job.
  const custom = (await readSettings()).customFields;
  const checked = checkBulkValue(params.field, params.value, custom);
  if (!checked.ok) return { state: "failed", message: checked.message };
  const value = checked.value;
  const field = params.field;
  const label = labelOf(field, custom);
  const now = new Date().toISOString();
  const store = useStore();

  /** What the edit does to this contact, or why it cannot. */
  const changeOf = (id: string, contact: ContactItem): Change | string => {
    if (field.startsWith(CUSTOM_PREFIX)) {
      const customFields = { ...(contact.customFields ?? {}) };
      if (value === null) delete customFields[field];
      else customFields[field] = value;
      return { id, set: { customFields }, remove: [] };
    }
    if (value !== null) return { id, set: { [field]: value }, remove: [] };
    if ((field === "phone" || field === "cell") && !hasPhoneOrCell({ ...contact, [field]: null }))
      return PHONE_OR_CELL_MESSAGE;
    return { id, set: {}, remove: [field] };
  };

  /** Writes these changes with their activities in one transaction; answers the ids deleted meanwhile. */
  const write = async (changes: Change[]): Promise<Set<string>> => {
    const rejected = await transact(
      () =>
        store.transaction
          .write(({ contact, activityLog }) =>
            changes.flatMap(({ id, set, remove }) => {
              const patch = contact.patch({ tenant, id }).set({ ...set, updatedBy: params.by });
              return [
                (remove.length > 0 ? patch.remove(remove as never[]) : patch).commit(),
                activityLog
                  .put({
                    tenant,
                    id: activityIdFor(jobId, id),
                    type: "System",
                    title: "Contact Updated",
                    body: `${label} set to ${shown(value)} by ${params.by} (bulk edit).`,
                    activityLogContactId: id,
                    agent: params.by,
                    timestamp: now,
                    metaData: { job: jobId, field, value },
                  })
                  .commit(),
              ];
            }),
          )
          .go(),
      "bulk edit",
    );
    // Each contact's update is the first of its two actions.
    return new Set(changes.filter((_, k) => rejected?.[2 * k]).map((c) => c.id));
  };

  return work(context, params.query, async (chunk) => {
    const outcome = new Map<string, string | null>();
    const changes: Change[] = [];
    for (const { id, contact } of chunk) {
      const change = contact ? changeOf(id, contact) : GONE;
      if (typeof change === "string") outcome.set(id, change);
      else changes.push(change);
    }
    const groups: Change[][] = [];
    for (let i = 0; i < changes.length; i += TX_CONTACTS) groups.push(changes.slice(i, i + TX_CONTACTS));
    await pool(groups, CONCURRENCY, async (group) => {
      let pending = group;
      while (pending.length > 0) {
        let gone: Set<string>;
        try {
          gone = await write(pending);
        } catch (err) {
          console.error("bulk edit: contact write failed", { tenant, ids: pending.map((c) => c.id), err });
          for (const { id } of pending) outcome.set(id, NOT_WRITTEN);
          return;
        }
        for (const { id } of pending) outcome.set(id, gone.has(id) ? DELETED_MEANWHILE : null);
        // Refused for contacts deleted meanwhile: nothing of it was written, so the others go again.
        pending = gone.size > 0 ? pending.filter((c) => !gone.has(c.id)) : [];
      }
    });
    return outcome;
  });
}

/**
 * The delete: the chunk's 'Contact Deleted' activities first, then the contacts, each with BatchWriteItem.
 * In that order a crash leaves contacts that have their activity and still exist (deleted on resume, the
 * activity rewritten), never a contact gone without its activity; a contact already gone with this job's
 * activity is one this job deleted before a restart, and counts as deleted.
 */
async function runDelete(context: JobContext): Promise<JobOutcome> {
  const params = context.params as DeleteParams;
  const { tenant, id: jobId } = context.job;
  const now = new Date().toISOString();
  const store = useStore();
  return work(context, params.query, async (chunk, ours) => {
    const outcome = new Map<string, string | null>();
    const present: { id: string; contact: ContactItem }[] = [];
    for (const { id, contact } of chunk) {
      if (contact) present.push({ id, contact });
      else outcome.set(id, ours.has(activityIdFor(jobId, id)) ? null : GONE);
    }
    await putActivities(
      present.map(({ id, contact }) => ({
        tenant,
        id: activityIdFor(jobId, id),
        type: "System" as const,
        title: "Contact Deleted",
        body: `${contact.firstName} ${contact.lastName} was deleted by ${params.by} (bulk delete).`,
        activityLogContactId: id,
        agent: params.by,
        timestamp: now,
        metaData: { job: jobId },
      })),
    );
    let keys = present.map(({ id }) => ({ tenant, id }));
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt === 8) throw new Error("bulk delete: contacts left undeleted after retries");
      if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 5000));
      const { unprocessed } = await store.entities.contact.delete(keys).go({ concurrent: CONCURRENCY });
      keys = unprocessed.map((k) => ({ tenant, id: k.id }));
    }
    for (const { id } of present) outcome.set(id, null);
    return outcome;
  });
}

/** Registers both kinds with the job runner (job/kinds.ts calls it in every worker). */
export function registerBulkEditJobs() {
  registerJobKind(BULK_EDIT_KIND, runEdit);
  registerJobKind(BULK_DELETE_KIND, runDelete);
}
