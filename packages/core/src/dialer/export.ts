import { useActor, useTenant } from "../actor/index.ts";
import { getCampaign } from "../campaign/index.ts";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { reportCell as csvCell } from "../import/report.ts";
import { type Job, startJob } from "../job/index.ts";
import { type JobContext, type JobOutcome, registerJobKind } from "../job/runner.ts";
import { useMail } from "../mail/index.ts";
import { REASONS } from "../sftp/check.ts";
import { getExportItem } from "../sftp/export.ts";
import { DEFAULT_PATH, DEFAULT_READY_TIMEOUT_MS } from "../sftp/schema.ts";
import { unseal } from "../sftp/secrets.ts";
import { openSftpSession, SftpError } from "../sftp/session.ts";
import { getAll } from "../store/batch-get.ts";
import type { CampaignContactItem, ContactItem } from "../store/entities.ts";
import { listCustomFields } from "../tenant/custom-fields.ts";
import { readCounters } from "./counters.ts";
import {
  type ExportCampaignBody,
  type ExportTargets,
  NO_EMAIL_MESSAGE,
  NO_SFTP_MESSAGE,
  NO_TARGET_MESSAGE,
  PENDING_EXPORT_MESSAGE,
} from "./export-api.ts";

/**
 * The campaign export (spec 002 Export dialog, §7 POST /export/campaign): a job of kind campaignExport
 * that streams the campaign's list (its CampaignContact records, a page at a time, joined with the
 * contacts' current fields by BatchGet) as CSV to the tenant's SFTP export target and/or to a blob whose
 * expiring link is mailed to the person who asked. Memory holds one page whatever the list's size. A job
 * that stops midway (a restart) writes its file again from the start: the file is only stored once whole.
 */

export const CAMPAIGN_EXPORT_KIND = "campaignExport";
/** CampaignContact records read per page (and contacts read per BatchGet round). */
const PAGE = 500;
/** How long the mailed download link works. */
export const EXPORT_LINK_SECONDS = 24 * 3600;

interface ExportParams {
  campaignId: string;
  campaignName: string;
  sftp: boolean;
  link: boolean;
  /** Who gets the link (the person who asked). */
  email: string | null;
}

/** The contact's own columns, then its custom fields, then its state in the campaign. */
const CONTACT_COLUMNS = [
  "id",
  "externalId",
  "firstName",
  "lastName",
  "phone",
  "cell",
  "email",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
  "timeZone",
  "source",
] as const;
const CAMPAIGN_COLUMNS = [
  "segment",
  "status",
  "channel",
  "attempts",
  "totalAttempts",
  "lastDisposition",
  "completedReason",
] as const;

/** What the caller may export to now: the tenant's SFTP target configured, an email for the link. */
export async function exportTargets(): Promise<ExportTargets> {
  return { SFTP: (await getExportItem()) !== null, S3: callerEmail() !== null };
}

const callerEmail = () => {
  const actor = useActor();
  return actor.type === "user" ? actor.email : null;
};

/** Starts the export job after the checks the dialog's disabled controls stand for. */
export async function exportCampaign(body: ExportCampaignBody): Promise<Job> {
  const campaign = await getCampaign(body.campaignId);
  if (!body.SFTP && !body.S3) throw new VisibleError("input", "export.no_target", NO_TARGET_MESSAGE);
  if (campaign.status === "Pending")
    throw new VisibleError("conflict", "export.pending", PENDING_EXPORT_MESSAGE);
  if (body.SFTP && !(await getExportItem()))
    throw new VisibleError("input", "export.no_sftp", NO_SFTP_MESSAGE);
  const email = callerEmail();
  if (body.S3 && !email) throw new VisibleError("input", "export.no_email", NO_EMAIL_MESSAGE);
  const params: ExportParams = {
    campaignId: campaign.id,
    campaignName: campaign.name,
    sftp: body.SFTP,
    link: body.S3,
    email,
  };
  return startJob(CAMPAIGN_EXPORT_KIND, params, { label: `Export ${campaign.name}` });
}

/** Reads contacts by id (BatchGet, 100 a call), asking again for what a call leaves unprocessed. */
async function contactsOf(tenant: string, ids: string[]): Promise<Map<string, ContactItem>> {
  const found = await getAll(
    (keys) => useStore().entities.contact.get(keys).go(),
    ids.map((id) => ({ tenant, id })),
    "export",
  );
  return new Map(found.map((contact) => [contact.id, contact]));
}

/** Why the export stopped before its end: cancelled, or handed back to the runner. */
class Interrupted extends Error {
  constructor(readonly outcome: "cancelled" | "paused") {
    super(outcome);
  }
}

const line = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * The export file as chunks of UTF-8 CSV, one chunk per page of the list: a header, then one row per
 * campaign contact with the contact's current fields (the build's copy when the contact was deleted since)
 * and its campaign state. Every cell is formula-safe. `onPage` counts the rows written so far.
 */
async function* exportRows(
  ctx: JobContext,
  params: ExportParams,
  onPage: (rows: number) => Promise<void>,
): AsyncGenerator<Uint8Array> {
  const tenant = ctx.job.tenant;
  const campaign = await getCampaign(params.campaignId);
  const segments = new Map(campaign.segments.map((s) => [s.segmentId, s.segmentName]));
  const custom = (await listCustomFields()).map((f) => f.name);
  const encoder = new TextEncoder();
  yield encoder.encode(line([...CONTACT_COLUMNS, ...custom, ...CAMPAIGN_COLUMNS]));
  let cursor: string | null = null;
  let rows = 0;
  do {
    if (ctx.cancelled()) throw new Interrupted("cancelled");
    if (ctx.stopping()) throw new Interrupted("paused");
    const page: { data: CampaignContactItem[]; cursor: string | null } = await useStore()
      .entities.campaignContact.query.byCampaign({ tenant, campaignId: params.campaignId })
      .go({ cursor, limit: PAGE });
    const contacts = await contactsOf(
      tenant,
      page.data.map((c) => c.contactId),
    );
    let text = "";
    for (const entry of page.data)
      text += line(rowOf(entry, contacts.get(entry.contactId), custom, segments));
    rows += page.data.length;
    if (text) yield encoder.encode(text);
    await onPage(rows);
    cursor = page.cursor;
  } while (cursor);
}

function rowOf(
  entry: CampaignContactItem,
  contact: ContactItem | undefined,
  custom: string[],
  segments: Map<string, string>,
): string[] {
  const from = (contact ?? {}) as Record<string, unknown>;
  const kept = entry as unknown as Record<string, unknown>;
  const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));
  const own = CONTACT_COLUMNS.map((column) =>
    column === "id" ? entry.contactId : text(from[column] ?? kept[column]),
  );
  const values = (contact?.customFields ?? {}) as Record<string, unknown>;
  return [
    ...own,
    ...custom.map((name) => text(values[`custom:${name}`])),
    segments.get(entry.segmentId) ?? entry.segmentId,
    entry.status,
    entry.channel,
    String(entry.attempts),
    String(entry.totalAttempts),
    text(entry.lastDisposition),
    text(entry.completedReason),
  ];
}

/** The export file's name: the campaign's name made safe for a path, and the time of the export. */
export const exportFileName = (campaignName: string, at: Date) =>
  `campaign-${campaignName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "export"}-${at
    .toISOString()
    .slice(0, 16)
    .replace(/[-:T]/g, "")}.csv`;

/** Logs in to the tenant's SFTP export target with its stored (sealed) credentials. */
async function exportSession() {
  const item = await getExportItem();
  if (!item) throw new VisibleError("input", "export.no_sftp", NO_SFTP_MESSAGE);
  return openSftpSession({
    host: item.ftpExportURL,
    port: item.ftpExportPort,
    username: item.ftpExportUserName,
    password: item.ftpExportPassword ? await unseal(item.ftpExportPassword) : undefined,
    privateKey: item.ftpImportKey ? await unseal(item.ftpImportKey) : undefined,
    path: DEFAULT_PATH,
    readyTimeout: DEFAULT_READY_TIMEOUT_MS,
    ciphers: [],
  });
}

async function exportHandler(ctx: JobContext): Promise<JobOutcome> {
  const params = ctx.params as ExportParams;
  const tenant = ctx.job.tenant;
  const counts = await readCounters({ tenant, campaignId: params.campaignId });
  let total = 0;
  for (const c of counts.values())
    total += c.fresh + c.inDialer + c.retry + c.callBack + c.alFresh + c.alRetry + c.completed;
  const fileName = exportFileName(params.campaignName, new Date(ctx.job.createdAt));
  const reportKey = params.link ? `${tenant}/exports/${ctx.job.id}/${fileName}` : undefined;
  // A run that stopped after the link was mailed does not store and mail it again.
  const resumed = ctx.resumeFrom as { linked?: boolean } | undefined;
  const counters = { contacts: 0, sftp: 0, link: resumed?.linked ? 1 : 0 };
  const progress = (rows: number) => {
    counters.contacts = rows;
    return ctx.checkpoint({
      counters,
      progress: { done: rows, total, unit: "contacts" },
      checkpoint: { linked: counters.link === 1 },
      ...(counters.link ? { reportKey } : {}),
    });
  };
  const done: string[] = [];
  try {
    if (reportKey && !counters.link) {
      await useEnv().blobs.putStream(reportKey, exportRows(ctx, params, progress), {
        contentType: "text/csv",
      });
      const link = await useEnv().blobs.downloadLink(reportKey, EXPORT_LINK_SECONDS, { fileName });
      await mailLink(params, link, counters.contacts);
      counters.link = 1;
      await ctx.checkpoint({ counters, checkpoint: { linked: true }, reportKey }, { force: true });
    }
    if (counters.link) done.push(`download link mailed to ${params.email}`);
    if (params.sftp) {
      const session = await exportSession();
      try {
        await session.upload(fileName, exportRows(ctx, params, progress));
      } finally {
        session.close();
      }
      counters.sftp = 1;
      done.push(`${fileName} sent to the SFTP server`);
    }
  } catch (err) {
    if (err instanceof Interrupted)
      return err.outcome === "paused" ? { state: "paused" } : { state: "cancelled", counters };
    if (err instanceof SftpError)
      return {
        state: "failed",
        counters,
        reportKey,
        message: `The export could not be sent to the SFTP server: ${REASONS[err.failure.kind]}.${done.length > 0 ? ` Already done: ${done.join("; ")}.` : ""}`,
      };
    throw err;
  }
  return {
    state: "done",
    counters,
    progress: { done: counters.contacts, total: counters.contacts, unit: "contacts" },
    reportKey,
    message: `Exported ${counters.contacts} contacts of ${params.campaignName}: ${done.join("; ")}.`,
  };
}

/** The secured link's mail to the person who asked for the export. */
async function mailLink(params: ExportParams, link: string, contacts: number) {
  if (!params.email) return;
  await useMail().send({
    tenant: useTenant(),
    to: [params.email],
    subject: `Campaign export ready: ${params.campaignName}`,
    text: [
      `The export of the campaign ${params.campaignName} (${contacts} contacts) is ready.`,
      "",
      // A presigned S3 URL on AWS; embedded, a signed path on the console's own origin.
      `Download it within 24 hours: ${link}`,
      "",
      "After that, download it again from Jobs in the console.",
    ].join("\n"),
    tag: "export",
  });
}

export function registerCampaignExportJob() {
  registerJobKind(CAMPAIGN_EXPORT_KIND, exportHandler);
}
