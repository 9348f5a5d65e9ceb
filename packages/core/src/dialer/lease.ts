import { useStore } from "../env.ts";
import { isConditionFailure } from "./tx.ts";

/**
 * The tenant's dispense lease (docs/dialer.md "Dispense", embedded mode): block claims write people's
 * ContactPace records without a condition, which is safe only while no other campaign of the tenant
 * writes them. So one campaign of a tenant dispenses at a time, for a term of wall-clock seconds,
 * renewed while it keeps dispensing; another campaign asking meanwhile is told to wait and marks itself
 * `waiting`, the holder then stops renewing, and the waiter takes the lease once the term has run out
 * and a grace period has passed (long enough for the holder's last writes to land). A holder starts no
 * dispense in the last seconds of its term.
 */

/** How long a lease runs from its last renewal (wall-clock ms). */
const TERM_MS = 10_000;
/** A holder writes its renewal at most this often. */
const RENEW_EVERY_MS = 2_000;
/** A holder starts no dispense with less than this left of its term (its writes land within it). */
const MARGIN_MS = 3_000;
/** A lapsed lease is taken only this long after it ran out. */
const GRACE_MS = 2_000;

const held = new Map<string, { campaignId: string; until: number; renewedAt: number }>();

/**
 * Whether `campaignId` may dispense for `tenant` now: it holds the tenant's lease (taken or renewed
 * here). False when another campaign holds it; this campaign is then next in line.
 */
export async function holdsLease(tenant: string, campaignId: string): Promise<boolean> {
  const wall = Date.now();
  const had = held.get(tenant);
  if (had?.campaignId === campaignId && wall - had.renewedAt < RENEW_EVERY_MS && had.until - wall > MARGIN_MS)
    return true;
  const leases = useStore().entities.dialerLease;
  try {
    await leases
      .update({ tenant })
      .set({ campaignId, until: wall + TERM_MS })
      .remove(["waiting"])
      .where(
        (a, op) =>
          `${op.notExists(a.campaignId)} OR ${op.lt(a.until, wall - GRACE_MS)} OR (${op.eq(a.campaignId, campaignId)} AND (${op.notExists(a.waiting)} OR ${op.eq(a.waiting, campaignId)}))`,
      )
      .go();
    held.set(tenant, { campaignId, until: wall + TERM_MS, renewedAt: wall });
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  const { data } = await leases.get({ tenant }).go({ consistent: true });
  if (data?.campaignId === campaignId) {
    // Someone waits: not renewed, used to the end of its term.
    held.set(tenant, { campaignId, until: data.until, renewedAt: wall });
    return data.until - wall > MARGIN_MS;
  }
  held.delete(tenant);
  if (data && data.waiting !== campaignId)
    await leases
      .patch({ tenant })
      .set({ waiting: campaignId })
      .go()
      .catch((err: unknown) => {
        if (!isConditionFailure(err)) throw err;
      });
  return false;
}
