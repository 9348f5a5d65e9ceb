import type { StaleKeys } from "../../lib/realtime.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { meKeys } from "../auth/api.ts";
import { activityKeys, contactKeys } from "../contacts/api.ts";
import { settingsKeys } from "../settings/api.ts";

/**
 * Which cached queries a change of each entity makes stale. Entities whose queries are keyed by their own
 * name need no entry (lib/realtime.ts falls back to [entity]).
 */
export const STALE: StaleKeys = {
  tenantSettings: [settingsKeys.all, meKeys.all],
  tenant: [settingsKeys.all, meKeys.all],
  user: [["users"], meKeys.all],
  contact: [contactKeys.all],
  activityLog: [activityKeys.all],
  // A build moves counters many times a second: the status dialog follows them itself (useChangeEvents).
  campaignCounter: [],
  campaignDay: [],
};

/** The live feed for the signed-in shell: changes anywhere in the tenant refresh what they make stale. */
export const useLiveUpdates = () => useRealtime(STALE);
