import { createDynamoClient } from "@reachcx/core/store/client";
import { createService, type StoreService } from "@reachcx/core/store/entities";
import * as v from "valibot";
import { requiredEnv } from "../config.ts";
import { log } from "../log.ts";

/** The payload every campaign schedule carries (ARCHITECTURE.md, Workflows and schedules). */
const ScheduleEvent = v.object({
  tenant: v.string(),
  campaignId: v.string(),
  action: v.picklist(["start", "pause", "restart", "reset", "stop", "segmentRatio"]),
});

/** How the target reads a tenant: the store's record, read fresh at every firing (no cache to outlive a disable). */
export type TenantLookup = (id: string) => Promise<{ status: string } | null | undefined>;

/**
 * What a schedule does when it fires. A schedule of a disabled (or removed) tenant does nothing and succeeds,
 * so the scheduler does not retry it; once the tenant is enabled, its next firing acts again
 * (docs/decisions.md, Disable Tenant). Campaign operations are built with the campaigns issue; until then a
 * schedule of an active tenant fails loudly (and is retried by the scheduler) rather than pretending to act.
 */
export async function runSchedule(event: unknown, tenantOf: TenantLookup) {
  const parsed = v.parse(ScheduleEvent, event);
  const tenant = await tenantOf(parsed.tenant);
  if (tenant?.status !== "Active") {
    log.warn("campaign schedule skipped: the tenant is disabled or gone", {
      ...parsed,
      tenantStatus: tenant?.status ?? "missing",
    });
    return { skipped: "tenant_disabled" as const, tenant: parsed.tenant };
  }
  log.error("campaign schedule fired before campaign operations exist", { ...parsed });
  throw new Error(`Campaign operation '${parsed.action}' is not built yet.`);
}

let store: StoreService | undefined;

/** EventBridge Scheduler target. */
export async function handler(event: unknown) {
  if (!store) {
    const table = requiredEnv("TABLE_NAME");
    store = createService(createDynamoClient({ table }), table);
  }
  const service = store;
  return runSchedule(event, async (id) => (await service.entities.tenant.get({ id }).go()).data);
}
