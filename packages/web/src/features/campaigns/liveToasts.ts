import { notifications } from "@mantine/notifications";
import { startedMessage, stoppedMessage } from "@reachcx/core/campaign/schema";
import type { CampaignStatus } from "@reachcx/core/campaign/state";
import { useCallback, useEffect, useRef } from "react";

/** How long after the viewer's own operation on a campaign its status change is the viewer's, not news. */
const OWN_WINDOW_MS = 15_000;

/**
 * The live toast of a status change (spec 002 §4 Live updates): 'Campaign {name} Started' when it became
 * Active, 'Campaign {name} Stopped' when it became Completed, or Expired (its expiry schedule stopped it).
 */
export function liveStatusMessage(
  name: string,
  before: CampaignStatus,
  after: CampaignStatus,
): string | null {
  if (before === after) return null;
  if (after === "Active") return startedMessage(name);
  if (after === "Completed" || after === "Expired") return stoppedMessage(name);
  return null;
}

/**
 * Shows the live toasts of campaigns on the list whose status changed between two refetches (the live
 * feed refetches the list on every campaign change): a change made by another user or by a schedule.
 * The viewer's own operations have their own toast: `markOwn(id)` before and after one keeps its change
 * quiet for a while.
 */
export function useLiveStatusToasts(
  rows: readonly { id: string; name: string; status: CampaignStatus }[] | undefined,
) {
  const seen = useRef(new Map<string, CampaignStatus>());
  const own = useRef(new Map<string, number>());

  useEffect(() => {
    if (!rows) return;
    const now = Date.now();
    for (const row of rows) {
      const before = seen.current.get(row.id);
      if (!before || (own.current.get(row.id) ?? 0) > now) continue;
      const message = liveStatusMessage(row.name, before, row.status);
      if (message) notifications.show({ message });
    }
    seen.current = new Map(rows.map((r) => [r.id, r.status]));
  }, [rows]);

  return useCallback((id: string) => void own.current.set(id, Date.now() + OWN_WINDOW_MS), []);
}
