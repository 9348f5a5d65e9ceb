import { JSONPath } from "jsonpath-plus";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { importFinished, summary } from "../import/job.ts";
import { REPORT_HEADER, reportLine } from "../import/report.ts";
import { type ColumnPlan, mapRow, type RowError } from "../import/row.ts";
import { type ImportRow, upsertRows } from "../import/write.ts";
import { type Job, startJob } from "../job/index.ts";
import { type JobContext, type JobOutcome, registerJobKind } from "../job/runner.ts";
import { type OutboundFailure, outboundRequest } from "../net/outbound.ts";
import { activeJobFor, SCHEDULED_JOB_KINDS } from "../scheduler/dispatch.ts";
import { group } from "../search/ast.ts";
import type { RestConnectionItem } from "../store/entities.ts";
import { readSettings } from "../tenant/index.ts";
import { readWithSecrets } from "./connections.ts";
import { readListPath } from "./list-path.ts";
import { buildRestRequest } from "./request.ts";
import type { RestAuth } from "./schema.ts";

/**
 * A REST connection's pull (issue 12 item 6, docs/decisions.md "REST pulls"): the job fetches the
 * endpoint with its auth through the outbound policy, page by page, reads the list at listPath as the
 * Test does (list-path.ts: a JSONPath, by jsonpath-plus), turns each item into a row with the connection's
 * mapping and hands it to the import's row pipeline: mapRow (the contact schema, custom fields by the
 * tenant's types), upsertRows (batched, by externalId — or, when the mapping has no externalId, by phone),
 * the same report and the same notice.
 */

export const REST_PULL_KIND = SCHEDULED_JOB_KINDS.restPull;

export interface RestPullParams {
  connectionId: string;
}

/** One page's answer: this long at most, this large at most. */
export const PAGE_TIMEOUT_MS = 20_000;
export const PAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Pages one pull follows at most; the rest waits for the next pull. */
export const MAX_PAGES = 50;
/** Valid rows written at once (ten BatchWriteItem requests), as the CSV import. */
const WINDOW = 250;
const MAX_REPORT_LINES = 100_000;

/** Where a page may say where the next one is: an RFC 8288 Link header first, then these. */
export const NEXT_LINK_PATHS = [
  "$.next",
  "$.links.next",
  "$.paging.next",
  "$._links.next.href",
  "$.next_page_url",
];

/** The next page's URL from a Link header or the body, resolved against the page's own URL. */
export function nextLink(headers: Record<string, string>, body: unknown, base: string): string | undefined {
  const link = headers.link;
  if (link) {
    for (const part of link.split(",")) {
      const m = /<([^>]+)>\s*;(.*)/.exec(part.trim());
      if (m && /rel\s*=\s*"?next"?/i.test(m[2] ?? "")) return new URL(m[1] as string, base).toString();
    }
  }
  for (const path of NEXT_LINK_PATHS) {
    const found = listOrValue(body, path);
    if (typeof found === "string" && found.trim()) return new URL(found.trim(), base).toString();
  }
  return undefined;
}

function listOrValue(body: unknown, path: string): unknown {
  try {
    const matches = JSONPath({ path, json: body as object, wrap: true, eval: false }) as unknown[];
    return matches[0];
  } catch {
    return undefined;
  }
}

/** A mapping's `from`: a key of the item, or a dotted path into it (`address.city`). */
function valueAt(item: unknown, from: string): unknown {
  if (item && typeof item === "object" && Object.hasOwn(item, from))
    return (item as Record<string, unknown>)[from];
  let here: unknown = item;
  for (const step of from.split(".")) {
    if (!here || typeof here !== "object") return undefined;
    here = (here as Record<string, unknown>)[step];
  }
  return here;
}

const cellOf = (value: unknown): string =>
  value === null || value === undefined
    ? ""
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

/** The digits of a North American number, without its leading 1: what phone matching compares. */
export const phoneKey = (text: string) => {
  const digits = text.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
};

const failureText = (error: OutboundFailure, page: number) => {
  switch (error.kind) {
    case "blocked":
      return `Page ${page} was not requested: ${error.detail}.`;
    case "unreachable":
      return `The endpoint could not be reached for page ${page} (${error.detail}).`;
    case "timeout":
      return `The endpoint did not answer page ${page} within ${PAGE_TIMEOUT_MS / 1000} s.`;
    case "too_large":
      return `Page ${page} is larger than ${PAGE_MAX_BYTES / 1024 / 1024} MB.`;
  }
};

/** The contacts the tenant already has with this phone (its phone or cell), oldest match first. */
async function matchByPhone(tenant: string, phone: string): Promise<string | undefined> {
  const values = [...new Set([phone, phoneKey(phone)])].filter(Boolean);
  const rules = values.flatMap((value) => [
    { type: "rule" as const, field: "phone", operator: "eq" as const, value },
    { type: "rule" as const, field: "cell", operator: "eq" as const, value },
  ]);
  const page = await useEnv().search.query("contact", tenant, {
    query: group("or", rules),
    sort: [],
    limit: 1,
  });
  return page.ids[0];
}

type Counters = { read: number; imported: number; updated: number; rejected: number; pages: number };

async function pullHandler(ctx: JobContext): Promise<JobOutcome> {
  const { connectionId } = ctx.params as RestPullParams;
  const tenant = ctx.job.tenant;
  const { data: stored } = await useStore().entities.restConnection.get({ tenant, id: connectionId }).go();
  if (!stored) return { state: "done", counters: {}, message: "The REST connection no longer exists." };
  if (stored.auth.type === "SalesForce")
    return {
      state: "failed",
      message:
        "Pulling from SalesForce needs its token exchange, which is not built yet; use another auth type.",
    };
  const item: RestConnectionItem = await readWithSecrets(connectionId);
  const defs = (await readSettings()).customFields;
  const byExternalId = item.mapping.some((m) => m.to === "externalId");
  // Without an externalId, the row carries its phone as the key mapRow needs (stripped before writing).
  const plan: ColumnPlan = {
    columns: [
      ...item.mapping.map((m, index) => ({ index, fromField: m.from, toField: m.to })),
      ...(byExternalId ? [] : [{ index: item.mapping.length, fromField: "", toField: "externalId" }]),
    ],
  };
  const counters: Counters = { read: 0, imported: 0, updated: 0, rejected: 0, pages: 0 };
  const problems: RowError[] = [];
  let window: ImportRow[] = [];
  const inWindow = new Set<string>();

  const flush = async () => {
    if (window.length === 0) return;
    const phones = window.filter((r) => !r.externalId);
    await Promise.all(
      phones.map(async (r) => {
        const matched = await matchByPhone(tenant, (r.key as string).slice("phone:".length));
        if (matched) r.matchedId = matched;
      }),
    );
    const written = await upsertRows(tenant, window, ctx.job.createdBy);
    counters.imported += written.imported;
    counters.updated += written.updated;
    window = [];
    inWindow.clear();
  };

  const request = buildRestRequest({ ...item, auth: item.auth as RestAuth });
  const origin = new URL(request.url).origin;
  const pageParam = item.params.find((p) => p.key === "page" && /^\d+$/.test(p.value));
  let url = request.url;
  let pageNumber = pageParam ? Number(pageParam.value) : 0;
  let firstSize: number | undefined;
  const seen = new Set<string>();
  let stoppedAt: string | undefined;
  for (let page = 1; ; page++) {
    if (page > MAX_PAGES) {
      stoppedAt = `It stopped after ${MAX_PAGES} pages; the next pull starts from the first page again.`;
      break;
    }
    seen.add(url);
    const answer = await outboundRequest({
      ...request,
      url,
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
    });
    /** Ends the pull: what earlier pages brought stays imported, and their rejected items are reported. */
    const fail = async (message: string): Promise<JobOutcome> => {
      await flush();
      return { state: "failed", message, counters, reportKey: await writeReport(ctx, problems, counters) };
    };
    if (!answer.ok) return fail(failureText(answer.error, page));
    if (answer.status < 200 || answer.status >= 300)
      return fail(`The endpoint answered ${answer.status} to page ${page}.`);
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return fail(`Page ${page} is not JSON.`);
    }
    const list = readListPath(body, item.listPath);
    if (!list.ok) return fail(`Page ${page} has no list at ${item.listPath}.`);
    const items = list.items;
    counters.pages++;
    for (const entry of items) {
      counters.read++;
      const row = counters.read;
      const fields = item.mapping.map((m) => cellOf(valueAt(entry, m.from)));
      if (!byExternalId) {
        const phone = fields[item.mapping.findIndex((m) => m.to === "phone")] ?? "";
        const cell = fields[item.mapping.findIndex((m) => m.to === "cell")] ?? "";
        fields.push(`phone:${phoneKey(phone.trim() || cell.trim())}`);
      }
      const mapped = mapRow(row, fields, plan, defs);
      if (!mapped.ok) {
        counters.rejected++;
        if (problems.length < MAX_REPORT_LINES) problems.push(...mapped.errors);
        continue;
      }
      const key = byExternalId ? mapped.externalId : (fields.at(-1) as string);
      if (!byExternalId) delete (mapped.contact as { externalId?: string }).externalId;
      if (inWindow.has(key)) await flush();
      window.push({
        row,
        externalId: byExternalId ? mapped.externalId : "",
        ...(byExternalId ? {} : { key }),
        contact: mapped.contact,
        custom: mapped.custom,
      });
      inWindow.add(key);
      if (window.length >= WINDOW) await flush();
    }
    await flush();
    await ctx.checkpoint({ counters, progress: { done: counters.read, unit: "contacts" } });
    if (ctx.cancelled())
      return { state: "cancelled", counters, reportKey: await writeReport(ctx, problems, counters) };
    firstSize ??= items.length;
    // The next page: a link the page gives, else the next `page` number, until a short or empty page.
    const next = nextLink(answer.headers, body, url);
    if (next) {
      if (new URL(next).origin !== origin) {
        stoppedAt =
          "The next page's link leads to another site; the pull stopped there (auth is sent to the endpoint's own site only).";
        break;
      }
      if (seen.has(next)) break;
      url = withQueryAuth(next, item.auth as RestAuth);
      continue;
    }
    if (!pageParam || items.length === 0 || items.length < firstSize) break;
    pageNumber++;
    const u = new URL(url);
    u.searchParams.set("page", String(pageNumber));
    url = u.toString();
  }
  return {
    state: "done",
    counters,
    progress: { done: counters.read, total: counters.read, unit: "contacts" },
    message: [
      `${counters.pages} ${counters.pages === 1 ? "page" : "pages"}: ${summary(counters)}`,
      ...(stoppedAt ? [stoppedAt] : []),
    ].join(" "),
    reportKey: await writeReport(ctx, problems, counters),
  };
}

/** A next link keeps an API key that goes in the query (the server's own link may leave it out). */
function withQueryAuth(url: string, auth: RestAuth): string {
  if (auth.type !== "API_Key" || auth.info.addTo !== "queryParams") return url;
  const u = new URL(url);
  if (!u.searchParams.has(auth.info.key)) u.searchParams.append(auth.info.key, auth.info.value);
  return u.toString();
}

/** The rejected items as the import's report (row = the item's place in the pull, column = its `from`). */
async function writeReport(ctx: JobContext, problems: RowError[], counters: Counters) {
  if (counters.rejected === 0 || problems.length === 0) return undefined;
  const key = `${ctx.job.tenant}/reports/${ctx.job.id}.csv`;
  const text = REPORT_HEADER + problems.map(reportLine).join("");
  await useEnv().blobs.put(key, new TextEncoder().encode(text), { contentType: "text/csv" });
  return key;
}

export const PULL_RUNNING_MESSAGE = "A pull of this connection is already queued or running.";
export const PULL_DISABLED_MESSAGE = "This connection is disabled. Enable it to pull contacts.";

/** POST /api/rest-connections/{id}/run ('Run now'): the same pull a schedule starts; 202 with the job. */
export async function runRestConnection(id: string): Promise<Job> {
  const item = await readWithSecrets(id);
  if (!item.enabled) throw new VisibleError("conflict", "rest_connection.disabled", PULL_DISABLED_MESSAGE);
  if (await activeJobFor(item.tenant, REST_PULL_KIND, { connectionId: item.id }))
    throw new VisibleError("conflict", "rest_connection.pull_running", PULL_RUNNING_MESSAGE);
  return startJob(REST_PULL_KIND, { connectionId: item.id } satisfies RestPullParams, {
    label: `REST ${item.name}`,
  });
}

export function registerRestPullJob() {
  registerJobKind(REST_PULL_KIND, pullHandler, { finished: importFinished });
}
