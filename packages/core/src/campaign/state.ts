/**
 * The campaign state machine (spec 002 §4 Campaign statuses and Operation sequences), pure: what each
 * operation does to a status, and which row actions the Campaigns screen enables for a status. The
 * server applies `next` inside the conditional write that changes the status, so two operations racing
 * on one campaign cannot both apply.
 */

export const CAMPAIGN_STATUSES = ["Pending", "Active", "Paused", "Completed", "Expired"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * What can happen to a campaign. start, pause, restart, terminate (End Campaign), reset and delete are the
 * console's buttons (and a schedule's actions); edit is the dialog's save; complete is the engine's
 * exhaustion with stopOnCompletion; expire is the expiry date passing.
 */
export const CAMPAIGN_OPERATIONS = [
  "start",
  "pause",
  "restart",
  "terminate",
  "reset",
  "delete",
  "edit",
  "complete",
  "expire",
] as const;
export type CampaignOperation = (typeof CAMPAIGN_OPERATIONS)[number];

/** The statuses that hold the campaign's skill and segments (spec 002 §4: "no other Active or Paused"). */
export const HOLDS_LOCKS: ReadonlySet<CampaignStatus> = new Set(["Active", "Paused"]);
export const TERMINAL: ReadonlySet<CampaignStatus> = new Set(["Completed", "Expired"]);

/** Where an operation leaves a campaign; `null` for delete (the record is gone). */
export type Outcome = { ok: true; status: CampaignStatus | null } | { ok: false; reason: string };

const refuse = (reason: string): Outcome => ({ ok: false, reason });
const to = (status: CampaignStatus | null): Outcome => ({ ok: true, status });

/** Spec 002 §8 (edit) verbatim; the others are ours (docs/decisions.md, Campaigns). */
const REASONS = {
  editCompleted: "Unable to edit a campaign in a completed state.",
  editExpired: "Unable to edit an expired campaign.",
} as const;
export const notAllowedMessage = (operation: CampaignOperation, status: CampaignStatus) =>
  `A campaign that is ${status} cannot be ${PAST[operation]}.`;
const PAST: Record<CampaignOperation, string> = {
  start: "started",
  pause: "paused",
  restart: "restarted",
  terminate: "ended",
  reset: "reset",
  delete: "deleted",
  edit: "edited",
  complete: "completed",
  expire: "expired",
};

/** The transition function: the status an operation leads to from `status`, or why it is refused. */
export function next(status: CampaignStatus, operation: CampaignOperation): Outcome {
  switch (operation) {
    case "start":
      return status === "Pending" ? to("Active") : refuse(notAllowedMessage(operation, status));
    case "pause":
      return status === "Active" ? to("Paused") : refuse(notAllowedMessage(operation, status));
    case "restart":
      return status === "Paused" ? to("Active") : refuse(notAllowedMessage(operation, status));
    case "terminate":
    case "complete":
      return HOLDS_LOCKS.has(status) ? to("Completed") : refuse(notAllowedMessage(operation, status));
    case "reset":
      // Reset clears and rebuilds the list; the campaign keeps running (or stays paused).
      return HOLDS_LOCKS.has(status) ? to(status) : refuse(notAllowedMessage(operation, status));
    case "delete":
      return to(null);
    case "edit":
      if (status === "Completed") return refuse(REASONS.editCompleted);
      if (status === "Expired") return refuse(REASONS.editExpired);
      return to(status);
    case "expire":
      return TERMINAL.has(status) ? refuse(notAllowedMessage(operation, status)) : to("Expired");
  }
}

/** The row actions of the Campaigns screen (spec 002 Campaigns screen). */
export const ROW_ACTIONS = [
  "status",
  "startPauseRestart",
  "terminate",
  "clone",
  "edit",
  "schedule",
  "reset",
  "delete",
  "export",
] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

/**
 * Which row actions a status enables (spec 002 §4): terminate and reset are disabled for Pending,
 * Completed and Expired; edit is blocked for Completed and Expired; schedule is disabled for Completed;
 * export is disabled for Pending; the status action is greyed for Pending, Completed and Expired.
 * Start/Pause/Restart is the button of whichever of the three the status allows, none when terminal.
 * Clone and delete are always offered. During an operation on the row every action is disabled.
 */
export function rowActions(status: CampaignStatus): Record<RowAction, boolean> {
  const live = HOLDS_LOCKS.has(status);
  return {
    status: live,
    startPauseRestart: !TERMINAL.has(status),
    terminate: live,
    clone: true,
    edit: !TERMINAL.has(status),
    schedule: status !== "Completed",
    reset: live,
    delete: true,
    export: status !== "Pending",
  };
}

/** The label of the Start/Pause/Restart button for a status (null when it has none). */
export function startPauseRestartOf(status: CampaignStatus): "start" | "pause" | "restart" | null {
  return status === "Pending"
    ? "start"
    : status === "Active"
      ? "pause"
      : status === "Paused"
        ? "restart"
        : null;
}
