import * as v from "valibot";
import { log } from "../log.ts";

/** The payload every campaign schedule carries (ARCHITECTURE.md, Workflows and schedules). */
const ScheduleEvent = v.object({
  tenant: v.string(),
  campaignId: v.string(),
  action: v.picklist(["start", "pause", "restart", "reset", "stop", "segmentRatio"]),
});

/**
 * EventBridge Scheduler target. Campaign operations are built with the campaigns issue; until then a
 * schedule that fires fails loudly (and is retried by the scheduler) rather than pretending to act.
 */
export async function handler(event: unknown) {
  const parsed = v.parse(ScheduleEvent, event);
  log.error("campaign schedule fired before campaign operations exist", { ...parsed });
  throw new Error(`Campaign operation '${parsed.action}' is not built yet.`);
}
