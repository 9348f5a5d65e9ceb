import { type CsvRowAt, readCsv } from "../csv/index.ts";
import { useEnv, useStore } from "../env.ts";
import { customTargetName } from "../field-mapping/schema.ts";
import { type JobContext, type JobOutcome, registerJobKind } from "../job/runner.ts";
import { useMail } from "../mail/index.ts";
import type { JobItem } from "../store/entities.ts";
import { readSettings } from "../tenant/index.ts";
import { REPORT_HEADER, reportLine } from "./report.ts";
import { type ColumnPlan, mapRow, missingRequired, planColumns, type RowError } from "./row.ts";
import { EMPTY_FILE_MESSAGE } from "./schema.ts";
import { Utf8Check } from "./utf8.ts";
import { type ImportRow, upsertRows } from "./write.ts";

export const IMPORT_KIND = "import";

/** What POST /api/contacts/import starts: the uploaded file and the mapping to read it with. */
export interface ImportParams {
  key: string;
  mappingId: string;
  fileName: string;
  /** Every contact's source (an SFTP import's fileNameToSource: the file's name); else the mapping's column. */
  source?: string;
  /** Who gets the notice (an SFTP import's reportEmail); else the person who started it. */
  notify?: string[];
  /** Where the file came from, for the notice ("the SFTP import 'Nightly'"). */
  origin?: string;
}

/** Where a run goes on: just after the last row whose contacts and problems are written. */
interface ImportCheckpoint {
  offset: number;
  row: number;
  cr: boolean;
  header: string[];
  /** Report parts written so far (reports/{job}/part-{n}.csv). */
  parts: number;
  /** Problems listed in those parts (at most MAX_REPORT_LINES; the rest are counted only). */
  listed: number;
}

type Counters = { read: number; imported: number; updated: number; rejected: number };

/** Valid rows written at once: ten BatchWriteItem requests. */
const WINDOW = 250;
/** Cells and rows the reader keeps: a longer row or more fields is that row's error, never held whole. */
const MAX_FIELDS = 500;
const MAX_ROW_CHARS = 64 * 1024;
/** Problems listed in a report; beyond, they are counted. */
export const MAX_REPORT_LINES = 100_000;
const CHECKPOINT_MS = 1000;

const failed = (message: string, counters?: Counters): JobOutcome => ({ state: "failed", message, counters });

const partKey = (job: JobItem, n: number) => `${job.tenant}/reports/${job.id}/part-${n}.csv`;
export const reportKeyOf = (job: { tenant: string; id: string }) => `${job.tenant}/reports/${job.id}.csv`;

/** Why the file cannot be imported at all, read before any row is written; else the columns and the header row. */
async function preflight(
  key: string,
  mappings: { fromField: string; toField: string }[],
  mappingName: string,
): Promise<{ error: string } | { plan: ColumnPlan; header: string[]; start: CsvRowAt }> {
  const blobs = useEnv().blobs;
  const whole = await blobs.read(key);
  if (!whole) return { error: "The uploaded file is no longer there. Upload it again." };
  if (whole.size === 0) return { error: EMPTY_FILE_MESSAGE };
  const check = new Utf8Check();
  let text = false;
  for await (const chunk of whole.body) {
    if (!check.push(chunk)) break;
    if (!text) text = chunk.some((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09);
  }
  if (!check.end()) {
    const at = check.invalid as { offset: number; line: number };
    return {
      error: `The file is not UTF-8 text: byte ${at.offset + 1} (line ${at.line}) is not a UTF-8 character. Save it as "CSV UTF-8" and import it again.`,
    };
  }
  if (!text) return { error: EMPTY_FILE_MESSAGE };
  const head = await blobs.read(key);
  if (!head) return { error: "The uploaded file is no longer there. Upload it again." };
  const rows = readCsv(head.body, { offsets: true, maxFields: MAX_FIELDS, maxRowChars: MAX_ROW_CHARS });
  try {
    let first: (CsvRowAt & { fields: string[] }) | undefined;
    for await (const row of rows as AsyncGenerator<CsvRowAt>) {
      if (!first) {
        if ("error" in row)
          return {
            error: `The header row cannot be read: ${row.error.replace(/^Row 1/, "it")} A header names each column once.`,
          };
        first = row;
        continue;
      }
      if ("fields" in row && row.fields.every((f) => f.trim() === "")) continue;
      const header = first.fields.map((f) => f.trim());
      const { plan, missing } = planColumns(header, mappings);
      const required = missingRequired(missing, plan);
      if (required.length > 0) {
        const names = required.map((m) => `'${m.fromField}'`).join(", ");
        const seen = header.length === 1 ? (header[0] ?? "") : header.slice(0, 12).join(", ");
        const delimiter = header.length === 1 ? [";", "\t", "|"].find((d) => seen.includes(d)) : undefined;
        const hint = delimiter
          ? ` The columns look separated by ${delimiter === "\t" ? "tabs" : `'${delimiter}'`}: save the file with commas between columns.`
          : "";
        return {
          error: `The file has no column ${names}, which the mapping '${mappingName}' needs. Its header row reads: ${seen.slice(0, 200)}.${hint}`,
        };
      }
      return { plan, header, start: first };
    }
    return {
      error: first ? "The file has a header row and no contacts." : EMPTY_FILE_MESSAGE,
    };
  } finally {
    await rows.return(undefined);
  }
}

async function importHandler(ctx: JobContext): Promise<JobOutcome> {
  const { job } = ctx;
  const params = ctx.params as ImportParams;
  const store = useStore();
  const blobs = useEnv().blobs;
  const { data: mapping } = await store.entities.fieldMapping
    .get({ tenant: job.tenant, id: params.mappingId })
    .go();
  if (!mapping)
    return failed(
      "The field mapping of this import no longer exists. Choose another mapping and import the file again.",
    );
  const defs = (await readSettings()).customFields;
  const known = new Set(defs.map((d) => d.name));
  for (const m of mapping.mappings) {
    const name = customTargetName(m.toField);
    if (name !== null && !known.has(name))
      return failed(deletedCustomFieldMessage(mapping.name, m.fromField, name));
  }

  let state = ctx.resumeFrom as ImportCheckpoint | undefined;
  const counters: Counters = {
    read: 0,
    imported: 0,
    updated: 0,
    rejected: 0,
    ...(job.counters as Partial<Counters>),
  };
  let plan: ColumnPlan;
  if (!state) {
    const checked = await preflight(params.key, mapping.mappings, mapping.name);
    if ("error" in checked) return failed(checked.error);
    plan = checked.plan;
    state = {
      offset: checked.start.end,
      row: checked.start.row + 1,
      cr: checked.start.cr,
      header: checked.header,
      parts: 0,
      listed: 0,
    };
  } else {
    const again = planColumns(state.header, mapping.mappings);
    if (missingRequired(again.missing, again.plan).length > 0)
      return failed(
        "The field mapping was changed while the file was being imported. Import the file again.",
        counters,
      );
    plan = again.plan;
  }
  const file = await blobs.read(params.key, { start: state.offset });
  if (!file) return failed("The uploaded file is no longer there. Upload it again.", counters);
  const size = file.size;

  let window: ImportRow[] = [];
  const inWindow = new Set<string>();
  let problems: RowError[] = [];
  let position = { offset: state.offset, row: state.row, cr: state.cr };
  let lastWrite = 0;
  const progress = () => ({ done: position.offset, total: size, unit: "bytes" });

  /** Writes the window's contacts; then, every second or when asked, its problems and the checkpoint. */
  const flush = async (force: boolean) => {
    if (window.length > 0) {
      const written = await upsertRows(job.tenant, window, job.createdBy);
      counters.imported += written.imported;
      counters.updated += written.updated;
      window = [];
      inWindow.clear();
    }
    const due = force || Date.now() - lastWrite >= CHECKPOINT_MS || problems.length >= 1000;
    if (!due) return;
    const s = state as ImportCheckpoint;
    if (problems.length > 0) {
      const room = Math.max(0, MAX_REPORT_LINES - s.listed);
      const listed = problems.slice(0, room);
      if (listed.length > 0) {
        await blobs.put(partKey(job, s.parts), new TextEncoder().encode(listed.map(reportLine).join("")), {
          contentType: "text/csv",
        });
        s.parts++;
        s.listed += listed.length;
      }
      problems = [];
    }
    Object.assign(s, position);
    await ctx.checkpoint({ counters, progress: progress(), checkpoint: s }, { force: true });
    lastWrite = Date.now();
  };

  for await (const row of readCsv(file.body, {
    offsets: true,
    resume: { offset: state.offset, row: state.row, cr: state.cr },
    maxFields: MAX_FIELDS,
    maxRowChars: MAX_ROW_CHARS,
  }) as AsyncGenerator<CsvRowAt>) {
    const blank = "fields" in row && row.fields.every((f) => f.trim() === "");
    if (!blank) {
      counters.read++;
      if ("error" in row) {
        counters.rejected++;
        problems.push({ row: row.row, column: "", value: "", message: row.error });
      } else {
        const mapped = mapRow(row.row, row.fields, plan, defs);
        if (mapped.ok && params.source) mapped.contact.source = params.source;
        if (!mapped.ok) {
          counters.rejected++;
          problems.push(...mapped.errors);
        } else {
          // The same externalId twice in a window: the earlier row is written first, then this one over it.
          if (inWindow.has(mapped.externalId)) await flush(false);
          window.push({
            row: row.row,
            externalId: mapped.externalId,
            contact: mapped.contact,
            custom: mapped.custom,
          });
          inWindow.add(mapped.externalId);
        }
      }
    }
    position = { offset: row.end, row: row.row + 1, cr: row.cr };
    if (window.length >= WINDOW || problems.length >= 1000) {
      await flush(false);
      if (ctx.cancelled()) {
        await flush(true);
        return { state: "cancelled", counters, reportKey: await assembleReport(job, state, counters) };
      }
      if (ctx.stopping()) {
        await flush(true);
        return { state: "paused" };
      }
    }
  }
  await flush(true);
  const reportKey = await assembleReport(job, state, counters);
  return {
    state: "done",
    counters,
    progress: { done: size, total: size, unit: "bytes" },
    message: summary(counters),
    reportKey,
  };
}

export const summary = (c: Counters) =>
  `${c.read} rows read: ${c.imported} imported, ${c.updated} updated, ${c.rejected} rejected.`;

export const deletedCustomFieldMessage = (mapping: string, column: string, field: string) =>
  `The mapping '${mapping}' maps the column '${column}' to the custom field '${field}', which no longer exists. Fix the mapping in Configuration > Field Mappings and import again.`;

/** Joins the report's parts into one CSV (header first) and removes them; undefined when nothing was rejected. */
async function assembleReport(job: JobItem, state: ImportCheckpoint, counters: Counters) {
  if (counters.rejected === 0 || state.parts === 0) return undefined;
  const blobs = useEnv().blobs;
  const parts: Uint8Array[] = [new TextEncoder().encode(REPORT_HEADER)];
  for (let n = 0; n < state.parts; n++) {
    const part = await blobs.get(partKey(job, n));
    if (part) parts.push(part);
  }
  if (counters.rejected > state.listed)
    parts.push(
      new TextEncoder().encode(
        `,,,"${counters.rejected - state.listed} more rejected rows are not listed (a report lists the first ${MAX_REPORT_LINES} problems)."\r\n`,
      ),
    );
  const total = parts.reduce((n, p) => n + p.byteLength, 0);
  const body = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    body.set(p, at);
    at += p.byteLength;
  }
  const key = reportKeyOf(job);
  await blobs.put(key, body, { contentType: "text/csv" });
  for (let n = 0; n < state.parts; n++) await blobs.delete(partKey(job, n));
  return key;
}

/** The notice to the person who started the import (spec 003 §4: processed -> email notice). */
export async function importFinished(job: JobItem) {
  const params = JSON.parse(job.params) as ImportParams;
  const to = params.notify ?? [job.createdBy];
  if (to.length === 0 || !to.every((address) => /^[^\s@]+@[^\s@]+$/.test(address))) return;
  const c = { read: 0, imported: 0, updated: 0, rejected: 0, ...(job.counters as Partial<Counters>) };
  const file = `${job.label ?? "your file"}${params.origin ? ` (from ${params.origin})` : ""}`;
  const subject =
    job.state === "done"
      ? `Contact import finished: ${file}`
      : job.state === "cancelled"
        ? `Contact import cancelled: ${file}`
        : `Contact import failed: ${file}`;
  const lines = [
    job.state === "done"
      ? `The import of ${file} has finished.`
      : job.state === "cancelled"
        ? `The import of ${file} was cancelled. Contacts imported before it stopped are kept.`
        : `The import of ${file} failed: ${job.message ?? "unknown reason"}`,
    "",
    `Rows read: ${c.read}`,
    `Imported (new contacts): ${c.imported}`,
    `Updated (existing contacts): ${c.updated}`,
    `Rejected: ${c.rejected}`,
  ];
  if (job.reportKey)
    lines.push(
      "",
      "The rejected rows and why are in the job's report: open Jobs in the console to download it.",
    );
  await useMail().send({
    tenant: job.tenant,
    to,
    subject,
    text: lines.join("\n"),
    tag: "import",
  });
}

export function registerImportJob() {
  registerJobKind(IMPORT_KIND, importHandler, { finished: importFinished });
}
