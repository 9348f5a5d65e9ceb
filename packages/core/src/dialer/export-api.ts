import * as v from "valibot";

/**
 * The Export dialog's call (spec 002 §7 POST /export/campaign {campaignId, SFTP, S3}) and its messages
 * (§8). `SFTP` sends the file to the tenant's SFTP export target; `S3` stores it and mails the person who
 * asked a secured, expiring download link.
 */

export const ExportCampaignBody = v.strictObject({
  campaignId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  SFTP: v.optional(v.boolean(), false),
  S3: v.optional(v.boolean(), true),
});
export type ExportCampaignBody = v.InferOutput<typeof ExportCampaignBody>;

/**
 * Ours: what the Export dialog may offer the caller (GET /api/export/campaign/targets), named as the
 * body's options: `SFTP` when the tenant's SFTP export target is configured, `S3` when the caller has an
 * email to mail the link to. It answers to the export right, so a list manager without the configuration
 * right still sees whether SFTP is ready (the target itself, host and login, stays with configuration).
 */
export const ExportTargets = v.strictObject({ SFTP: v.boolean(), S3: v.boolean() });
export type ExportTargets = v.InferOutput<typeof ExportTargets>;

export const EXPORTING_MESSAGE = "Exporting Campaign";
export const SFTP_SENT_MESSAGE = "Export file being sent to SFTP Server";
export const LINK_MAILED_MESSAGE = "Export Download link will be sent in an email";

/** Ours: the refusals the spec's disabled controls leave to the API. */
export const NO_TARGET_MESSAGE = "Choose Export to SFTP, Download Via Secured Link, or both.";
export const NO_SFTP_MESSAGE =
  "SFTP export is not configured. Set up the SFTP export in Configuration (/config/sftp) first.";
export const PENDING_EXPORT_MESSAGE = "A Pending campaign has no list to export yet.";
export const NO_EMAIL_MESSAGE =
  "A download link is mailed to the person who asks for it; this caller has no email.";
